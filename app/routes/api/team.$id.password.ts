import { activityBy } from "~/lib/activity/record.server";
import type { PasswordResetAnswer } from "~/lib/api/team";
import { generatePassword } from "~/lib/auth/password.server";
import { resetPasswordSchema } from "~/lib/auth/team-schemas";
import { findTeamMemberById, resetPassword } from "~/lib/auth/team.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/team.$id.password";

/** Sets a new password (generated and returned once when none is given) and ends the member's sessions. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "manageTeam",
    handle: async ({ request, params, signed, context }) => {
      const member = params.id.length <= 64 ? await findTeamMemberById(params.id) : null;
      if (!member) throw errors.notFound("Membre");
      const input = await readJson(request, resetPasswordSchema);
      const password = input.password ?? generatePassword();
      if (!(await resetPassword(member.email, password))) throw errors.notFound("Compte");
      await activityBy(signed, context)("team.password_reset", { target: { type: "member", id: member.id, label: member.email } });
      return json({ ok: true, ...(input.password ? {} : { password }) } satisfies PasswordResetAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
