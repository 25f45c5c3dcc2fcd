import { ApiError } from "~/lib/http/api.server";
import { runtime } from "~/lib/runtime.server";
import { withinSignInLimits } from "./login.server";
import { assertionOptions } from "./passkeys.server";
import type { Signed } from "./permissions.server";
import { checkProof } from "./second-factor-proof.server";
import type { SecondFactorProof } from "./two-factor-schemas";
import { loadTwoFactorPolicy, policyCovers } from "./two-factor-policy.server";
import { replaceRecoveryCodes, resetSecondFactor, twoFactorState } from "./two-factor.server";

/**
 * The member's own second factor beyond enrolment (decision 047): turning it off and renewing the
 * recovery codes. A session alone is not enough for either (a borrowed laptop must not remove the
 * factor or print new codes): a current code, a recovery code or a passkey is asked, under the same
 * throttle as the sign-in, so the session cannot be used to guess codes either.
 */
export const REQUIRED_BY_POLICY =
  "La double authentification est obligatoire pour votre compte (règle de l'équipe)\u202f: elle ne peut pas être désactivée. Un administrateur peut la réinitialiser si vous avez perdu votre appareil.";
const NOT_ENABLED = () => new ApiError(409, "conflict", "La double authentification n'est pas active sur ce compte.");

const bindingOf = (signed: Signed) => ({ accountId: signed.session.accountId, purpose: "confirm" as const, boundTo: signed.session.idHash });

/** The challenge a passkey signs to confirm one of these changes, bound to the member's session. */
export const confirmationOptions = (request: Request, signed: Signed) => assertionOptions(request, bindingOf(signed));

async function proven(request: Request, ip: string, signed: Signed, proof: SecondFactorProof) {
  if (!(await twoFactorState(signed.session.accountId)).enabled) throw NOT_ENABLED();
  return withinSignInLimits(signed.session.email, ip, () => checkProof(request, bindingOf(signed), proof));
}

export async function turnOffOwnSecondFactor(request: Request, ip: string, signed: Signed, proof: SecondFactorProof): Promise<void> {
  // Asked before the proof: a refusal by the rule spends no code.
  if (policyCovers(await loadTwoFactorPolicy(), signed.member.role)) throw new ApiError(409, "two_factor_required", REQUIRED_BY_POLICY);
  await proven(request, ip, signed, proof);
  await resetSecondFactor(signed.session.accountId);
}

export async function renewOwnRecoveryCodes(request: Request, ip: string, signed: Signed, proof: SecondFactorProof): Promise<string[]> {
  await proven(request, ip, signed, proof);
  return runtime()
    .db.kysely.transaction()
    .execute((trx) => replaceRecoveryCodes(trx, signed.session.accountId));
}

/** How the change was confirmed, as the activity log says it. */
export const proofDetail = (method: SecondFactorProof["method"]) =>
  method === "passkey" ? "confirmé par une clé d'accès" : method === "recovery" ? "confirmé par un code de secours" : "confirmé par un code d'authentification";
