import { activityBy } from "~/lib/activity/record.server";
import type { RecoveryCodesAnswer } from "~/lib/api/two-factor";
import { renewOwnRecoveryCodes } from "~/lib/auth/account-two-factor.server";
import { PASSKEY_BODY_LIMIT, secondStepSchema } from "~/lib/auth/two-factor-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/account.recovery-codes";

/** POST { method, code | response }: ten new recovery codes replace the old ones, shown once (decision 047). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed, context }) => {
      const proof = await readJson(request, secondStepSchema, PASSKEY_BODY_LIMIT);
      const recoveryCodes = await renewOwnRecoveryCodes(request, context.ip, signed, proof);
      await activityBy(signed, context)("account.recovery_codes");
      return json({ recoveryCodes } satisfies RecoveryCodesAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
