import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sessionCookieOf, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";
import { codeAt, secondStepCookieOf } from "../support/two-factor";
import { SoftAuthenticator } from "../support/webauthn";

/**
 * Passkeys and the rest of two-factor sign-in (issue 25 §6, decision 047), against the real server on
 * both engines: a software authenticator (tests/support/webauthn.ts, ES256 from node:crypto) registers
 * a passkey and signs the second step's challenge — a real protocol exchange checked by
 * @simplewebauthn/server; replays, another origin, another account's key and a counter going back are
 * refused in French; the authenticator secret is sealed in the database; a member turns their own
 * factor off and renews their recovery codes, unless the team's rule forbids it.
 */
const ENGINES = await engines();

describe.each(ENGINES)("passkeys on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let n = 0;
  async function freshMember(role: "admin" | "editor" = "editor") {
    n++;
    const m = await addMember(server, admin, `cle${n}@archimed.test`, role, `mot-de-passe-${n}-solide`);
    const from = `127.0.${engine === "sqlite" ? 30 : 40}.${n}`;
    return { ...m, from, cookie: await login(server, m.email, m.password, from) };
  }
  /** Adds a passkey from "Sécurité du compte" with `key`; returns the server's answer. */
  async function addPasskey(cookie: string, key: SoftAuthenticator, name = "Portable", origin = server.url) {
    const options = await call(server, "POST", "/api/account/passkeys/options", { cookie, body: {} });
    expect(options.status, options.text).toBe(200);
    return call(server, "POST", "/api/account/passkeys", { cookie, body: { name, response: key.register(options.json, origin) } });
  }
  async function passwordStep(m: { email: string; password: string; from: string }) {
    const res = await call(server, "POST", "/api/auth/login", { body: { email: m.email, password: m.password }, from: m.from });
    expect(res.status, res.text).toBe(200);
    return res;
  }
  /** The password, then the challenge of the second step: its cookie and the options for the authenticator. */
  async function passkeyStep(m: { email: string; password: string; from: string }) {
    const step = await passwordStep(m);
    const pending = secondStepCookieOf(step);
    const options = await call(server, "POST", "/api/auth/passkey-challenge", { cookie: pending, body: {} });
    expect(options.status, options.text).toBe(200);
    return { step, pending, options: options.json };
  }
  const sendAssertion = (pending: string, from: string, response: unknown) =>
    call(server, "POST", "/api/auth/second-step", { cookie: pending, from, body: { method: "passkey", response } });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("registers a passkey (with the first recovery codes), then signs in with password and passkey; the log says so", async () => {
    const m = await freshMember();
    const key = new SoftAuthenticator();
    const options = await call(server, "POST", "/api/account/passkeys/options", { cookie: m.cookie, body: {} });
    expect(options.json.rp.id).toBe("127.0.0.1");
    expect(options.json.attestation).toBe("none");
    expect(options.json.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const added = await call(server, "POST", "/api/account/passkeys", {
      cookie: m.cookie,
      body: { name: "  MacBook  ", response: key.register(options.json, server.url) },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.passkey.name).toBe("MacBook");
    expect(added.json.recoveryCodes).toHaveLength(10);
    // The registration's challenge was single use.
    const again = await call(server, "POST", "/api/account/passkeys", {
      cookie: m.cookie,
      body: { name: "Encore", response: key.register(options.json, server.url) },
    });
    expectApiError(again, 400, "passkey_challenge");

    const status = await call(server, "GET", "/api/account/two-factor", { cookie: m.cookie });
    expect(status.json).toMatchObject({ enabled: true, totp: false, recoveryCodesLeft: 10, required: false });
    expect(status.json.passkeys).toEqual([expect.objectContaining({ name: "MacBook", lastUsedAt: null })]);

    const { step, pending, options: get } = await passkeyStep(m);
    expect(step.json).toEqual({ secondStep: "code", methods: ["passkey"] });
    expect(get.rpId).toBe("127.0.0.1");
    expect(get.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const ok = await sendAssertion(pending, m.from, key.assert(get, server.url));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.user.email).toBe(m.email);
    expect((await call(server, "GET", "/api/auth/session", { cookie: sessionCookieOf(ok) })).status).toBe(200);
    const [stored] = await sql<{ counter: number | string; last_used_at: string | null }>(
      server,
      "select counter, last_used_at from two_factor_passkeys where credential_id = ?",
      [key.id],
    );
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();

    const lines = await call(server, "GET", `/api/activity?actor=${encodeURIComponent(m.email)}`, { cookie: admin });
    expect(lines.status, lines.text).toBe(200);
    const entries = lines.json.entries as { action: string; detail: string | null; targetLabel: string | null }[];
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "account.passkey_add", targetLabel: "MacBook" }),
        expect.objectContaining({ action: "auth.sign_in", detail: "avec une clé d'accès (MacBook)" }),
      ]),
    );
  });

  it("refuses a replayed assertion, another origin, another account's key and a counter going back, in French", async () => {
    const m = await freshMember();
    const key = new SoftAuthenticator();
    expect((await addPasskey(m.cookie, key)).status).toBe(201);

    const first = await passkeyStep(m);
    const assertion = key.assert(first.options, server.url);
    expect((await sendAssertion(first.pending, m.from, assertion)).status).toBe(200);
    // The same signed answer on a new step: its challenge has served.
    const second = await passkeyStep(m);
    const replay = await sendAssertion(second.pending, m.from, assertion);
    expectApiError(replay, 400, "passkey_challenge");
    expect(replay.json.error.message).toMatch(/déjà servi/);

    // Signed for another site (a phishing page relaying the challenge).
    const third = await passkeyStep(m);
    const phished = await sendAssertion(third.pending, m.from, key.assert(third.options, "https://archimed.evil.example"));
    expectApiError(phished, 400, "passkey_origin");
    expect(phished.json.error.message).toMatch(/autre adresse/);
    const wrongRp = await passkeyStep(m);
    expectApiError(await sendAssertion(wrongRp.pending, m.from, key.assert(wrongRp.options, server.url, { rpId: "evil.example" })), 400, "passkey_origin");
    // A right answer between the refusals: the account's failure budget (5 in 15 minutes) is given back.
    const between = await passkeyStep(m);
    expect((await sendAssertion(between.pending, m.from, key.assert(between.options, server.url))).status).toBe(200);

    // Another member's passkey on this member's step.
    const other = await freshMember();
    const otherKey = new SoftAuthenticator();
    expect((await addPasskey(other.cookie, otherKey)).status).toBe(201);
    const fourth = await passkeyStep(m);
    const foreign = await sendAssertion(fourth.pending, m.from, otherKey.assert(fourth.options, server.url));
    expectApiError(foreign, 400, "passkey_unknown");
    expect(foreign.json.error.message).toBe("Cette clé d'accès n'est pas enregistrée pour ce compte.");

    // A copy of the key whose counter is behind the server's.
    const fifth = await passkeyStep(m);
    key.counter = 0;
    const cloned = await sendAssertion(fifth.pending, m.from, key.assert(fifth.options, server.url));
    expectApiError(cloned, 400, "passkey_counter");
    expect(cloned.json.error.message).toMatch(/compteur/);

    // A challenge of the member's session is not one of the sign-in.
    const sixth = await passkeyStep(m);
    const sessionChallenge = await call(server, "POST", "/api/account/passkeys/challenge", { cookie: m.cookie, body: {} });
    key.counter = 10;
    expectApiError(await sendAssertion(sixth.pending, m.from, key.assert(sessionChallenge.json, server.url)), 400, "passkey_challenge");
    // Without a step there is nothing to sign.
    expectApiError(await call(server, "POST", "/api/auth/passkey-challenge", { body: {} }), 401, "second_step_expired");

    // After all that, the member's own key still works (the failures count against the throttle, under its limit).
    const last = await passkeyStep(m);
    expect((await sendAssertion(last.pending, m.from, key.assert(last.options, server.url))).status).toBe(200);
  });

  it("seals the authenticator secret at rest; a secret stored in clear still works and is sealed when read", async () => {
    const m = await freshMember();
    const started = await call(server, "POST", "/api/account/two-factor", { cookie: m.cookie, body: {} });
    const secret = started.json.secret as string;
    const [pending] = await sql<{ secret: string }>(server, "select secret from two_factor where account_id = (select id from accounts where email = ?)", [
      m.email,
    ]);
    expect(pending.secret.startsWith("s1.")).toBe(true);
    expect(pending.secret).not.toContain(secret);
    expect((await call(server, "PUT", "/api/account/two-factor", { cookie: m.cookie, body: { code: await codeAt(secret) } })).status).toBe(200);
    const [row] = await sql<{ secret: string }>(server, "select secret from two_factor where account_id = (select id from accounts where email = ?)", [
      m.email,
    ]);
    expect(row.secret).toMatch(/^s1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]+$/);
    expect(row.secret).not.toContain(secret);
    expect(Buffer.from(row.secret.split(".")[2], "base64url").toString("latin1")).not.toContain(secret);
    expect(statSync(path.join(server.dataDir, "app-secret.key")).mode & 0o777).toBe(0o600);

    // A row from before sealing (clear base32), as an older backup restores it: the code still works, and the row is sealed.
    await sql(server, "update two_factor set secret = ? where account_id = (select id from accounts where email = ?)", [secret, m.email]);
    const step = secondStepCookieOf(await passwordStep(m));
    const ok = await call(server, "POST", "/api/auth/second-step", { cookie: step, from: m.from, body: { method: "totp", code: await codeAt(secret, 1) } });
    expect(ok.status, ok.text).toBe(200);
    const [resealed] = await sql<{ secret: string }>(server, "select secret from two_factor where account_id = (select id from accounts where email = ?)", [
      m.email,
    ]);
    expect(resealed.secret.startsWith("s1.")).toBe(true);
  });

  it("a member turns their own second factor off with a code, or a passkey; renews recovery codes (shown once)", async () => {
    const m = await freshMember();
    const started = await call(server, "POST", "/api/account/two-factor", { cookie: m.cookie, body: {} });
    const secret = started.json.secret as string;
    const confirmed = await call(server, "PUT", "/api/account/two-factor", { cookie: m.cookie, body: { code: await codeAt(secret, -1) } });
    const oldCodes = confirmed.json.recoveryCodes as string[];
    const key = new SoftAuthenticator();
    const added = await addPasskey(m.cookie, key, "Clé USB");
    expect(added.status, added.text).toBe(201);
    // Not the first factor: no new codes with it.
    expect(added.json.recoveryCodes).toBeNull();
    expect((await passwordStep(m)).json).toEqual({ secondStep: "code", methods: ["totp", "passkey"] });

    // New recovery codes ask for a factor; a wrong code is refused and changes nothing.
    expectApiError(
      await call(server, "POST", "/api/account/recovery-codes", { cookie: m.cookie, from: m.from, body: { method: "totp", code: "000000" } }),
      400,
      "invalid_code",
    );
    const renewed = await call(server, "POST", "/api/account/recovery-codes", {
      cookie: m.cookie,
      from: m.from,
      body: { method: "totp", code: await codeAt(secret) },
    });
    expect(renewed.status, renewed.text).toBe(200);
    const codes = renewed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(oldCodes[0]);
    // The old codes no longer open anything; a new one does.
    const viaOld = secondStepCookieOf(await passwordStep(m));
    expectApiError(
      await call(server, "POST", "/api/auth/second-step", { cookie: viaOld, from: m.from, body: { method: "recovery", code: oldCodes[0] } }),
      400,
      "invalid_code",
    );
    expect((await call(server, "POST", "/api/auth/second-step", { cookie: viaOld, from: m.from, body: { method: "recovery", code: codes[0] } })).status).toBe(
      200,
    );

    // Turning it off with the passkey: a challenge bound to this session, signed.
    const challenge = await call(server, "POST", "/api/account/passkeys/challenge", { cookie: m.cookie, body: {} });
    expect(challenge.status, challenge.text).toBe(200);
    const off = await call(server, "POST", "/api/account/two-factor/off", {
      cookie: m.cookie,
      from: m.from,
      body: { method: "passkey", response: key.assert(challenge.json, server.url) },
    });
    expect(off.status, off.text).toBe(200);
    const state = await call(server, "GET", "/api/account/two-factor", { cookie: m.cookie });
    expect(state.json).toMatchObject({ enabled: false, totp: false, passkeys: [], recoveryCodesLeft: 0 });
    expect((await passwordStep(m)).json.user.email).toBe(m.email);
    // Nothing left to turn off.
    expectApiError(await call(server, "POST", "/api/account/two-factor/off", { cookie: m.cookie, body: { method: "totp", code: "123456" } }), 409);
  });

  it("a passkey counts for the policy; a member it covers can neither turn the factor off nor remove the last passkey", async () => {
    const boss = await freshMember("admin");
    const editor = await freshMember();
    const bossKey = new SoftAuthenticator();
    expect((await addPasskey(boss.cookie, bossKey)).status).toBe(201);
    const set = await call(server, "PUT", "/api/team/two-factor", { cookie: boss.cookie, body: { policy: "admins" } });
    expect(set.status, set.text).toBe(200);
    try {
      expect((await call(server, "GET", "/api/team/two-factor", { cookie: boss.cookie })).json.enrolled).toContain(boss.id);
      const challenge = await call(server, "POST", "/api/account/passkeys/challenge", { cookie: boss.cookie, body: {} });
      const off = await call(server, "POST", "/api/account/two-factor/off", {
        cookie: boss.cookie,
        from: boss.from,
        body: { method: "passkey", response: bossKey.assert(challenge.json, server.url) },
      });
      expectApiError(off, 409, "two_factor_required");
      expect(off.json.error.message).toMatch(/^La double authentification est obligatoire pour votre compte/);
      const [only] = (await call(server, "GET", "/api/account/passkeys", { cookie: boss.cookie })).json.passkeys;
      expectApiError(await call(server, "DELETE", `/api/account/passkeys/${only.id}`, { cookie: boss.cookie }), 409, "two_factor_required");
      // A second key: the first may go, and the removal is in the log.
      expect((await addPasskey(boss.cookie, new SoftAuthenticator(), "Téléphone")).status).toBe(201);
      const renamed = await call(server, "PATCH", `/api/account/passkeys/${only.id}`, { cookie: boss.cookie, body: { name: "Ancien portable" } });
      expect(renamed.json.passkey.name).toBe("Ancien portable");
      expect((await call(server, "DELETE", `/api/account/passkeys/${only.id}`, { cookie: boss.cookie })).status).toBe(200);
      // The first admin has no second factor: the rule ended their session, the boss reads the log.
      const lines = await call(server, "GET", `/api/activity?actor=${encodeURIComponent(boss.email)}`, { cookie: boss.cookie });
      expect(lines.json.entries).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: "account.passkey_remove", targetLabel: "Ancien portable" })]),
      );
      // Someone else's passkey is not found (an editor is not covered by "admins").
      const [second] = (await call(server, "GET", "/api/account/passkeys", { cookie: boss.cookie })).json.passkeys;
      expectApiError(await call(server, "DELETE", `/api/account/passkeys/${second.id}`, { cookie: editor.cookie }), 404);
      expectApiError(await call(server, "DELETE", "/api/account/passkeys/pas-un-identifiant", { cookie: editor.cookie }), 404);
    } finally {
      expect((await call(server, "PUT", "/api/team/two-factor", { cookie: boss.cookie, body: { policy: "none" } })).status).toBe(200);
      admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    }
  });

  it("bad passkey bodies get a French 400, never a 500", async () => {
    const m = await freshMember();
    const key = new SoftAuthenticator();
    const options = await call(server, "POST", "/api/account/passkeys/options", { cookie: m.cookie, body: {} });
    const good = key.register(options.json, server.url);
    for (const body of [
      { name: "", response: good },
      { name: "x".repeat(61), response: good },
      { name: "Clé", response: { ...good, type: "password" } },
      { name: "Clé", response: { ...good, response: { ...good.response, clientDataJSON: "pas du base64url !" } } },
      { name: "Clé", response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from("{").toString("base64url") } } },
      { name: "Clé", response: { ...good, response: { ...good.response, attestationObject: "AAAA" } } },
    ]) {
      const res = await call(server, "POST", "/api/account/passkeys", { cookie: m.cookie, body });
      expect(res.status, res.text).toBe(400);
      expectApiError(res, 400);
    }
    // A damaged attestation over a live challenge: refused, the challenge spent.
    const fresh = await call(server, "POST", "/api/account/passkeys/options", { cookie: m.cookie, body: {} });
    const damaged = key.register(fresh.json, server.url);
    damaged.response.attestationObject = damaged.response.attestationObject.slice(0, 40);
    expectApiError(await call(server, "POST", "/api/account/passkeys", { cookie: m.cookie, body: { name: "Clé", response: damaged } }), 400);
    for (const body of [{ method: "passkey" }, { method: "passkey", response: { id: 1 } }, { method: "passkey", response: "x" }]) {
      expectApiError(await call(server, "POST", "/api/auth/second-step", { body }), 400);
    }
    expectApiError(await call(server, "POST", "/api/account/recovery-codes", { cookie: m.cookie, body: { method: "sms" } }), 400);
  });

  // Last: it restarts the server with another key.
  it("a secret sealed under another installation's key (APP_SECRET differs) is refused in French; recovery codes still work", async () => {
    const m = await freshMember();
    const started = await call(server, "POST", "/api/account/two-factor", { cookie: m.cookie, body: {} });
    const confirmed = await call(server, "PUT", "/api/account/two-factor", { cookie: m.cookie, body: { code: await codeAt(started.json.secret) } });
    const codes = confirmed.json.recoveryCodes as string[];
    server = await server.restart({ ADMIN_EMAIL, ADMIN_PASSWORD, APP_SECRET: "une-autre-cle-de-chiffrement-de-32-caracteres-au-moins" });
    const step = secondStepCookieOf(await passwordStep(m));
    const refused = await call(server, "POST", "/api/auth/second-step", {
      cookie: step,
      from: m.from,
      body: { method: "totp", code: await codeAt(started.json.secret, 1) },
    });
    expectApiError(refused, 409, "secret_unreadable");
    expect(refused.json.error.message).toMatch(/APP_SECRET/);
    const rescued = await call(server, "POST", "/api/auth/second-step", { cookie: step, from: m.from, body: { method: "recovery", code: codes[0] } });
    expect(rescued.status, rescued.text).toBe(200);
  }, 90_000);
});
