import { randomBytes } from "node:crypto";
import type { PasskeyChallengePurpose } from "~/lib/db/schema";
import { runtime } from "~/lib/runtime.server";

/**
 * WebAuthn challenges (decision 047): 32 random bytes handed to the browser, kept server-side five
 * minutes, bound to what asked for them (the member's session to add a passkey or confirm a change,
 * the second step's token at sign-in) and spent by one conditional delete, so an assertion signed over
 * one serves once, from the browser session it was made for.
 */
const LIFETIME_MS = 5 * 60_000;

export interface ChallengeBinding {
  accountId: string;
  purpose: PasskeyChallengePurpose;
  /** Hash of the session or second-step token that asked. */
  boundTo: string;
}

export async function issueChallenge(binding: ChallengeBinding, now = new Date()): Promise<string> {
  const { kysely } = runtime().db;
  const challenge = randomBytes(32).toString("base64url");
  // Expired challenges go (anyone's), and an earlier one for the same purpose is replaced by this one.
  await kysely.deleteFrom("two_factor_passkey_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await kysely.deleteFrom("two_factor_passkey_challenges").where("bound_to", "=", binding.boundTo).where("purpose", "=", binding.purpose).execute();
  await kysely
    .insertInto("two_factor_passkey_challenges")
    .values({
      challenge,
      account_id: binding.accountId,
      purpose: binding.purpose,
      bound_to: binding.boundTo,
      expires_at: new Date(now.getTime() + LIFETIME_MS).toISOString(),
    })
    .execute();
  return challenge;
}

/** True for the one caller that deleted a live challenge with this binding; a replay, a stranger's or an expired one: false. */
export async function spendChallenge(challenge: string, binding: ChallengeBinding, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return false;
  const spent = await runtime()
    .db.kysely.deleteFrom("two_factor_passkey_challenges")
    .where("challenge", "=", challenge)
    .where("account_id", "=", binding.accountId)
    .where("purpose", "=", binding.purpose)
    .where("bound_to", "=", binding.boundTo)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(spent.numDeletedRows) === 1;
}
