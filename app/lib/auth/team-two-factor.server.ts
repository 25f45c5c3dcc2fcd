import type { TwoFactorPolicy } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import type { Signed } from "./permissions.server";
import { deleteSessionsOf } from "./session.server";
import { findAccountByEmail, listTeam } from "./team.server";
import { loadTwoFactorPolicy, policyCovers, saveTwoFactorPolicy } from "./two-factor-policy.server";
import { accountsWithSecondFactor, resetSecondFactor } from "./two-factor.server";

/** The team screen's and the CLI's side of two-factor sign-in (decision 045). */
async function accountIdsByEmail(): Promise<Map<string, string>> {
  const rows = await runtime().db.kysely.selectFrom("accounts").select(["id", "email"]).execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function twoFactorOfTeam(): Promise<{ policy: TwoFactorPolicy; enrolled: string[] }> {
  const [team, accounts, withFactor, policy] = await Promise.all([listTeam(), accountIdsByEmail(), accountsWithSecondFactor(), loadTwoFactorPolicy()]);
  return { policy, enrolled: team.filter((m) => withFactor.has(accounts.get(m.email) ?? "")).map((m) => m.id) };
}

/**
 * A stricter policy applies at once: the sessions of the members it now covers who have no second factor
 * end, so they enrol at their next sign-in. The admin setting it must have one first if it covers them,
 * else they would sign themselves out.
 */
export async function setTwoFactorPolicy(policy: TwoFactorPolicy, by: Signed): Promise<void> {
  const withFactor = await accountsWithSecondFactor();
  if (policyCovers(policy, by.member.role) && !withFactor.has(by.session.accountId))
    throw new ApiError(409, "conflict", "Activez d'abord la double authentification sur votre propre compte (Sécurité du compte).");
  await saveTwoFactorPolicy(policy);
  const accounts = await accountIdsByEmail();
  for (const member of await listTeam()) {
    const id = accounts.get(member.email);
    if (id && policyCovers(policy, member.role) && !withFactor.has(id)) await deleteSessionsOf(id);
  }
  log.info(`double authentification exigée : ${policy} (par ${by.member.email})`);
}

/** Lost device: the member's second factor is removed (by an admin, or by the operator on the command line). */
export async function resetMemberSecondFactor(email: string, by: string): Promise<void> {
  const account = await findAccountByEmail(email);
  if (!account) throw errors.notFound("Compte");
  await resetSecondFactor(account.id);
  log.info(`double authentification réinitialisée pour ${account.email} (par ${by})`);
}
