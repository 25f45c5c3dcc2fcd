import type { ApiError } from "~/lib/http/api.server";
import type { ChallengeBinding } from "./passkey-challenges.server";
import { checkPasskey } from "./passkeys.server";
import type { SecondFactorProof } from "./two-factor-schemas";
import { checkSecondFactor } from "./two-factor.server";

/**
 * A second factor shown (decision 047): an authenticator code, a recovery code, or a passkey's
 * signature over a challenge bound to `binding` (the sign-in's step, or the member's session when they
 * confirm turning the factor off). In the shape withinSignInLimits counts: a refusal is a failed guess.
 */
export async function checkProof(
  request: Request,
  binding: ChallengeBinding,
  proof: SecondFactorProof,
): Promise<{ ok: true; value: { passkeyName: string | null } } | { ok: false; error: ApiError }> {
  if (proof.method === "passkey") {
    const checked = await checkPasskey(request, binding, proof.response);
    return checked.ok ? { ok: true, value: { passkeyName: checked.name } } : checked;
  }
  const error = await checkSecondFactor(binding.accountId, proof);
  return error ? { ok: false, error } : { ok: true, value: { passkeyName: null } };
}
