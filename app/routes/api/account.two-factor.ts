import type { EnrolmentAnswer, RecoveryCodesAnswer, TwoFactorStatusAnswer } from "~/lib/api/two-factor";
import { confirmCodeSchema } from "~/lib/auth/two-factor-schemas";
import { loadTwoFactorPolicy, policyCovers } from "~/lib/auth/two-factor-policy.server";
import { confirmEnrolment, startEnrolment, twoFactorState } from "~/lib/auth/two-factor.server";
import { listPasskeys } from "~/lib/auth/passkeys.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { z } from "zod";
import type { Route } from "./+types/account.two-factor";

/** The signed-in member's own second factor ("Sécurité du compte"): its state, and the enrolment. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ signed }) => {
      const state = await twoFactorState(signed.session.accountId);
      const answer: TwoFactorStatusAnswer = {
        enabled: state.enabled,
        totp: state.totp,
        passkeys: await listPasskeys(signed.session.accountId),
        recoveryCodesLeft: state.recoveryCodesLeft,
        required: policyCovers(await loadTwoFactorPolicy(), signed.member.role),
      };
      return json(answer);
    },
  },
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      await readJson(request, z.object({}).strict(), 1024);
      return json((await startEnrolment(signed.session.accountId, signed.session.email)) satisfies EnrolmentAnswer);
    },
  },
  PUT: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const { code } = await readJson(request, confirmCodeSchema, 1024);
      const result = await confirmEnrolment(signed.session.accountId, code);
      if (!result.ok) throw result.error;
      return json({ recoveryCodes: result.recoveryCodes } satisfies RecoveryCodesAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
