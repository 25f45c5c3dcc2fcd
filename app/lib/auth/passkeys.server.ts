import { randomUUID } from "node:crypto";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import type { z } from "zod";
import type { PasskeySummary } from "~/lib/api/two-factor";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { issueChallenge, spendChallenge, type ChallengeBinding } from "./passkey-challenges.server";
import { relyingParty } from "./relying-party.server";
import { knownTransports, type authenticationResponseSchema, type registrationResponseSchema } from "./two-factor-schemas";
import { replaceRecoveryCodes, twoFactorState } from "./two-factor.server";

/**
 * Passkeys (WebAuthn) as a second factor through @simplewebauthn/server (decision 047): a member adds
 * them from "Sécurité du compte" and signs one challenge at the sign-in's second step. The relying
 * party is the site's origin (relying-party.server.ts); no attestation is asked (we trust the member's
 * choice of authenticator, not a vendor list); user verification is preferred, not required, since the
 * password has already been checked. Every refusal is a French 400, never a 500.
 */
type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;
type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const PASSKEY_CHALLENGE_SPENT = "Cette demande de clé d'accès a déjà servi ou a expiré\u202f: recommencez.";
export const PASSKEY_UNKNOWN = "Cette clé d'accès n'est pas enregistrée pour ce compte.";
export const PASSKEY_OTHER_ORIGIN = "Clé d'accès refusée\u202f: elle a été utilisée depuis une autre adresse que ce site.";
export const PASSKEY_COUNTER = "Clé d'accès refusée\u202f: son compteur est revenu en arrière (la clé a peut-être été copiée).";
export const PASSKEY_INVALID = "Clé d'accès refusée\u202f: sa signature ne correspond pas.";
const UNREADABLE = "Réponse de la clé d'accès illisible.";

/** @simplewebauthn/server is loaded by the first passkey request, not by every server start (0.2 s of CPU). */
const webauthn = () => import("@simplewebauthn/server");

const refused = (code: string, message: string) => new ApiError(400, code, message);

/** The challenge a response was signed over, read from its client data before anything else is trusted. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    return typeof data === "object" && data !== null && "challenge" in data && typeof data.challenge === "string" ? data.challenge : null;
  } catch {
    return null;
  }
}

/** The library's refusal (an Error whose message names the check) in the member's words. */
function refusalOf(e: unknown): ApiError {
  const message = e instanceof Error ? e.message : "";
  if (/origin/i.test(message)) return refused("passkey_origin", PASSKEY_OTHER_ORIGIN);
  if (/RP ?ID/i.test(message)) return refused("passkey_origin", PASSKEY_OTHER_ORIGIN);
  if (/counter/i.test(message)) return refused("passkey_counter", PASSKEY_COUNTER);
  log.info(`clé d'accès refusée : ${message.slice(0, 200)}`);
  return refused("passkey_invalid", PASSKEY_INVALID);
}

const summary = (r: { id: string; name: string; created_at: string; last_used_at: string | null }): PasskeySummary => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export async function listPasskeys(accountId: string): Promise<PasskeySummary[]> {
  const rows = await runtime()
    .db.kysely.selectFrom("two_factor_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
  return rows.map(summary);
}

const transportsOf = (stored: string) => {
  try {
    return knownTransports(JSON.parse(stored));
  } catch {
    return [];
  }
};

/** The member's user handle: their account id's bytes (no e-mail address inside an authenticator's records). */
const userHandleOf = (accountId: string) => new Uint8Array(Buffer.from(accountId, "utf8"));

/** Options for navigator.credentials.create(), its challenge bound to the member's session. */
export async function registrationOptions(
  request: Request,
  member: { accountId: string; email: string; sessionHash: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(request);
  const existing = await runtime()
    .db.kysely.selectFrom("two_factor_passkeys")
    .select(["credential_id", "transports"])
    .where("account_id", "=", member.accountId)
    .execute();
  const challenge = await issueChallenge({ accountId: member.accountId, purpose: "register", boundTo: member.sessionHash });
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: member.email,
    userDisplayName: member.email,
    userID: userHandleOf(member.accountId),
    challenge: new Uint8Array(Buffer.from(challenge, "base64url")),
    attestationType: "none",
    excludeCredentials: existing.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    timeout: 5 * 60_000,
  });
}

/**
 * Checks the browser's answer to those options and keeps the credential. The first second factor of an
 * account also gets its ten recovery codes (returned once), as an authenticator app's enrolment does.
 */
