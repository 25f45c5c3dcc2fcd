import { randomUUID } from "node:crypto";
import type { TeamMember } from "~/lib/api/team";
import { sql, type Transaction } from "kysely";
import type { Database, Role } from "~/lib/db/schema";
import { runtime } from "~/lib/runtime.server";
import { hashPassword } from "./password.server";
import { deleteSessionsOf } from "./session.server";

/** Emails are compared in one form: NFKC, trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.normalize("NFKC").trim().toLowerCase();
}

export type { TeamMember };

export { ROLES } from "./roles";

export async function findTeamMember(email: string): Promise<TeamMember | null> {
  const row = await runtime().db.kysely.selectFrom("team_members").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row ?? null;
}

export async function listTeam(): Promise<TeamMember[]> {
  return runtime().db.kysely.selectFrom("team_members").selectAll().orderBy("created_at").execute();
}

export async function countTeam(): Promise<number> {
  const row = await runtime()
    .db.kysely.selectFrom("team_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findAccountByEmail(email: string) {
  return runtime().db.kysely.selectFrom("accounts").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/** Creates the account (or replaces its password) and the team record, in one transaction. */
export async function addTeamMember(email: string, role: Role, password: string): Promise<TeamMember> {
  const e = normalizeEmail(email);
  const now = new Date().toISOString();
  const hash = await hashPassword(password);
  const { kysely } = runtime().db;
  try {
    return await kysely.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("team_members").select("id").where("email", "=", e).executeTakeFirst();
      if (existing) throw new TeamRuleError("already_member", ALREADY_MEMBER_MESSAGE);
      const account = await trx.selectFrom("accounts").select("id").where("email", "=", e).executeTakeFirst();
      if (account) await trx.updateTable("accounts").set({ password_hash: hash, updated_at: now }).where("id", "=", account.id).execute();
      else await trx.insertInto("accounts").values({ id: randomUUID(), email: e, password_hash: hash, created_at: now, updated_at: now }).execute();
      const member: TeamMember = { id: randomUUID(), email: e, role, created_at: now, last_login: null };
      await trx.insertInto("team_members").values(member).execute();
      return member;
    });
  } catch (err) {
    // Two simultaneous additions of one person both pass the check above; the unique email decides.
    throw isUniqueViolation(err) ? new TeamRuleError("already_member", ALREADY_MEMBER_MESSAGE) : err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

export async function findTeamMemberById(id: string): Promise<TeamMember | null> {
  return (await runtime().db.kysely.selectFrom("team_members").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

async function endSessionsOfEmail(email: string) {
  const account = await findAccountByEmail(email);
  if (account) await deleteSessionsOf(account.id);
}

/**
 * The team's rules, enforced here so the API and the `npm run team` command obey the same ones:
 * the team always keeps at least one admin. Checked inside the write transaction that removes the
 * admin, with the team locked (SQLite: BEGIN IMMEDIATE holds the write lock; PostgreSQL: an advisory
 * lock), so two admins removing each other at the same instant cannot both succeed.
 */
export class TeamRuleError extends Error {
  constructor(
    public code: "last_admin" | "not_found" | "self_removal" | "already_member",
    message: string,
  ) {
    super(message);
  }
}
const LAST_ADMIN_MESSAGE = "L'équipe doit garder au moins un administrateur.";
const ALREADY_MEMBER_MESSAGE = "Cette personne fait déjà partie de l'équipe.";
const SELF_REMOVAL_MESSAGE = "Vous ne pouvez pas vous retirer vous-même de l'équipe.";
/** Any fixed 64-bit number: the advisory lock's name for "the team" (PostgreSQL only). */
const TEAM_LOCK = 720_514_001;

async function lockedTeamTransaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const { kysely, engine } = runtime().db;
  return kysely.transaction().execute(async (trx) => {
    if (engine === "postgres") await sql`select pg_advisory_xact_lock(${TEAM_LOCK})`.execute(trx);
    return fn(trx);
  });
}

/** Re-reads the member inside the lock and refuses a change that would leave no admin. */
async function checkAdminRemains(trx: Transaction<Database>, member: TeamMember, losesAdmin: (current: TeamMember) => boolean): Promise<TeamMember> {
  const current = await trx.selectFrom("team_members").selectAll().where("id", "=", member.id).executeTakeFirst();
  if (!current) throw new TeamRuleError("not_found", "Membre introuvable.");
  if (current.role === "admin" && losesAdmin(current)) {
    const others = await trx
      .selectFrom("team_members")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "admin")
      .where("id", "!=", member.id)
      .executeTakeFirst();
    if (Number(others?.n ?? 0) < 1) throw new TeamRuleError("last_admin", LAST_ADMIN_MESSAGE);
  }
  return current;
}

export async function changeRole(member: TeamMember, role: Role): Promise<TeamMember> {
  const updated = await lockedTeamTransaction(async (trx) => {
    const current = await checkAdminRemains(trx, member, () => role !== "admin");
    await trx.updateTable("team_members").set({ role }).where("id", "=", member.id).execute();
    return { ...current, role };
  });
  await endSessionsOfEmail(member.email);
  return updated;
}

export async function resetPassword(email: string, password: string): Promise<boolean> {
  const account = await findAccountByEmail(email);
  if (!account) return false;
  await runtime()
    .db.kysely.updateTable("accounts")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("id", "=", account.id)
    .execute();
  await deleteSessionsOf(account.id);
  return true;
}

/**
 * Removes the team record and the account (its sessions go with it); never the last admin, and never
 * the member asking (`by`: the API passes the signed-in member; the command line acts as the operator).
 */
export async function removeTeamMember(member: TeamMember, by?: { id: string }): Promise<void> {
  if (by && by.id === member.id) throw new TeamRuleError("self_removal", SELF_REMOVAL_MESSAGE);
  await lockedTeamTransaction(async (trx) => {
    await checkAdminRemains(trx, member, () => true);
    await trx.deleteFrom("team_members").where("id", "=", member.id).execute();
    const account = await trx.selectFrom("accounts").select("id").where("email", "=", member.email).executeTakeFirst();
    if (account) {
      await trx.deleteFrom("sessions").where("account_id", "=", account.id).execute();
      await trx.deleteFrom("accounts").where("id", "=", account.id).execute();
    }
  });
}

export async function recordLogin(email: string, now = new Date()): Promise<void> {
  await runtime().db.kysely.updateTable("team_members").set({ last_login: now.toISOString() }).where("email", "=", normalizeEmail(email)).execute();
}
