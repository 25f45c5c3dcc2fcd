import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sessionCookieOf, setCookies, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";
import { codeAt, secondStepCookieOf } from "../support/two-factor";
import { team } from "../support/team-cli";

/**
 * Two-factor sign-in (issue 25 §6, decision 045): enrolment, the second step with an authenticator code
 * (computed here from the secret the server showed) or a recovery code, replays refused, the throttle
 * over the second step, the policy forcing enrolment, an admin's reset and the command line's.
 */
const ENGINES = await engines();

describe.each(ENGINES)("two-factor sign-in on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let n = 0;
  /** A new editor signed in, on a source address of its own (the throttle counts per address too). */
  async function freshMember(role: "admin" | "editor" = "editor") {
    n++;
    const m = await addMember(server, admin, `membre${n}@archimed.test`, role, `mot-de-passe-${n}-solide`);
    const from = `127.0.${engine === "sqlite" ? 10 : 20}.${n}`;
    return { ...m, from, cookie: await login(server, m.email, m.password, from) };
  }
  /** Enrols through "Sécurité du compte"; returns the secret and the recovery codes. */
  async function enrol(cookie: string) {
    const started = await call(server, "POST", "/api/account/two-factor", { cookie, body: {} });
    expect(started.status, started.text).toBe(200);
    expect(started.json.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.json.uri).toContain(`secret=${started.json.secret}`);
    const secret = started.json.secret as string;
    const confirmed = await call(server, "PUT", "/api/account/two-factor", { cookie, body: { code: await codeAt(secret) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    return { secret, recoveryCodes: confirmed.json.recoveryCodes as string[] };
  }
  async function passwordStep(m: { email: string; password: string; from: string }) {
    const res = await call(server, "POST", "/api/auth/login", { body: { email: m.email, password: m.password }, from: m.from });
    expect(res.status, res.text).toBe(200);
    return res;
  }
  const secondStep = (cookie: string, from: string, method: "totp" | "recovery", code: string) =>
    call(server, "POST", "/api/auth/second-step", { cookie, from, body: { method, code } });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("enrols, then signs in with password and code; a reused code and a wrong one are refused in French", async () => {
    const m = await freshMember();
    const { secret, recoveryCodes } = await enrol(m.cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [stored] = await sql<{ n: number | string }>(server, "select count(*) as n from two_factor_recovery_codes where code_hash = ?", [recoveryCodes[0]]);
    expect(Number(stored.n), "codes stored hashed, never as typed").toBe(0);
    const status = await call(server, "GET", "/api/account/two-factor", { cookie: m.cookie });
    expect(status.json).toEqual({ enabled: true, totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });

    const step = await passwordStep(m);
    expect(step.json).toEqual({ secondStep: "code", methods: ["totp"] });
    expect(sessionCookieOf.bind(null, step)).toThrow();
    const pending = secondStepCookieOf(step);
    expect(setCookies(step).find((c) => c.startsWith("sid2="))).toMatch(/HttpOnly/);
    // The step's cookie opens nothing but the step.
    expectApiError(await call(server, "GET", "/api/auth/session", { cookie: pending }), 401);

    expectApiError(await secondStep(pending, m.from, "totp", "000000"), 400, "invalid_code");
    expectApiError(await secondStep(pending, m.from, "totp", "12ab56"), 400);
    const next = await codeAt(secret, 1);
    const ok = await secondStep(pending, m.from, "totp", next);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user.email).toBe(m.email);
    const session = sessionCookieOf(ok);
    expect((await call(server, "GET", "/api/auth/session", { cookie: session })).status).toBe(200);
    // The step was single use.
    expectApiError(await secondStep(pending, m.from, "totp", next), 401, "second_step_expired");

    const again = secondStepCookieOf(await passwordStep(m));
    const reused = await secondStep(again, m.from, "totp", next);
    expectApiError(reused, 400, "code_already_used");
    expect(reused.json.error.message).toContain("déjà servi");
  });

  it("a recovery code works once", async () => {
    const m = await freshMember();
    const { recoveryCodes } = await enrol(m.cookie);
    const first = secondStepCookieOf(await passwordStep(m));
    const ok = await secondStep(first, m.from, "recovery", recoveryCodes[3].toUpperCase());
    expect(ok.status, ok.text).toBe(200);
    const second = secondStepCookieOf(await passwordStep(m));
    const twice = await secondStep(second, m.from, "recovery", recoveryCodes[3]);
    expectApiError(twice, 400, "invalid_code");
    expect(twice.json.error.message).toBe("Ce code de secours a déjà servi.");
    expect((await call(server, "GET", "/api/account/two-factor", { cookie: sessionCookieOf(ok) })).json.recoveryCodesLeft).toBe(9);
  });

  it("wrong codes count against the account like wrong passwords: 429 after the limit, even with the right code", async () => {
    const m = await freshMember();
    const { secret } = await enrol(m.cookie);
    const pending = secondStepCookieOf(await passwordStep(m));
    for (let i = 0; i < 5; i++) expectApiError(await secondStep(pending, m.from, "totp", "000000"), 400, "invalid_code");
    const blocked = await secondStep(pending, m.from, "totp", await codeAt(secret));
    expectApiError(blocked, 429, "too_many_requests");
    expect(blocked.json.error.message).toMatch(/^Trop de tentatives/);
    // Entering the password again gives no fresh budget.
    const res = await call(server, "POST", "/api/auth/login", { body: { email: m.email, password: m.password }, from: m.from });
    expectApiError(res, 429);
  });

  it("an admin resets a member's second factor (team screen's endpoint); the member signs in with the password alone", async () => {
    const m = await freshMember();
    await enrol(m.cookie);
    const team2fa = await call(server, "GET", "/api/team/two-factor", { cookie: admin });
    expect(team2fa.json.enrolled).toContain(m.id);
    expectApiError(await call(server, "DELETE", `/api/team/${m.id}/two-factor`, { cookie: m.cookie }), 403);
    const reset = await call(server, "DELETE", `/api/team/${m.id}/two-factor`, { cookie: admin });
    expect(reset.status, reset.text).toBe(200);
    expect((await call(server, "GET", "/api/team/two-factor", { cookie: admin })).json.enrolled).not.toContain(m.id);
    const res = await passwordStep(m);
    expect(res.json.user.email).toBe(m.email);
    expectApiError(await call(server, "DELETE", "/api/team/00000000-0000-0000-0000-000000000000/two-factor", { cookie: admin }), 404);
  });

  it("npm run team -- reset-2fa removes it from the command line", async () => {
    const m = await freshMember();
    await enrol(m.cookie);
    const run = await team(server, "reset-2fa", m.email);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Double authentification réinitialisée");
    expect((await passwordStep(m)).json.user.email).toBe(m.email);
    expect((await team(server, "reset-2fa", "personne@archimed.test")).code).toBe(2);
  }, 60_000);

  it("the policy sends a member without a second factor to enrol after the password; the session opens only then", async () => {
    const boss = await freshMember("admin");
    // An admin cannot require it of admins before having one: they would lock themselves out.
    expectApiError(await call(server, "PUT", "/api/team/two-factor", { cookie: boss.cookie, body: { policy: "everyone" } }), 409);
    await enrol(boss.cookie);
    const m = await freshMember();
    const set = await call(server, "PUT", "/api/team/two-factor", { cookie: boss.cookie, body: { policy: "everyone" } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.policy).toBe("everyone");
    try {
      // The member's open session ended with the new rule.
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie: m.cookie }), 401);
      const step = await passwordStep(m);
      expect(step.json).toEqual({ secondStep: "enrol" });
      const pending = secondStepCookieOf(step);
      // The enrolment step is not the code step.
      expectApiError(await secondStep(pending, m.from, "totp", "123456"), 401, "second_step_expired");
      const started = await call(server, "POST", "/api/auth/enrol-step", { cookie: pending, body: {} });
      expect(started.status, started.text).toBe(200);
      expectApiError(await call(server, "PUT", "/api/auth/enrol-step", { cookie: pending, from: m.from, body: { code: "000000" } }), 400, "invalid_code");
      const done = await call(server, "PUT", "/api/auth/enrol-step", { cookie: pending, from: m.from, body: { code: await codeAt(started.json.secret) } });
      expect(done.status, done.text).toBe(200);
      expect(done.json.recoveryCodes).toHaveLength(10);
      expect((await call(server, "GET", "/api/auth/session", { cookie: sessionCookieOf(done) })).status).toBe(200);
      expect((await passwordStep(m)).json).toEqual({ secondStep: "code", methods: ["totp"] });
    } finally {
      const off = await call(server, "PUT", "/api/team/two-factor", { cookie: boss.cookie, body: { policy: "none" } });
      expect(off.status, off.text).toBe(200);
      // The first admin had no second factor: the rule ended their session too.
      admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    }
  });

  it("bad bodies get a French 400, never a 500", async () => {
    for (const body of [{}, { method: "sms", code: "123456" }, { method: "totp", code: 123456 }, { method: "recovery", code: "<script>" }]) {
      const res = await call(server, "POST", "/api/auth/second-step", { body });
      expectApiError(res, 400);
    }
    expectApiError(await call(server, "POST", "/api/auth/second-step", { body: { method: "totp", code: "123456" } }), 401, "second_step_expired");
    expectApiError(await call(server, "PUT", "/api/team/two-factor", { cookie: admin, body: { policy: "tous" } }), 400);
  });
});
