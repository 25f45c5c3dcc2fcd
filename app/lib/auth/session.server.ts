import { createHash, randomBytes } from "node:crypto";
import { runtime } from "~/lib/runtime.server";

/**
 * Server-side sessions: a 256-bit random token in an httpOnly, SameSite=Lax cookie; only its SHA-256
 * is stored. A new token at each sign-in, deleted at sign-out, ended after inactivity.
 */
export const SESSION_COOKIE = "sid";
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      // Tokens are 43 base64url characters; anything else is not ours.
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

function secure(): boolean {
  return runtime().env.publicUrl.startsWith("https://");
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure() ? "; Secure" : ""}`;
}

export async function createSession(accountId: string, now = new Date()): Promise<string> {
  const { env, db } = runtime();
  const token = randomBytes(32).toString("base64url");
  const iso = now.toISOString();
  await db.kysely
    .insertInto("sessions")
    .values({
      id_hash: hashToken(token),
      account_id: accountId,
      created_at: iso,
      last_seen_at: iso,
      expires_at: new Date(now.getTime() + env.SESSION_MAX_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

export interface SessionRow {
  idHash: string;
  accountId: string;
  email: string;
}

/** The live session behind a token, or null when unknown, expired or idle too long (then it is deleted). */
export async function findSession(token: string, now = new Date()): Promise<SessionRow | null> {
  const { env, db } = runtime();
  const idHash = hashToken(token);
  const row = await db.kysely
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .select(["s.id_hash", "s.account_id", "s.last_seen_at", "s.expires_at", "a.email"])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const idleLimit = now.getTime() - env.SESSION_IDLE_MINUTES * 60_000;
  if (row.expires_at <= now.toISOString() || new Date(row.last_seen_at).getTime() < idleLimit) {
    await db.kysely.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.kysely.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
  }
  return { idHash, accountId: row.account_id, email: row.email };
}

export async function deleteSession(token: string): Promise<void> {
  await runtime().db.kysely.deleteFrom("sessions").where("id_hash", "=", hashToken(token)).execute();
}

/** Ends every session of an account at once (removal, role change, password reset). */
export async function deleteSessionsOf(accountId: string): Promise<void> {
  await runtime().db.kysely.deleteFrom("sessions").where("account_id", "=", accountId).execute();
}
