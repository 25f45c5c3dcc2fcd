import { activityBy } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import { resetMemberSecondFactor } from "~/lib/auth/team-two-factor.server";
import { findTeamMemberById } from "~/lib/auth/team.server";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/team.$id.two-factor";

/** DELETE: removes a member's second factor (lost device); they enrol again at their next sign-in if the policy asks. */
const handlers = endpoint<Route.LoaderArgs>({
  DELETE: {
    permission: "manageTeam",
    handle: async ({ params, signed, context }) => {
      const member = params.id.length <= 64 ? await findTeamMemberById(params.id) : null;
      if (!member) throw errors.notFound("Membre");
      await resetMemberSecondFactor(member.email, signed.member.email);
      await activityBy(signed, context)("team.two_factor_reset", { target: { type: "member", id: member.id, label: member.email } });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
