import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sessionCookieOf, setCookies, sql, type ApiResponse } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The back-office API's guard (401/403 on every endpoint and path variant), sessions (cookie, storage,
 * expiry, revocation), cross-site refusal, bad sign-in bodies, password storage and security headers.
 */
const ENGINES = await engines();
const PUBLIC_URL = "https://archimed.test";
const hashToken = (t: string) => createHash("sha256").update(t).digest("base64url");
const tokenOf = (cookie: string) => cookie.slice("sid=".length);

async function sessionCount(server: TestServer): Promise<number> {
  const [row] = await sql<{ n: number | string }>(server, "select count(*) as n from sessions");
  return Number(row.n);
}

describe.each(ENGINES)("back-office API on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: { id: string; email: string; password: string; cookie: string };
  /** A signed-in account whose team record was deleted behind its back. */
  let outsider: { email: string; password: string; cookie: string };
  let target: { id: string; email: string; password: string };

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL, SESSION_IDLE_MINUTES: "5" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "editor@archimed.test", "editor", "editor-password-1");
    editor = { ...e, cookie: await login(server, e.email, e.password) };
    const o = await addMember(server, admin, "outsider@archimed.test", "editor", "outsider-password-1");
    const oCookie = await login(server, o.email, o.password);
    await sql(server, "delete from team_members where email = ?", [o.email]);
    outsider = { email: o.email, password: o.password, cookie: oCookie };
    target = await addMember(server, admin, "target@archimed.test", "editor", "target-password-1");
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("every endpoint refuses without a session, without a team record and without the role", () => {
    const ENDPOINTS: { method: string; path: string; adminOnly: boolean; body?: unknown }[] = [
      { method: "GET", path: "/api/auth/session", adminOnly: false },
      { method: "GET", path: "/api/team", adminOnly: true },
      { method: "POST", path: "/api/team", adminOnly: true, body: { email: "intruder@archimed.test", role: "admin", password: "intruder-password-1" } },
      { method: "GET", path: "/api/team/:id", adminOnly: true },
      { method: "PATCH", path: "/api/team/:id", adminOnly: true, body: { role: "admin" } },
      { method: "DELETE", path: "/api/team/:id", adminOnly: true },
      { method: "POST", path: "/api/team/:id/password", adminOnly: true, body: { password: "hijacked-password-1" } },
    ];
    const VARIANTS: [string, (p: string) => string][] = [
      ["exact", (p) => p],
      ["upper case", (p) => p.toUpperCase()],
      ["trailing slash", (p) => `${p}/`],
      ["mixed case and trailing slash", (p) => `${p.replace(/\/api\/(\w)/, (_, c: string) => `/Api/${c.toUpperCase()}`)}/`],
    ];
    const cases = ENDPOINTS.flatMap((ep) => VARIANTS.map(([name, v]) => [`${ep.method} ${v(ep.path)} (${name})`, ep, v] as const));
    const url = (tpl: string, v: (p: string) => string) => v(tpl).replace(/:ID/i, target.id);

    it.each(cases)("%s: 401 without a session", async (_n, ep, v) => {
      const res = await call(server, ep.method, url(ep.path, v), { body: ep.body });
      expectApiError(res, 401, "unauthenticated");
      expect(setCookies(res).filter((c) => !c.includes("Max-Age=0"))).toEqual([]);
    });

    it.each(cases)("%s: 403 for an account without a team record", async (_n, ep, v) => {
      const res = await call(server, ep.method, url(ep.path, v), { body: ep.body, cookie: outsider.cookie });
      expectApiError(res, 403, "not_authorized");
      expect(res.json.error.message).toBe("User not authorized");
    });

    it.each(cases.filter(([, ep]) => ep.adminOnly))("%s: 403 for an editor", async (_n, ep, v) => {
      const res = await call(server, ep.method, url(ep.path, v), { body: ep.body, cookie: editor.cookie });
      expectApiError(res, 403, "forbidden");
    });

    it.each(VARIANTS)("the %s variant reaches the route: an admin reads the team, an editor their session", async (_n, v) => {
      const team = await call(server, "GET", v("/api/team"), { cookie: admin });
      expect(team.status).toBe(200);
      expect(team.json.members.map((m: { email: string }) => m.email)).toContain(ADMIN_EMAIL);
      const me = await call(server, "GET", v("/api/auth/session"), { cookie: editor.cookie });
      expect(me.status).toBe(200);
      expect(me.json.user).toMatchObject({ email: editor.email, role: "editor" });
    });

    it("none of the refused calls changed anything", async () => {
      const team = await call(server, "GET", "/api/team", { cookie: admin });
      const emails = team.json.members.map((m: { email: string }) => m.email);
      expect(emails).not.toContain("intruder@archimed.test");
      expect(team.json.members.find((m: { id: string }) => m.id === target.id)).toMatchObject({ role: "editor" });
      await login(server, target.email, target.password);
      const hijack = await call(server, "POST", "/api/auth/login", { body: { email: target.email, password: "hijacked-password-1" } });
      expectApiError(hijack, 401, "invalid_credentials");
    });

    it("an unknown API path answers the JSON 404, and a wrong method 405", async () => {
      expectApiError(await call(server, "GET", "/api/nothing-here", { cookie: admin }), 404, "not_found");
      expectApiError(await call(server, "GET", "/api/auth/login"), 405, "method_not_allowed");
      expectApiError(await call(server, "PUT", "/api/team", { cookie: admin, body: {} }), 405, "method_not_allowed");
    });
  });

  describe("sign-in and sessions", () => {
    it("the cookie is httpOnly, SameSite=Lax, Secure behind https, with a 256-bit random id stored only as a hash", async () => {
      const res = await call(server, "POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ email: ADMIN_EMAIL, role: "admin" });
      const [cookie] = setCookies(res);
      const attrs = cookie.split(";").map((s) => s.trim().toLowerCase());
      expect(attrs).toContain("httponly");
      expect(attrs).toContain("samesite=lax");
      expect(attrs).toContain("path=/");
      expect(attrs).toContain("secure");
      const token = tokenOf(sessionCookieOf(res));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
      const rows = await sql<{ id_hash: string }>(server, "select id_hash from sessions");
      expect(rows.map((r) => r.id_hash)).toContain(hashToken(token));
      expect(rows.some((r) => r.id_hash.includes(token))).toBe(false);
      expect(res.headers["cache-control"]).toContain("no-store");
    });

    it("a new id at every sign-in; the session the browser carried is ended", async () => {
      const first = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await call(server, "POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, cookie: first });
      const second = sessionCookieOf(res);
      expect(second).not.toBe(first);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie: first }), 401);
      expect((await call(server, "GET", "/api/auth/session", { cookie: second })).status).toBe(200);
      const rows = await sql(server, "select 1 from sessions where id_hash = ?", [hashToken(tokenOf(first))]);
      expect(rows).toHaveLength(0);
    });

    it("sign-out deletes the session row and clears the cookie; signing out twice is fine", async () => {
      const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await call(server, "POST", "/api/auth/logout", { cookie });
      expect(res.status).toBe(200);
      expect(setCookies(res).join()).toMatch(/sid=;.*Max-Age=0/i);
      expect(await sql(server, "select 1 from sessions where id_hash = ?", [hashToken(tokenOf(cookie))])).toHaveLength(0);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
      expect((await call(server, "POST", "/api/auth/logout", { cookie })).status).toBe(200);
      expect((await call(server, "POST", "/api/auth/logout")).status).toBe(200);
    });

    it("an email typed with other case and pasted whitespace signs in to the same account", async () => {
      const res = await call(server, "POST", "/api/auth/login", { body: { email: ` ${ADMIN_EMAIL.toUpperCase()}\n`, password: ADMIN_PASSWORD } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.user.email).toBe(ADMIN_EMAIL);
    });

    it("sign-in records last_login", async () => {
      const before = Date.now();
      await login(server, editor.email, editor.password);
      const [row] = await sql<{ last_login: string }>(server, "select last_login from team_members where email = ?", [editor.email]);
      expect(new Date(row.last_login).getTime()).toBeGreaterThanOrEqual(before - 2000);
    });

    it.each([
      ["random 43 characters", () => randomBytes(32).toString("base64url")],
      ["42 characters", () => randomBytes(32).toString("base64url").slice(0, 42)],
      ["44 characters", () => `${randomBytes(32).toString("base64url")}A`],
      ["a valid token with one character changed", () => "TAMPER"],
      ["SQL-looking", () => "' OR 1=1 --"],
      ["SQL-looking, cookie-safe", () => "x'%20OR%20'1'%3D'1"],
      ["empty", () => ""],
      ["10 000 characters", () => "a".repeat(10_000)],
      ["the stored hash instead of the token", () => "HASH"],
    ])("a tampered session cookie (%s) gets 401, never a 500, and no session", async (_n, make) => {
      let value = make();
      const real = tokenOf(editor.cookie);
      if (value === "TAMPER") value = real.slice(0, 20) + (real[20] === "A" ? "B" : "A") + real.slice(21);
      if (value === "HASH") value = hashToken(real);
      const sessions = await sessionCount(server);
      for (const path of ["/api/auth/session", "/api/team"]) {
        const res = await call(server, "GET", path, { cookie: `sid=${value}` });
        expectApiError(res, 401, "unauthenticated");
        expect(setCookies(res)).toEqual([]);
      }
      const page = await call(server, "GET", "/", { cookie: `sid=${value}` });
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('data-testid="admin-bar"');
      expect(await sessionCount(server)).toBe(sessions);
      // The real session is untouched by the forgery.
      expect((await call(server, "GET", "/api/auth/session", { cookie: editor.cookie })).status).toBe(200);
    });

    it("a session idle for 4 minutes lives on (and is touched); idle past SESSION_IDLE_MINUTES=5 it is refused and deleted", async () => {
      const cookie = await login(server, editor.email, editor.password);
      const idHash = hashToken(tokenOf(cookie));
      const fourAgo = new Date(Date.now() - 4 * 60_000).toISOString();
      await sql(server, "update sessions set last_seen_at = ? where id_hash = ?", [fourAgo, idHash]);
      expect((await call(server, "GET", "/api/auth/session", { cookie })).status).toBe(200);
      const [touched] = await sql<{ last_seen_at: string }>(server, "select last_seen_at from sessions where id_hash = ?", [idHash]);
      expect(new Date(touched.last_seen_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const tenAgo = new Date(Date.now() - 10 * 60_000).toISOString();
      await sql(server, "update sessions set last_seen_at = ? where id_hash = ?", [tenAgo, idHash]);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401, "unauthenticated");
      expect(await sql(server, "select 1 from sessions where id_hash = ?", [idHash])).toHaveLength(0);
    });

    it("a session past its absolute expiry is refused and deleted even when active", async () => {
      const cookie = await login(server, editor.email, editor.password);
      const idHash = hashToken(tokenOf(cookie));
      await sql(server, "update sessions set expires_at = ? where id_hash = ?", [new Date(Date.now() - 1000).toISOString(), idHash]);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
      expect(await sql(server, "select 1 from sessions where id_hash = ?", [idHash])).toHaveLength(0);
    });

    it("an account without a team record gets 'User not authorized' with the right password, and no session", async () => {
      const sessions = await sessionCount(server);
      const res = await call(server, "POST", "/api/auth/login", { body: { email: outsider.email, password: outsider.password } });
      expectApiError(res, 403, "not_authorized");
      expect(res.json.error.message).toBe("User not authorized");
      expect(setCookies(res)).toEqual([]);
      expect(await sessionCount(server)).toBe(sessions);
    });

    it("no answer ever carries a password hash", async () => {
      for (const [p, cookie] of [
        ["/api/team", admin],
        [`/api/team/${target.id}`, admin],
        ["/api/auth/session", editor.cookie],
      ] as const) {
        const res = await call(server, "GET", p, { cookie });
        expect(res.status, p).toBe(200);
        expect(res.text, p).not.toMatch(/scrypt\$|password_hash|account_id|id_hash/);
      }
      const signIn = await call(server, "POST", "/api/auth/login", { body: { email: editor.email, password: editor.password } });
      expect(Object.keys(signIn.json.user).sort()).toEqual(["created_at", "email", "id", "last_login", "role"]);
    });

    it("passwords are stored as scrypt hashes, never in clear", async () => {
      const rows = await sql<{ email: string; password_hash: string }>(server, "select email, password_hash from accounts");
      const byEmail = new Map(rows.map((r) => [r.email, r.password_hash]));
      for (const [email, password] of [
        [ADMIN_EMAIL, ADMIN_PASSWORD],
        [editor.email, editor.password],
      ]) {
        const hash = byEmail.get(email)!;
        expect(hash.startsWith("scrypt$"), email).toBe(true);
        expect(hash.split("$")).toHaveLength(6);
        expect(hash).not.toContain(password);
      }
      // Same password, different salts.
      await addMember(server, admin, "twin@archimed.test", "editor", "editor-password-1");
      const [twin] = await sql<{ password_hash: string }>(server, "select password_hash from accounts where email = ?", ["twin@archimed.test"]);
      expect(twin.password_hash).not.toBe(byEmail.get(editor.email));
    });
  });

  describe("revocation: removal, role change and password reset end that person's sessions at once", () => {
    let victim: { id: string; email: string; password: string };
    beforeAll(async () => {
      victim = await addMember(server, admin, "victim@archimed.test", "editor", "victim-password-1");
    });

    it("a role change ends every session of the member (and only theirs)", async () => {
      const a = await login(server, victim.email, victim.password);
      const b = await login(server, victim.email, victim.password);
      const other = await login(server, editor.email, editor.password);
      const res = await call(server, "PATCH", `/api/team/${victim.id}`, { cookie: admin, body: { role: "admin" } });
      expect(res.status).toBe(200);
      expect(res.json.member.role).toBe("admin");
      for (const c of [a, b]) expectApiError(await call(server, "GET", "/api/auth/session", { cookie: c }), 401);
      expect((await call(server, "GET", "/api/auth/session", { cookie: other })).status).toBe(200);
      expect((await call(server, "GET", "/api/auth/session", { cookie: admin })).status).toBe(200);
      const again = await login(server, victim.email, victim.password);
      expect((await call(server, "GET", "/api/auth/session", { cookie: again })).json.user.role).toBe("admin");
      // Demoted back: the admin powers go with the session.
      expect((await call(server, "GET", "/api/team", { cookie: again })).status).toBe(200);
      await call(server, "PATCH", `/api/team/${victim.id}`, { cookie: admin, body: { role: "editor" } });
      expectApiError(await call(server, "GET", "/api/team", { cookie: again }), 401);
    });

    it("a password reset ends the sessions; the old password stops working, the returned one works", async () => {
      const cookie = await login(server, victim.email, victim.password);
      const res = await call(server, "POST", `/api/team/${victim.id}/password`, { cookie: admin, body: {} });
      expect(res.status).toBe(200);
      const fresh = res.json.password as string;
      expect(fresh.length).toBeGreaterThanOrEqual(16);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
      expectApiError(await call(server, "POST", "/api/auth/login", { body: { email: victim.email, password: victim.password } }), 401, "invalid_credentials");
      await login(server, victim.email, fresh);
      const chosen = await call(server, "POST", `/api/team/${victim.id}/password`, { cookie: admin, body: { password: "chosen-password-12" } });
      expect(chosen.status).toBe(200);
      expect(chosen.json.password).toBeUndefined();
      victim.password = "chosen-password-12";
      await login(server, victim.email, victim.password);
    });

    it("removal ends the sessions, the account and its sign-in", async () => {
      const cookie = await login(server, victim.email, victim.password);
      const del = await call(server, "DELETE", `/api/team/${victim.id}`, { cookie: admin });
      expect(del.status).toBe(200);
      expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
      expect(await sql(server, "select 1 from accounts where email = ?", [victim.email])).toHaveLength(0);
      expectApiError(await call(server, "POST", "/api/auth/login", { body: { email: victim.email, password: victim.password } }), 401, "invalid_credentials");
      expectApiError(await call(server, "GET", `/api/team/${victim.id}`, { cookie: admin }), 404, "not_found");
    });

    it("the team keeps one admin, and an admin cannot remove themself", async () => {
      const team = await call(server, "GET", "/api/team", { cookie: admin });
      const me = team.json.members.find((m: { email: string }) => m.email === ADMIN_EMAIL);
      expectApiError(await call(server, "PATCH", `/api/team/${me.id}`, { cookie: admin, body: { role: "editor" } }), 409, "conflict");
      expectApiError(await call(server, "DELETE", `/api/team/${me.id}`, { cookie: admin }), 409, "conflict");
      expect((await call(server, "GET", "/api/auth/session", { cookie: admin })).json.user.role).toBe("admin");
    });

    it("the same person added several times at once: one 201, the others 409, never a 500", async () => {
      const body = { email: "race@archimed.test", role: "editor", password: "race-password-123" };
      const results = await Promise.all(Array.from({ length: 4 }, () => call(server, "POST", "/api/team", { cookie: admin, body })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, results.map((r) => r.text).join("\n")).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expectApiError(r, 409, "conflict");
      expect(await sql(server, "select id from team_members where email = ?", [body.email])).toHaveLength(1);
    });

    it("team inputs are checked: duplicate, bad email, short password, unknown role or id", async () => {
      expectApiError(await call(server, "POST", "/api/team", { cookie: admin, body: { email: editor.email, role: "editor" } }), 409, "conflict");
      expectApiError(await call(server, "POST", "/api/team", { cookie: admin, body: { email: " EDITOR@archimed.test ", role: "editor" } }), 409, "conflict");
      for (const body of [
        { email: "not-an-email", role: "editor" },
        { email: "new@archimed.test", role: "owner" },
        { email: "new@archimed.test", role: "editor", password: "short" },
        { email: "new@archimed.test", role: "editor", password: 123456789012345 },
        { email: 42, role: "editor" },
        { email: "new@archimed.test" },
        [],
        null,
        "text",
      ]) {
        expectApiError(await call(server, "POST", "/api/team", { cookie: admin, body }), 400, "invalid_input");
      }
      expectApiError(
        await call(server, "POST", "/api/team", { cookie: admin, raw: "{nope", headers: { "content-type": "application/json" } }),
        400,
        "invalid_json",
      );
      expectApiError(await call(server, "PATCH", `/api/team/${target.id}`, { cookie: admin, body: { role: ["admin"] } }), 400, "invalid_input");
      expectApiError(await call(server, "GET", "/api/team/00000000-0000-0000-0000-000000000000", { cookie: admin }), 404);
      expectApiError(await call(server, "GET", `/api/team/${"x".repeat(200)}`, { cookie: admin }), 404);
      expectApiError(await call(server, "GET", "/api/team/'%20OR%201=1%20--", { cookie: admin }), 404);
      const team = await call(server, "GET", "/api/team", { cookie: admin });
      expect(team.json.members.map((m: { email: string }) => m.email)).not.toContain("new@archimed.test");
    });
  });

  describe("cross-site requests are refused before anything happens", () => {
    it.each([
      ["Origin: http://evil.example", { origin: "http://evil.example" }],
      ["Origin: null", { origin: "null" }],
      ["Origin on another port of this host", { origin: "http://127.0.0.1:1" }],
      ["Referer on another site, no Origin", { referer: "http://evil.example/page" }],
      ["Sec-Fetch-Site: cross-site, no Origin", { "sec-fetch-site": "cross-site" }],
    ])("%s: POST, PATCH and DELETE get 403 and change nothing", async (_n, headers) => {
      const hashBefore = await sql(server, "select password_hash from accounts where email = ?", [target.email]);
      const add = await call(server, "POST", "/api/team", {
        cookie: admin,
        headers,
        body: { email: "csrf@archimed.test", role: "admin", password: "csrf-password-123" },
      });
      expectApiError(add, 403, "cross_site");
      expectApiError(await call(server, "PATCH", `/api/team/${target.id}`, { cookie: admin, headers, body: { role: "admin" } }), 403, "cross_site");
      expectApiError(await call(server, "DELETE", `/api/team/${target.id}`, { cookie: admin, headers }), 403, "cross_site");
      expectApiError(await call(server, "POST", `/api/team/${target.id}/password`, { cookie: admin, headers, body: {} }), 403, "cross_site");
      const logout = await call(server, "POST", "/api/auth/logout", { cookie: admin, headers });
      expectApiError(logout, 403, "cross_site");
      const signIn = await call(server, "POST", "/api/auth/login", { headers, body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expectApiError(signIn, 403, "cross_site");
      expect(setCookies(signIn)).toEqual([]);

      const team = await call(server, "GET", "/api/team", { cookie: admin });
      expect(team.status).toBe(200);
      expect(team.json.members.map((m: { email: string }) => m.email)).not.toContain("csrf@archimed.test");
      expect(team.json.members.find((m: { id: string }) => m.id === target.id)).toMatchObject({ role: "editor" });
      expect(await sql(server, "select password_hash from accounts where email = ?", [target.email])).toEqual(hashBefore);
      expect((await call(server, "GET", "/api/auth/session", { cookie: admin })).status).toBe(200);
    });

    it("the same request from this site's own origin goes through", async () => {
      const res = await call(server, "POST", "/api/team", {
        cookie: admin,
        headers: { origin: server.url, "sec-fetch-site": "same-origin" },
        body: { email: "same-site@archimed.test", role: "editor", password: "same-site-password" },
      });
      expect(res.status).toBe(201);
      const viaPublicUrl = await call(server, "POST", "/api/auth/logout", { headers: { origin: PUBLIC_URL } });
      expect(viaPublicUrl.status).toBe(200);
    });
  });

  describe("bad sign-in bodies: a clear French error, never a 500, no session", () => {
    const FROM = "127.0.0.61";
    const big = JSON.stringify({ email: ADMIN_EMAIL, password: "x".repeat(100 * 1024) });
    const cases: [string, Parameters<typeof call>[3], number, string][] = [
      ["100 KB body with Content-Length", { raw: big, headers: { "content-type": "application/json" } }, 413, "payload_too_large"],
      ["100 KB body sent chunked", { raw: big, chunked: true, headers: { "content-type": "application/json" } }, 413, "payload_too_large"],
      ["malformed JSON", { raw: '{"email": "a@b.c", "password": ', headers: { "content-type": "application/json" } }, 400, "invalid_json"],
      ["empty body", { raw: "", headers: { "content-type": "application/json" } }, 400, "invalid_json"],
      ["JSON null", { body: null }, 400, "invalid_input"],
      ["JSON array", { body: [ADMIN_EMAIL, ADMIN_PASSWORD] }, 400, "invalid_input"],
      ["JSON string", { body: "admin" }, 400, "invalid_input"],
      ["numeric email", { body: { email: 12345, password: "x" } }, 400, "invalid_input"],
      ["email as an array", { body: { email: [ADMIN_EMAIL], password: ADMIN_PASSWORD } }, 400, "invalid_input"],
      ["password as an object", { body: { email: ADMIN_EMAIL, password: { $ne: "" } } }, 400, "invalid_input"],
      ["password as true", { body: { email: ADMIN_EMAIL, password: true } }, 400, "invalid_input"],
      ["missing password", { body: { email: ADMIN_EMAIL } }, 400, "invalid_input"],
      [
        "10 000-character email (over the 8 KB body limit)",
        { body: { email: `${"a".repeat(10_000)}@archimed.test`, password: "x" } },
        413,
        "payload_too_large",
      ],
      ["1 000-character email", { body: { email: `${"a".repeat(1000)}@archimed.test`, password: "x" } }, 400, "invalid_input"],
      [
        "text/plain",
        { raw: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }), headers: { "content-type": "text/plain" } },
        415,
        "unsupported_media_type",
      ],
      [
        "form-encoded",
        { raw: `email=${ADMIN_EMAIL}&password=${ADMIN_PASSWORD}`, headers: { "content-type": "application/x-www-form-urlencoded" } },
        415,
        "unsupported_media_type",
      ],
      ["no content type", { raw: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) }, 415, "unsupported_media_type"],
      ["SQL-looking email", { body: { email: "' OR 1=1 --", password: "x" } }, 401, "invalid_credentials"],
      ["SQL-looking email after a real one", { body: { email: `${ADMIN_EMAIL}' --`, password: "x" } }, 401, "invalid_credentials"],
      ["SQL in the password", { body: { email: ADMIN_EMAIL, password: "' OR '1'='1" } }, 401, "invalid_credentials"],
      ["unicode email", { body: { email: "élodie.łukasz@exemple.fr", password: "mot-de-passe" } }, 401, "invalid_credentials"],
      ["CJK and emoji email", { body: { email: "管理员🙂@例子.中国", password: "x" } }, 401, "invalid_credentials"],
      ["right-to-left override in the email", { body: { email: "admin\u202E@archimed.test", password: ADMIN_PASSWORD } }, 401, "invalid_credentials"],
      ["NUL character in the email", { body: { email: "admin\u0000@archimed.test", password: ADMIN_PASSWORD } }, 400, "invalid_input"],
      ["line break in the email", { body: { email: "admin@archimed.test\nX-Injected: 1", password: ADMIN_PASSWORD } }, 400, "invalid_input"],
      // Issue 9: control characters and lone surrogates are refused in every text field of every body.
      ["NUL character in the password", { body: { email: ADMIN_EMAIL, password: "correct\u0000" } }, 400, "invalid_input"],
      ["lone surrogate in the email", { body: { email: "ad\uD800min@archimed.test", password: "x" } }, 400, "invalid_input"],
      ["empty strings", { body: { email: "", password: "" } }, 401, "invalid_credentials"],
    ];

    it.each(cases.map(([n, ...rest]) => [`${n} → ${rest[1]}`, ...rest] as const))("%s", async (_n, opts, status, code) => {
      const sessions = await sessionCount(server);
      const res = await call(server, "POST", "/api/auth/login", { ...opts, from: FROM });
      expectApiError(res, status, code);
      expect(res.json.error.message).not.toMatch(/^Error|stack|at \w+ \(/);
      expect(setCookies(res)).toEqual([]);
      expect(await sessionCount(server)).toBe(sessions);
    });

    it("after all of that the accounts are intact and the real password still works", async () => {
      const rows = await sql<{ n: number | string }>(server, "select count(*) as n from accounts");
      expect(Number(rows[0].n)).toBeGreaterThanOrEqual(4);
      await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(server.logs()).not.toMatch(/erreur inattendue|rendu impossible/);
    });
  });

  describe("security headers on every kind of response", () => {
    const expectHeaders = (res: ApiResponse, what: string) => {
      const csp = String(res.headers["content-security-policy"] ?? "");
      expect(csp, what).toMatch(/frame-ancestors '(self|none)'/);
      expect(csp, what).toMatch(/default-src 'self'/);
      expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers["x-content-type-options"], what).toBe("nosniff");
      expect(res.headers["referrer-policy"], what).toMatch(/^(strict-origin-when-cross-origin|same-origin|no-referrer|strict-origin)$/);
    };

    it("on /, /admin/login, /api/auth/session, a static asset, a redirect, an API 404 and a refused cross-site write", async () => {
      const home = await call(server, "GET", "/");
      expect(home.status).toBe(200);
      expectHeaders(home, "/");
      const asset = home.text.match(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/)?.[1];
      expect(asset, "an /assets file in the home page").toBeTruthy();
      const login = await call(server, "GET", "/admin/login");
      expect(login.status).toBe(200);
      expectHeaders(login, "/admin/login");
      expectHeaders(await call(server, "GET", "/api/auth/session"), "/api/auth/session");
      const a = await call(server, "GET", asset!);
      expect(a.status).toBe(200);
      expectHeaders(a, asset!);
      const favicon = await call(server, "GET", "/favicon.svg");
      expectHeaders(favicon, "/favicon.svg");
      const redirect = await call(server, "GET", "/admin/whatever");
      expect(redirect.status).toBe(302);
      expectHeaders(redirect, "redirect");
      expectHeaders(await call(server, "GET", "/api/nope"), "/api/nope");
      expectHeaders(await call(server, "POST", "/api/auth/logout", { headers: { origin: "http://evil.example" } }), "cross-site");
    });

    it("a public page shows the admin bar to a team member only, privately, and never leaks it to the next visitor", async () => {
      const signed = await call(server, "GET", "/offres", { cookie: admin });
      expect(signed.status).toBe(200);
      expect(String(signed.headers["cache-control"])).toMatch(/private|no-store/);
      expect(signed.text).toContain('data-testid="admin-bar"');
      expect(signed.text).toContain(ADMIN_EMAIL);
      const anonymous = await call(server, "GET", "/offres");
      expect(anonymous.status).toBe(200);
      expect(anonymous.text).not.toContain("admin-bar");
      expect(anonymous.text).not.toMatch(/AdminBar[-.\w]*\.js/);
      expect(anonymous.text).not.toContain(ADMIN_EMAIL);
      const outsiderView = await call(server, "GET", "/offres", { cookie: outsider.cookie });
      expect(outsiderView.text).not.toContain(outsider.email);
      expect(outsiderView.text).not.toContain("admin-bar");
    });

    it("the back-office HTML is never cached publicly", async () => {
      for (const p of ["/admin/login", "/admin/team", "/admin/archimed-pages"]) {
        const res = await call(server, "GET", p, { cookie: admin });
        expect(String(res.headers["cache-control"] ?? ""), p).not.toMatch(/\bpublic\b/);
      }
    });
  });
});
