import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { createAndWait, uploadImage, waitForJob } from "../support/backups";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The activity log (issue 25 §5) on every engine: each kind of action leaves a line naming who, when,
 * what and from where; only admins read it, with filters, pages and a CSV export; nobody can edit it
 * through the application; a restore adds to it instead of replacing it; old lines go after
 * ACTIVITY_RETENTION_DAYS.
 */
const ENGINES = await engines();

interface Entry {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  outcome: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  lang: string | null;
  detail: string | null;
  ip: string | null;
}

describe.each(ENGINES)("activity log on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: string;
  let editorId: string;

  const log = async (query = "", cookie = admin): Promise<{ entries: Entry[]; next: string | null }> => {
    const res = await call(server, "GET", `/api/activity${query ? `?${query}` : ""}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const lastOf = async (action: string) => (await log(`action=${action}`)).entries[0];

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test", ACTIVITY_RETENTION_DAYS: "30" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD, "127.0.0.7");
    const e = await addMember(server, admin, "editrice@archimed.test", "editor", "editor-password-1");
    editorId = e.id;
    editor = await login(server, e.email, e.password, "127.0.0.9");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("records sign-ins with their outcome and address, and the member added", async () => {
    const ok = (await log("group=signIn&outcome=ok")).entries;
    expect(ok.find((x) => x.actorEmail === ADMIN_EMAIL)).toMatchObject({ action: "auth.sign_in", ip: "127.0.0.7" });
    expect(ok.find((x) => x.actorEmail === "editrice@archimed.test")).toMatchObject({ ip: "127.0.0.9" });
    expectApiError(
      await call(server, "POST", "/api/auth/login", { body: { email: "Editrice@archimed.test", password: "wrong-password-1" }, from: "127.0.0.11" }),
      401,
    );
    const failed = (await log("group=signIn&outcome=failure")).entries[0];
    expect(failed).toMatchObject({ actorEmail: "editrice@archimed.test", ip: "127.0.0.11", outcome: "failure" });
    expect(failed.detail).toMatch(/[a-zé]/);
    expect(await lastOf("team.add")).toMatchObject({ actorEmail: ADMIN_EMAIL, targetLabel: "editrice@archimed.test", targetId: editorId });
  });

  it("records publications, schedules, deletions, restores, role changes, design and structure publications and backups", async () => {
    // A custom page: published, then deleted.
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page du journal", slug: "page-journal" }, en: { title: "Log page", slug: "log-page" } },
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.json.page.id as string;
    const draft = (await call(server, "GET", `/api/pages/${pageId}/fr`, { cookie: editor })).json.draft;
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: editor, body: { version: draft.version } })).status).toBe(200);
    expect(await lastOf("page.publish")).toMatchObject({ actorEmail: "editrice@archimed.test", targetLabel: "Page du journal", lang: "fr", targetId: pageId });
    expect((await call(server, "DELETE", `/api/pages/${pageId}`, { cookie: admin })).status).toBe(200);
    expect(await lastOf("page.delete")).toMatchObject({ actorEmail: ADMIN_EMAIL, targetLabel: "Page du journal", targetType: "page" });

    // An article: scheduled, then published, then deleted.
    const art = await call(server, "POST", "/api/articles", { cookie: editor, body: { fr: { title: "Article du journal" } } });
    expect(art.status, art.text).toBe(201);
    const articleId = art.json.article.id as string;
    const version = () => call(server, "GET", `/api/articles/${articleId}`, { cookie: editor }).then((r) => r.json.article.versions.fr.version as number);
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);
    const scheduled = await call(server, "POST", `/api/articles/${articleId}/fr/schedule`, { cookie: editor, body: { version: await version(), at } });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(await lastOf("article.schedule")).toMatchObject({ targetLabel: "Article du journal", targetType: "article", lang: "fr" });
    expect((await call(server, "POST", `/api/articles/${articleId}/fr/publish`, { cookie: editor, body: { version: await version() } })).status).toBe(200);
    expect(await lastOf("article.publish")).toMatchObject({ targetLabel: "Article du journal" });
    const removed = await call(server, "DELETE", `/api/articles/${articleId}`, { cookie: admin, body: { versions: { fr: await version() } } });
    expect(removed.status, removed.text).toBe(200);
    expect(await lastOf("article.delete")).toMatchObject({ targetLabel: "Article du journal", actorEmail: ADMIN_EMAIL });

    // Media deleted.
    const item = await uploadImage(server, editor);
    expect((await call(server, "DELETE", `/api/media/${item.id}`, { cookie: editor })).status).toBe(200);
    expect(await lastOf("media.delete")).toMatchObject({ targetId: item.id, targetType: "media" });

    // Role change and password reset.
    expect((await call(server, "PATCH", `/api/team/${editorId}`, { cookie: admin, body: { role: "admin" } })).status).toBe(200);
    expect(await lastOf("team.role")).toMatchObject({ targetLabel: "editrice@archimed.test", detail: "editor → admin" });
    expect((await call(server, "PATCH", `/api/team/${editorId}`, { cookie: admin, body: { role: "editor" } })).status).toBe(200);
    expect((await call(server, "POST", `/api/team/${editorId}/password`, { cookie: admin, body: {} })).status).toBe(200);
    expect(await lastOf("team.password_reset")).toMatchObject({ targetLabel: "editrice@archimed.test" });
    editor = await login(server, "editrice@archimed.test", "editor-password-1").catch(() => "");

    // Design and structure publications.
    const design = (await call(server, "GET", "/api/design", { cookie: admin })).json;
    expect((await call(server, "POST", "/api/design/publish", { cookie: admin, body: { version: design.version } })).status).toBe(200);
    expect(await lastOf("design.publish")).toMatchObject({ actorEmail: ADMIN_EMAIL, targetType: "design" });
    const structure = (await call(server, "GET", "/api/site-structure", { cookie: admin })).json;
    const pub = await call(server, "POST", "/api/site-structure/publish", { cookie: admin, body: { version: structure.version } });
    expect(pub.status, pub.text).toBe(200);
    expect(await lastOf("structure.publish")).toMatchObject({ targetType: "structure" });

    // A backup, then its restore: the restore's line and every line written since the archive stay.
    const backup = await createAndWait(server, admin);
    expect(await lastOf("backup.create")).toMatchObject({ actorEmail: ADMIN_EMAIL, targetId: backup.id, outcome: "ok", ip: "127.0.0.1" });
    await call(server, "POST", "/api/auth/login", { body: { email: "personne@archimed.test", password: "wrong-password-2" }, from: "127.0.0.12" });
    const linesBefore = Number((await sql<{ n: number | string }>(server, "select count(*) as n from activity_log"))[0].n);
    const restoring = await call(server, "POST", `/api/backups/${backup.id}/restore`, { cookie: admin, body: { confirm: true } });
    expect(restoring.status, restoring.text).toBe(202);
    expect((await waitForJob(server, admin)).job.outcome).toBe("done");
    expect(await lastOf("backup.restore")).toMatchObject({ actorEmail: ADMIN_EMAIL, targetId: backup.id, outcome: "ok" });
    const linesAfter = Number((await sql<{ n: number | string }>(server, "select count(*) as n from activity_log"))[0].n);
    // The lines made after the archive (the failed sign-in from .12) are still there, plus the restore's own.
    expect(linesAfter).toBe(linesBefore + 1);
    expect((await log("group=signIn&outcome=failure")).entries.some((x) => x.ip === "127.0.0.12")).toBe(true);
  });

  it("is read by admins only, and nobody edits it through the application", async () => {
    const editorCookie = await login(server, "editrice@archimed.test", "editor-password-1").catch(() => null);
    if (editorCookie) expectApiError(await call(server, "GET", "/api/activity", { cookie: editorCookie }), 403, "forbidden");
    expectApiError(await call(server, "GET", "/api/activity"), 401);
    expectApiError(await call(server, "GET", "/api/activity.csv"), 401);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expectApiError(await call(server, method, "/api/activity", { cookie: admin, body: {} }), 405);
      expectApiError(await call(server, method, "/api/activity.csv", { cookie: admin, body: {} }), 405);
    }
  });

  it("filters by group, member, outcome, day and words, pages with a cursor, and refuses bad filters in French", async () => {
    // 120 sign-in failures of one address, then pages of 50 walk them all without repeating a line.
    await sql(server, "delete from activity_log where actor_email = ?", ["robot@archimed.test"]);
    for (let i = 0; i < 120; i++) {
      const at = new Date(Date.UTC(2026, 0, 10, 12, 0, i)).toISOString();
      await sql(server, "insert into activity_log (id, at, actor_email, action, outcome, ip) values (?, ?, ?, ?, ?, ?)", [
        `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        at,
        "robot@archimed.test",
        "auth.sign_in",
        "failure",
        "127.0.0.99",
      ]);
    }
    const seen = new Set<string>();
    let query = "actor=robot@archimed.test";
    let pages = 0;
    for (;;) {
      const page = await log(query);
      pages++;
      for (const x of page.entries) {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
      }
      if (!page.next) break;
      query = `actor=robot@archimed.test&before=${page.next}`;
    }
    expect(seen.size).toBe(120);
    expect(pages).toBe(3);
    // Days are the site's (Europe/Paris): 2026-01-10 holds them all, the 9th and the 11th none.
    expect((await log("actor=robot@archimed.test&from=2026-01-10&to=2026-01-10")).entries).toHaveLength(50);
    expect((await log("actor=robot@archimed.test&to=2026-01-09")).entries).toHaveLength(0);
    expect((await log("actor=robot@archimed.test&from=2026-01-11")).entries).toHaveLength(0);
    expect((await log("actor=robot@archimed.test&outcome=ok")).entries).toHaveLength(0);
    expect((await log("q=robot&group=signIn")).entries.length).toBeGreaterThan(0);
    expect((await log("q=%25%25%25")).entries).toHaveLength(0);
    expectApiError(await call(server, "GET", "/api/activity?group=nimporte", { cookie: admin }), 400);
    expectApiError(await call(server, "GET", "/api/activity?from=2026-13-45", { cookie: admin }), 400);
    expectApiError(await call(server, "GET", "/api/activity?before=pas-un-curseur", { cookie: admin }), 400);
    expectApiError(await call(server, "GET", "/api/activity?q=%00", { cookie: admin }), 400);
  });

  it("exports the filtered lines as CSV, with formulas kept as text", async () => {
    await sql(server, "insert into activity_log (id, at, actor_email, action, outcome, target_label, ip) values (?, ?, ?, ?, ?, ?, ?)", [
      "00000000-0000-4000-9000-000000000001",
      new Date().toISOString(),
      ADMIN_EMAIL,
      "page.publish",
      "ok",
      '=HYPERLINK("https://evil.test";"clic")',
      "127.0.0.7",
    ]);
    const res = await call(server, "GET", "/api/activity.csv?action=page.publish", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="journal-activite-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Date (UTC);Membre;Action;Résultat;Objet;Identifiant;Langue;Détail;Adresse IP");
    expect(lines.slice(1).every((l) => l.includes("Page publiée"))).toBe(true);
    expect(res.text).toContain(`"'=HYPERLINK(""https://evil.test"";""clic"")"`);
    const all = await call(server, "GET", "/api/activity.csv?actor=robot@archimed.test", { cookie: admin });
    expect(all.text.trim().split("\r\n")).toHaveLength(121);
  });

  it("drops lines older than ACTIVITY_RETENTION_DAYS at start", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await sql(server, "insert into activity_log (id, at, actor_email, action, outcome) values (?, ?, ?, ?, ?)", [
      "00000000-0000-4000-a000-000000000001",
      old,
      "ancien@archimed.test",
      "auth.sign_in",
      "ok",
    ]);
    server = await server.restart();
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD, "127.0.0.7");
    // The sweep runs in the background at start: wait for it (a condition, not a time).
    for (let i = 0; i < 200; i++) {
      if ((await sql(server, "select id from activity_log where id = ?", ["00000000-0000-4000-a000-000000000001"])).length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await sql(server, "select id from activity_log where id = ?", ["00000000-0000-4000-a000-000000000001"])).toHaveLength(0);
    // Lines within the retention stay (the January lines above are older than 30 days too: gone as well).
    expect((await log("actor=robot@archimed.test")).entries).toHaveLength(0);
    expect((await log("group=signIn")).entries.length).toBeGreaterThan(0);
  });
});
