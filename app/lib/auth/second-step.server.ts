import { createHash, randomBytes } from "node:crypto";
import type { SecondStepPurpose } from "~/lib/db/schema";
import { runtime } from "~/lib/runtime.server";

/**
 * The "second step" between a right password and a session (decision 045): an opaque 256-bit token in
 * an HttpOnly cookie scoped to /api/auth, valid five minutes, stored hashed like sessions. It proves the
 * password only: it opens nothing but the code check (or the forced enrolment) and is deleted when used.
 */
export const SECOND_STEP_COOKIE = "sid2";
const LIFETIME_MS = 5 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

function secure(): boolean {
  return runtime().env.publicUrl.startsWith("https://");
}

export function secondStepCookie(token: string): string {
  return `${SECOND_STEP_COOKIE}=${token}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${LIFETIME_MS / 1000}${secure() ? "; Secure" : ""}`;
}

export function clearedSecondStepCookie(): string {
  return `${SECOND_STEP_COOKIE}=; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=0${secure() ? "; Secure" : ""}`;
}

function readToken(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SECOND_STEP_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

export async function createSecondStep(accountId: string, purpose: SecondStepPurpose, now = new Date()): Promise<string> {
  const { db } = runtime();
  const token = randomBytes(32).toString("base64url");
  // One step under way per account: a new password sign-in replaces the previous one.
  await db.kysely.deleteFrom("two_factor_challenges").where("account_id", "=", accountId).execute();
  await db.kysely
    .insertInto("two_factor_challenges")
    .values({ id_hash: hashToken(token), account_id: accountId, purpose, expires_at: new Date(now.getTime() + LIFETIME_MS).toISOString() })
    .execute();
  return token;
}

export interface SecondStep {
  idHash: string;
  accountId: string;
  email: string;
}

/** The live step of `purpose` behind the request's cookie, or null (an expired one is deleted). */
export async function findSecondStep(request: Request, purpose: SecondStepPurpose, now = new Date()): Promise<SecondStep | null> {
  const token = readToken(request);
  if (!token) return null;
  const { db } = runtime();
  const idHash = hashToken(token);
  const row = await db.kysely
    .selectFrom("two_factor_challenges as c")
    .innerJoin("accounts as a", "a.id", "c.account_id")
    .select(["c.account_id", "c.purpose", "c.expires_at", "a.email"])
    .where("c.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.kysely.deleteFrom("two_factor_challenges").where("id_hash", "=", idHash).execute();
    return null;
  }
  return row.purpose === purpose ? { idHash, accountId: row.account_id, email: row.email } : null;
}

/** Single use: true for the one caller that deleted it (two tabs sending a right code at once get one session). */
export async function consumeSecondStep(idHash: string): Promise<boolean> {
  const result = await runtime().db.kysely.deleteFrom("two_factor_challenges").where("id_hash", "=", idHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