export async function addPasskey(
  request: Request,
  member: { accountId: string; sessionHash: string },
  input: { name: string; response: RegistrationResponse },
): Promise<{ passkey: PasskeySummary; recoveryCodes: string[] | null }> {
  const { kysely } = runtime().db;
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge) throw refused("invalid_input", UNREADABLE);
  if (!(await spendChallenge(challenge, { accountId: member.accountId, purpose: "register", boundTo: member.sessionHash })))
    throw refused("passkey_challenge", PASSKEY_CHALLENGE_SPENT);
  const rp = relyingParty(request);
  const { verifyRegistrationResponse } = await webauthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch (e) {
    throw refusalOf(e);
  }
  if (!verification.verified || !verification.registrationInfo) throw refused("passkey_invalid", PASSKEY_INVALID);
  const { credential } = verification.registrationInfo;
  const taken = await kysely.selectFrom("two_factor_passkeys").select("id").where("credential_id", "=", credential.id).executeTakeFirst();
  if (taken) throw new ApiError(409, "conflict", "Cette clé d'accès est déjà enregistrée.");
  const hadFactor = (await twoFactorState(member.accountId)).enabled;
  const row = {
    id: randomUUID(),
    account_id: member.accountId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: JSON.stringify(knownTransports(input.response.response.transports ?? credential.transports ?? [])),
    rp_id: rp.rpID,
    name: input.name,
    created_at: new Date().toISOString(),
    last_used_at: null,
  };
  const recoveryCodes = await kysely.transaction().execute(async (trx) => {
    await trx.insertInto("two_factor_passkeys").values(row).execute();
    return hadFactor ? null : replaceRecoveryCodes(trx, member.accountId);
  });
  return { passkey: summary(row), recoveryCodes };
}

/** Options for navigator.credentials.get(): the account's passkeys, a challenge bound to `binding`. */
export async function assertionOptions(request: Request, binding: ChallengeBinding): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await runtime()
    .db.kysely.selectFrom("two_factor_passkeys")
    .select(["credential_id", "transports"])
    .where("account_id", "=", binding.accountId)
    .execute();
  if (keys.length === 0) throw new ApiError(409, "no_passkey", "Aucune clé d'accès n'est enregistrée pour ce compte.");
  const challenge = await issueChallenge(binding);
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    challenge: new Uint8Array(Buffer.from(challenge, "base64url")),
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
    userVerification: "preferred",
    timeout: 5 * 60_000,
  });
}

/**
 * An assertion as a second factor: its challenge spent first (a replay finds nothing, even with a valid
 * signature), the credential looked up within the account only, then origin, RP ID, signature and the
 * counter checked by the library; the new counter is stored by a conditional update, so two requests
 * carrying one counter value cannot both pass. Returns the passkey's name, or the refusal.
 */
export async function checkPasskey(
  request: Request,
  binding: ChallengeBinding,
  response: AuthenticationResponse,
): Promise<{ ok: true; name: string } | { ok: false; error: ApiError }> {
  const { kysely } = runtime().db;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return { ok: false, error: refused("invalid_input", UNREADABLE) };
  if (!(await spendChallenge(challenge, binding))) return { ok: false, error: refused("passkey_challenge", PASSKEY_CHALLENGE_SPENT) };
  const key = await kysely
    .selectFrom("two_factor_passkeys")
    .selectAll()
    .where("account_id", "=", binding.accountId)
    .where("credential_id", "=", response.id)
    .executeTakeFirst();
  if (!key || response.rawId !== response.id) return { ok: false, error: refused("passkey_unknown", PASSKEY_UNKNOWN) };
  const rp = relyingParty(request);
  const { verifyAuthenticationResponse } = await webauthn();
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      // The domain the passkey was made for: a change of PUBLIC_URL's host does not make it sign for another.
      expectedRPID: key.rp_id,
      credential: {
        id: key.credential_id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: Number(key.counter),
        transports: transportsOf(key.transports),
      },
      requireUserVerification: false,
    });
  } catch (e) {
    return { ok: false, error: refusalOf(e) };
  }
  if (!verification.verified) return { ok: false, error: refused("passkey_invalid", PASSKEY_INVALID) };
  const moved = await kysely
    .updateTable("two_factor_passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
    .where("id", "=", key.id)
    .where("counter", "=", Number(key.counter))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, error: refused("passkey_counter", PASSKEY_COUNTER) };
  return { ok: true, name: key.name };
}

export async function renamePasskey(accountId: string, id: string, name: string): Promise<PasskeySummary | null> {
  const { kysely } = runtime().db;
  await kysely.updateTable("two_factor_passkeys").set({ name }).where("id", "=", id).where("account_id", "=", accountId).execute();
  const row = await kysely
    .selectFrom("two_factor_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row ? summary(row) : null;
}

/**
 * Removes one passkey. When it was the account's last second factor, the policy is asked first (a member
 * it covers keeps one), and the recovery codes go with it: they were codes of a factor that is gone.
 */
export async function removePasskey(accountId: string, id: string, required: boolean): Promise<{ name: string } | null> {
  const { kysely } = runtime().db;
  const key = await kysely.selectFrom("two_factor_passkeys").select(["id", "name"]).where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst();
  if (!key) return null;
  const state = await twoFactorState(accountId);
  const last = !state.totp && state.passkeys <= 1;
  if (last && required)
    throw new ApiError(
      409,
      "two_factor_required",
      "La double authentification est obligatoire pour votre compte\u202f: ajoutez une autre clé d'accès ou une application d'authentification avant de supprimer celle-ci.",
    );
  await kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("two_factor_passkeys").where("id", "=", id).where("account_id", "=", accountId).execute();
    if (last) await trx.deleteFrom("two_factor_recovery_codes").where("account_id", "=", accountId).execute();
  });
  return { name: key.name };
}
