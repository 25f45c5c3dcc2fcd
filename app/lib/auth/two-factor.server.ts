import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes.server";
import { isSealed, open, seal } from "./secret-box.server";
import { enrolmentPicture, newTotpSecret, totpTimeStep } from "./totp.server";

/**
 * An account's second factor (decision 045): the authenticator secret, its replay guard and the recovery
 * codes. Shared by the member's own screen, the forced enrolment after the password, the team screen's
 * reset and `npm run team -- reset-2fa`.
 */
export const WRONG_CODE = "Code incorrect.";
export const CODE_ALREADY_USED = "Ce code a déjà servi. Attendez le suivant dans l'application.";
export const RECOVERY_ALREADY_USED = "Ce code de secours a déjà servi.";

export interface TwoFactorState {
  /** An authenticator app or at least one passkey: the password alone no longer opens a session. */
  enabled: boolean;
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function twoFactorState(accountId: string): Promise<TwoFactorState> {
  const { kysely } = runtime().db;
  const row = await kysely.selectFrom("two_factor").select("confirmed_at").where("account_id", "=", accountId).executeTakeFirst();
  const keys = await kysely
    .selectFrom("two_factor_passkeys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  const left = await kysely
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  const totp = !!row?.confirmed_at;
  const passkeys = Number(keys?.n ?? 0);
  const enabled = totp || passkeys > 0;
  return { enabled, totp, passkeys, recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0 };
}

export const hasSecondFactor = async (accountId: string) => (await twoFactorState(accountId)).enabled;

/** Account ids with a second factor, an app or a passkey (the team screen's column, the policy). */
export async function accountsWithSecondFactor(): Promise<Set<string>> {
  const { kysely } = runtime().db;
  const apps = await kysely.selectFrom("two_factor").select("account_id").where("confirmed_at", "is not", null).execute();
  const keys = await kysely.selectFrom("two_factor_passkeys").select("account_id").distinct().execute();
  return new Set([...apps, ...keys].map((r) => r.account_id));
}

/** The authenticator secret was sealed under another installation's key (a backup restored without APP_SECRET). */
const otherKey = () =>
  new ApiError(
    409,
    "secret_unreadable",
    "Le code ne peut pas être vérifié sur cette installation : sa clé de chiffrement (APP_SECRET) n'est pas celle qui a protégé votre secret. Utilisez une clé d'accès ou un code de secours, ou demandez à un administrateur de réinitialiser votre double authentification.",
  );

/** The clear secret of a row; a secret stored before sealing is sealed on the way (decision 047). */
async function secretOf(accountId: string, stored: string): Promise<string> {
  const opened = open(stored, accountId);
  if (!opened.ok) {
    log.error(`secret d'authentification illisible (${opened.reason === "other_key" ? "clé d'une autre installation" : "valeur abîmée"})`);
    throw otherKey();
  }
  if (!isSealed(stored)) {
    await runtime()
      .db.kysely.updateTable("two_factor")
      .set({ secret: seal(opened.plain, accountId) })
      .where("account_id", "=", accountId)
      .where("secret", "=", stored)
      .execute();
  }
  return opened.plain;
}

/** Boot: every secret still in clear (stored before decision 047, or restored from an older backup) is sealed. */
export async function sealClearTotpSecrets(): Promise<number> {
  const { kysely } = runtime().db;
  const rows = await kysely.selectFrom("two_factor").select(["account_id", "secret"]).execute();
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.secret)) continue;
    const done = await kysely
      .updateTable("two_factor")
      .set({ secret: seal(row.secret, row.account_id) })
      .where("account_id", "=", row.account_id)
      .where("secret", "=", row.secret)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  if (sealed) log.info(`${sealed} secret(s) d'authentification chiffré(s) au repos`);
  return sealed;
}

/** A new secret, not yet a second factor: it becomes one when a first code matches (confirmEnrolment). */
export async function startEnrolment(accountId: string, email: string) {
  const { kysely } = runtime().db;
  if ((await twoFactorState(accountId)).totp) throw new ApiError(409, "conflict", "L'application d'authentification est déjà active sur ce compte.");
  const secret = await newTotpSecret();
  await kysely.deleteFrom("two_factor").where("account_id", "=", accountId).execute();
  await kysely
    .insertInto("two_factor")
    .values({ account_id: accountId, secret: seal(secret, accountId), confirmed_at: null, last_time_step: null, created_at: new Date().toISOString() })
    .execute();
  return { secret, ...(await enrolmentPicture(email, secret)) };
}

