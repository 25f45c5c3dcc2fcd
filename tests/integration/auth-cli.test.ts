import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";
import { team, type Run } from "../support/team-cli";

/**
 * The shell command (npm run team -- …) run against the same database as a live server, and the first
 * start that creates an admin with a generated password printed once.
 */
const ENGINES = await engines();

const printedPassword = (out: string) => out.match(/Mot de passe\u202f: (\S+)/)?.[1];

describe.each(ENGINES)("the team shell command on %s", (engine) => {
  let server: TestServer;
  const editorEmail = "cli-editor@archimed.test";
  const adminEmail = "cli-admin@archimed.test";
  let editorPassword = "";

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("add prints a generated password that signs in through the running server; --password is used as given", async () => {
    const [gen, given] = await Promise.all([
      team(server, "add", editorEmail, "--role", "editor"),
      team(server, "add", adminEmail, "--role", "admin", "--password", "cli-admin-password"),
    ]);
    expect(gen.code, gen.stderr).toBe(0);
    expect(gen.stdout).toContain(`Membre ajouté : ${editorEmail} (editor)`);
    editorPassword = printedPassword(gen.stdout) ?? "";
    expect(editorPassword.length).toBeGreaterThanOrEqual(16);
    expect(given.code, given.stderr).toBe(0);
    expect(printedPassword(given.stdout)).toBeUndefined();

    const editorCookie = await login(server, editorEmail, editorPassword);
    expect((await call(server, "GET", "/api/auth/session", { cookie: editorCookie })).json.user).toMatchObject({ email: editorEmail, role: "editor" });
    const adminCookie = await login(server, adminEmail, "cli-admin-password");
    expect((await call(server, "GET", "/api/team", { cookie: adminCookie })).status).toBe(200);
    const [row] = await sql<{ password_hash: string }>(server, "select password_hash from accounts where email = ?", [editorEmail]);
    expect(row.password_hash.startsWith("scrypt$")).toBe(true);
    expect(row.password_hash).not.toContain(editorPassword);

    const list = await team(server, "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${editorEmail}\\teditor`));
    expect(list.stdout).toMatch(new RegExp(`${adminEmail}\\tadmin`));
    expect(list.stdout).toMatch(new RegExp(`${ADMIN_EMAIL}\\tadmin`));
  });

  it("set-role changes the role and ends that member's sessions at once", async () => {
    const cookie = await login(server, editorEmail, editorPassword);
    const r = await team(server, "set-role", editorEmail, "admin");
    expect(r.code, r.stderr).toBe(0);
    expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
    const again = await login(server, editorEmail, editorPassword);
    expect((await call(server, "GET", "/api/auth/session", { cookie: again })).json.user.role).toBe("admin");
  });

  it("reset-password prints a new password, ends the sessions, and the old password stops working", async () => {
    const cookie = await login(server, editorEmail, editorPassword);
    const r = await team(server, "reset-password", editorEmail);
    expect(r.code, r.stderr).toBe(0);
    const fresh = printedPassword(r.stdout);
    expect(fresh && fresh !== editorPassword).toBeTruthy();
    expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
    expectApiError(await call(server, "POST", "/api/auth/login", { body: { email: editorEmail, password: editorPassword } }), 401, "invalid_credentials");
    editorPassword = fresh!;
    await login(server, editorEmail, editorPassword);
  });

  it("remove ends the sessions and the sign-in", async () => {
    const cookie = await login(server, editorEmail, editorPassword);
    const r = await team(server, "remove", editorEmail);
    expect(r.code, r.stderr).toBe(0);
    expectApiError(await call(server, "GET", "/api/auth/session", { cookie }), 401);
    expectApiError(await call(server, "POST", "/api/auth/login", { body: { email: editorEmail, password: editorPassword } }), 401, "invalid_credentials");
    expect(await sql(server, "select 1 from team_members where email = ?", [editorEmail])).toEqual([]);
    expect(await sql(server, "select 1 from accounts where email = ?", [editorEmail])).toEqual([]);
  });

  it("bad arguments exit with code 2 and a message, and change nothing", async () => {
    const commands = [
      ["add", "bad-role@archimed.test", "--role", "superuser"],
      ["add", "short@archimed.test", "--role", "editor", "--password", "short"],
      ["add", "not-an-email", "--role", "editor"],
      ["add", ADMIN_EMAIL, "--role", "editor"],
      ["set-role", adminEmail, "owner"],
      ["reset-password", "ghost@archimed.test"],
      ["remove", "ghost@archimed.test"],
      ["promote", adminEmail],
    ];
    // Two at a time: each run starts a TypeScript toolchain, and the machine has two cores.
    const runs: Run[] = [];
    for (let i = 0; i < commands.length; i += 2) runs.push(...(await Promise.all(commands.slice(i, i + 2).map((c) => team(server, ...c)))));
    for (const r of runs) {
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(/^Erreur\u202f: \S/m);
    }
    expect(runs[0].stderr).toContain("rôle attendu : admin, editor ou contributor");
    const rows = await sql<{ email: string; role: string }>(server, "select email, role from team_members order by email");
    expect(rows).toEqual([
      { email: ADMIN_EMAIL, role: "admin" },
      { email: adminEmail, role: "admin" },
    ]);
    expect(await sql(server, "select email from accounts where email in (?, ?, ?)", ["bad-role@archimed.test", "short@archimed.test", "not-an-email"])).toEqual(
      [],
    );
  });

  it("the last admin can be neither removed nor demoted from the shell (the API's rule, issue 9)", async () => {
    const other = await team(server, "remove", adminEmail);
    expect(other.code, other.stderr).toBe(0);
    for (const args of [
      ["remove", ADMIN_EMAIL],
      ["set-role", ADMIN_EMAIL, "editor"],
    ]) {
      const r = await team(server, ...args);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain("Erreur : L'équipe doit garder au moins un administrateur.");
    }
    expect(await sql(server, "select email, role from team_members")).toEqual([{ email: ADMIN_EMAIL, role: "admin" }]);
  });
});

describe.each(ENGINES)("first start on %s", (engine) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("with no team and no ADMIN_PASSWORD, an admin is created with a password printed once, which signs in", async () => {
    // A new machine's first start: an empty database the server migrates and seeds itself, not the run's template.
    server = await startServer(engine, {}, { fresh: true });
    const logs = server.logs();
    const matches = [...logs.matchAll(/Mot de passe \(affiché une seule fois\)\u202f: (\S+)/g)];
    expect(matches, logs).toHaveLength(1);
    const password = matches[0][1];
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(logs.split(password)).toHaveLength(2);
    const email = logs.match(/Administrateur initial créé\u202f: (\S+)/)?.[1];
    expect(email).toBeTruthy();
    const cookie = await login(server, email!, password);
    expect((await call(server, "GET", "/api/auth/session", { cookie })).json.user).toMatchObject({ email, role: "admin" });
    const [row] = await sql<{ password_hash: string }>(server, "select password_hash from accounts where email = ?", [email]);
    expect(row.password_hash.startsWith("scrypt$")).toBe(true);
    expect(row.password_hash).not.toContain(password);

    // A restart does not create another admin nor print a password again.
    server = await server.restart();
    expect(server.logs()).not.toContain("Mot de passe");
    expect(server.logs()).not.toContain(password);
    const rows = await sql<{ n: number | string }>(server, "select count(*) as n from team_members");
    expect(Number(rows[0].n)).toBe(1);
    await login(server, email!, password);
  });

  it("with ADMIN_EMAIL and ADMIN_PASSWORD, that admin is created and the password is never logged", async () => {
    await server?.stop();
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "info" });
    expect(server.logs()).not.toContain(ADMIN_PASSWORD);
    expect(server.logs()).not.toContain("Mot de passe");
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await call(server, "GET", "/api/auth/session", { cookie })).json.user).toMatchObject({ email: ADMIN_EMAIL, role: "admin" });
  });
});
