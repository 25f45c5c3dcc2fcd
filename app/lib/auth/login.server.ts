import { z } from "zod";
import { ApiError, errors } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { dummyHash, verifyPassword } from "./password.server";
import { createSession, deleteSession, readSessionToken } from "./session.server";
import { findAccountByEmail, findTeamMember, normalizeEmail, recordLogin, type TeamMember } from "./team.server";
import { fail, reserve, reset, settle, type Limit } from "~/lib/http/throttle.server";
import type { SecondFactorMethod } from "~/lib/api/two-factor";
import { createSecondStep } from "./second-step.server";
import { twoFactorState } from "./two-factor.server";
import { loadTwoFactorPolicy, policyCovers } from "./two-factor-policy.server";

export const loginSchema = z.object({
  email: z
    .string({ error: "l'e-mail doit être une chaîne" })
    .max(320, "e-mail trop long")
    // No address holds control characters (PostgreSQL even refuses NUL in text); a pasted tab or line
    // break around it is trimmed like any space.
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v.trim()), "caractère de contrôle interdit dans l'e-mail"),
  password: z.string({ error: "le mot de passe doit être une chaîne" }).max(1024, "mot de passe trop long"),
});

/** Per client address and per account: guessing is slow either way, and a shared office IP is not locked out by one person. */
const LOGIN_IP_LIMIT: Limit = { max: 20, windowMs: 15 * 60_000 };
const LOGIN_ACCOUNT_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

const accountKeyOf = (email: string) => `login-account:${email}`;

const INVALID_CREDENTIALS = "Identifiants de connexion invalides";

type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * One guess within the limits: the password, and the second step's code after it (decision 045), share
 * the account's and the address's counters. Failures are counted, not attempts (throttle.server.ts
 * `reserve`): parallel guesses still cannot pass the limit, and parallel right answers wait for each
 * other instead of being refused (issue 24 finding 12).
 */
export async function withinSignInLimits<T>(email: string, ip: string, attempt: () => Promise<Attempt<T>>): Promise<T> {
  const ipKey = `login-ip:${ip}`;
  const accountKey = accountKeyOf(email);
  // The address is checked first, so a blocked address cannot fill the table with one row per made-up email.
  const byIp = await reserve(ipKey, LOGIN_IP_LIMIT);
  if (!byIp.allowed) throw errors.throttled(byIp.retryAfterSeconds);
  // Each reservation is settled once: as a failure, or given back (also when something unexpected throws).
  const held = new Map<string, Limit>([[ipKey, LOGIN_IP_LIMIT]]);
  const settleAll = (failed: boolean) => Promise.all([...held].map(([key, limit]) => (held.delete(key), settle(key, limit, failed))));
  try {
    const byAccount = await reserve(accountKey, LOGIN_ACCOUNT_LIMIT);
    if (byAccount.allowed) held.set(accountKey, LOGIN_ACCOUNT_LIMIT);
    // The account's lock binds the addresses its failures came from, not everyone: five wrong passwords
    // from anywhere used to lock the owner out too. An address with no failure in its window may still
    // try; a wrong password from it is refused like the lock, and makes it an address with a failure.
    // Decision record 012 weighs this against a growing delay.
    const lockedAccount = !byAccount.allowed;
    if (lockedAccount && byIp.failures > 0) throw errors.throttled(byAccount.retryAfterSeconds);

    const result = await attempt();
    if (!result.ok) {
      await Promise.all([settleAll(true), lockedAccount ? fail(accountKey, LOGIN_ACCOUNT_LIMIT) : null]);
      if (lockedAccount) throw errors.throttled(byAccount.retryAfterSeconds);
      throw result.error;
    }
    // The right answer is not a failed guess: it counts against neither the address nor the account.
    return result.value;
  } finally {
    await settleAll(false);
  }
}

function checkPassword(email: string, password: string, ip: string) {
  return withinSignInLimits(email, ip, async () => {
    const account = email ? await findAccountByEmail(email) : undefined;
    // Unknown email or wrong password: the same work, the same message.
    const valid = await verifyPassword(password, account?.password_hash ?? (await dummyHash()));
    return account && valid ? { ok: true, value: account } : { ok: false, error: new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS) };
  });
}

export type SignInResult =
  { member: TeamMember; token: string } | { secondStep: "code"; methods: SecondFactorMethod[]; token: string } | { secondStep: "enrol"; token: string };

/**
 * The password step. A member with a second factor, or one the policy requires to have one, gets a
 * second-step token instead of a session (decision 045): the code, or the enrolment, comes next.
 */
export async function signIn(request: Request, ip: string, input: z.infer<typeof loginSchema>): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const account = await checkPassword(email, input.password, ip);
  const member = await findTeamMember(email);
  if (!member) {
    log.warn(`connexion refusée hors équipe : ${email}`);
    throw errors.notTeam();
  }
  // The account's failures are forgiven once the whole sign-in succeeds (openSession), not after the
  // password alone: re-entering the password must not give a second-step guesser a fresh budget.
  const factor = await twoFactorState(account.id);
  if (factor.enabled) {
    const methods: SecondFactorMethod[] = [...(factor.totp ? (["totp"] as const) : []), ...(factor.passkeys > 0 ? (["passkey"] as const) : [])];
    return { secondStep: "code", methods, token: await createSecondStep(account.id, "verify") };
  }
  if (policyCovers(await loadTwoFactorPolicy(), member.role)) return { secondStep: "enrol", token: await createSecondStep(account.id, "enrol") };
  return openSession(request, account.id, member);
}

/** The session at the end of a sign-in: a fresh id; whatever session the browser carried is ended. */
export async function openSession(request: Request, accountId: string, member: TeamMember): Promise<{ member: TeamMember; token: string }> {
  await reset(accountKeyOf(member.email));
  const previous = readSessionToken(request);
  if (previous) await deleteSession(previous);
  const now = new Date();
  await recordLogin(member.email, now);
  const token = await createSession(accountId, now);
  return { member: { ...member, last_login: now.toISOString() }, token };
}
