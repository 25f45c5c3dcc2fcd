import { activityBy } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import { proofDetail, turnOffOwnSecondFactor } from "~/lib/auth/account-two-factor.server";
import { PASSKEY_BODY_LIMIT, secondStepSchema } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/account.two-factor.off";

/**
 * POST { method, code | response }: the member turns their own second factor off (app, passkeys and
 * recovery codes), shown a current factor first; refused in French when the team's rule requires one.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed, context }) => {
      const proof = await readJson(request, secondStepSchema, PASSKEY_BODY_LIMIT);
      await turnOffOwnSecondFactor(request, context.ip, signed, proof);
      await activityBy(signed, context)("account.two_factor_off", { detail: proofDetail(proof.method) });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
