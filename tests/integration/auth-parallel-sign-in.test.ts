import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, setCookies } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 24 finding 12: the sign-in limit counts failures, not attempts. Twelve parallel right passwords
 * for one account (a team opening the back-office in several tabs, a script) used to get seven 429s
 * "Réessayez dans 15 minute(s)"; the wrong-password lock still holds, and its message says "minutes".
 */
const ENGINES = await engines();

describe.each(ENGINES)("parallel sign-ins on %s", (engine) => {
  let server: TestServer;
  const PASSWORD = "member-password-12";

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const name of ["busy", "guessed"]) await addMember(server, admin, `${name}@archimed.test`, "editor", PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("12 parallel right passwords for one account all sign in, each with its own session", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(server, "POST", "/api/auth/login", { body: { email: "busy@archimed.test", password: PASSWORD }, from: "127.0.0.61" }),
      ),
    );
    expect(
      results.map((r) => r.status),
      results.map((r) => r.text).join("\n"),
    ).toEqual(Array(12).fill(200));
    expect(new Set(results.map((r) => setCookies(r).join(";"))).size).toBe(12);
    // And they spent nothing: five wrong passwords are still answered 401 before the lock.
    for (let i = 1; i <= 5; i++)
      expectApiError(await call(server, "POST", "/api/auth/login", { body: { email: "busy@archimed.test", password: `wrong-${i}` }, from: "127.0.0.61" }), 401);
  });

  it("6 wrong passwords still lock the account, with a French plural in the wait", async () => {
    const attempt = (password: string) => call(server, "POST", "/api/auth/login", { body: { email: "guessed@archimed.test", password }, from: "127.0.0.62" });
    for (let i = 1; i <= 5; i++) expectApiError(await attempt(`wrong-${i}`), 401, "invalid_credentials");
    const sixth = await attempt("wrong-6");
    expectApiError(sixth, 429, "too_many_requests");
    expect(sixth.json.error.message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(sixth.json.error.message).toContain("15 minutes.");
    expectApiError(await attempt(PASSWORD), 429, "too_many_requests");
  });
});