type Db = Kysely<Database> | Transaction<Database>;

/** Ten new recovery codes replace the old ones (returned once, stored hashed). */
export async function replaceRecoveryCodes(db: Db, accountId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom("two_factor_recovery_codes").where("account_id", "=", accountId).execute();
  await db
    .insertInto("two_factor_recovery_codes")
    .values(codes.map((c) => ({ id: randomUUID(), account_id: accountId, code_hash: hashRecoveryCode(c), used_at: null })))
    .execute();
  return codes;
}

/** Checks the first code against the pending secret; the factor is on and ten recovery codes are made (returned once). */
export async function confirmEnrolment(accountId: string, code: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: ApiError }> {
  const { kysely } = runtime().db;
  const row = await kysely.selectFrom("two_factor").select(["secret", "confirmed_at"]).where("account_id", "=", accountId).executeTakeFirst();
  if (!row || row.confirmed_at) return { ok: false, error: new ApiError(409, "conflict", "Aucune activation en cours : recommencez depuis le début.") };
  const step = await totpTimeStep(await secretOf(accountId, row.secret), code);
  if (step === null) return { ok: false, error: new ApiError(400, "invalid_code", WRONG_CODE) };
  const recoveryCodes = await kysely.transaction().execute(async (trx) => {
    await trx.updateTable("two_factor").set({ confirmed_at: new Date().toISOString(), last_time_step: step }).where("account_id", "=", accountId).execute();
    return replaceRecoveryCodes(trx, accountId);
  });
  return { ok: true, recoveryCodes };
}

export type SecondFactorInput = { method: "totp" | "recovery"; code: string };

/**
 * The second step's check: null when the code is right (and now spent), else the refusal. A code's time
 * step is recorded with a conditional update, so two requests with one code cannot both pass.
 */
export async function checkSecondFactor(accountId: string, input: SecondFactorInput): Promise<ApiError | null> {
  const { kysely } = runtime().db;
  if (input.method === "recovery") {
    const hash = hashRecoveryCode(input.code);
    const used = await kysely
      .updateTable("two_factor_recovery_codes")
      .set({ used_at: new Date().toISOString() })
      .where("account_id", "=", accountId)
      .where("code_hash", "=", hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) return null;
    const spent = await kysely
      .selectFrom("two_factor_recovery_codes")
      .select("id")
      .where("account_id", "=", accountId)
      .where("code_hash", "=", hash)
      .executeTakeFirst();
    return new ApiError(400, "invalid_code", spent ? RECOVERY_ALREADY_USED : WRONG_CODE);
  }
  const row = await kysely.selectFrom("two_factor").select(["secret", "confirmed_at"]).where("account_id", "=", accountId).executeTakeFirst();
  if (!row?.confirmed_at) return new ApiError(400, "invalid_code", WRONG_CODE);
  const step = await totpTimeStep(await secretOf(accountId, row.secret), input.code);
  if (step === null) return new ApiError(400, "invalid_code", WRONG_CODE);
  const taken = await kysely
    .updateTable("two_factor")
    .set({ last_time_step: step })
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("last_time_step", "is", null), eb("last_time_step", "<", step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? null : new ApiError(400, "code_already_used", CODE_ALREADY_USED);
}

/** Removes the second factor (lost device, or the member's own choice): the secret, the passkeys, the recovery codes and any step under way. */
export async function resetSecondFactor(accountId: string): Promise<boolean> {
  const { kysely } = runtime().db;
  return kysely.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("two_factor").where("account_id", "=", accountId).executeTakeFirst();
    const keys = await trx.deleteFrom("two_factor_passkeys").where("account_id", "=", accountId).executeTakeFirst();
    await trx.deleteFrom("two_factor_recovery_codes").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("two_factor_challenges").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("two_factor_passkey_challenges").where("account_id", "=", accountId).execute();
    return Number(removed.numDeletedRows) + Number(keys.numDeletedRows) > 0;
  });
}
