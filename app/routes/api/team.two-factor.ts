import { activityBy } from "~/lib/activity/record.server";
import type { TwoFactorTeamAnswer } from "~/lib/api/two-factor";
import { setTwoFactorPolicy, twoFactorOfTeam } from "~/lib/auth/team-two-factor.server";
import { twoFactorPolicySchema } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/team.two-factor";

/** The team's second factors: who has one, and the site's policy (GET, PUT { policy }). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "manageTeam", handle: async () => json((await twoFactorOfTeam()) satisfies TwoFactorTeamAnswer) },
  PUT: {
    permission: "manageTeam",
    handle: async ({ request, signed, context }) => {
      const { policy } = await readJson(request, twoFactorPolicySchema, 1024);
      await setTwoFactorPolicy(policy, signed);
      await activityBy(signed, context)("team.two_factor_policy", { detail: policy });
      return json((await twoFactorOfTeam()) satisfies TwoFactorTeamAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
