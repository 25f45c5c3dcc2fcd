import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The one store of translated content (decision 030), on every engine: a former address that answers 301
 * is refused to every other article or page until its redirect is removed on purpose (finding 15 of
 * issue 24), the removal endpoint, the stale answer's date in the site's time zone for pages as for
 * articles, and the API contract's 401-then-405 for the backup routes that only take writes (finding 7).
 */
const ENGINES = await engines();
// Far from Paris on purpose: a date written in Paris time would show it.
const TZ = "America/New_York";

describe.each(ENGINES)("translated content store on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: string;

  const createArticle = (fr: Record<string, unknown>) => call(server, "POST", "/api/articles", { cookie: editor, body: { fr } });
  const redirectRows = (from: string) => sql<{ page_id: string }>(server, "select page_id from slug_redirects where from_path = ?", [from]);

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test", SITE_TIMEZONE: TZ });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "redactrice@archimed.test", "editor", "editor-password-1");
    editor = await login(server, e.email, e.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a draft article cannot take the old slug of a published one: refused in French, the 301 kept, until the redirect is removed on purpose", async () => {
    const first = await createArticle({ title: "Ancien titre du premier" });
    expect(first.status, first.text).toBe(201);
    const id = first.json.article.id as string;
    expect((await call(server, "POST", `/api/articles/${id}/fr/publish`, { cookie: editor, body: { version: 1 } })).status).toBe(200);
    const renamed = await call(server, "PUT", `/api/articles/${id}`, {
      cookie: editor,
      body: { fr: { title: "Nouveau titre", slug: "nouveau-titre-du-premier", version: 1 } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await get(server.url, "/blog/ancien-titre-du-premier")).status).toBe(301);

    // A new article whose title gives the old slug, then a draft renamed to it: both refused.
    const taking = await createArticle({ title: "Ancien titre du premier" });
    expectApiError(taking, 409, "slug_redirected");
    expect(taking.json.error.message).toMatch(/L'adresse «\s\/blog\/ancien-titre-du-premier\s» est l'ancienne adresse de «\sNouveau titre\s»/);
    expect(taking.json.error.message).toMatch(/supprimez d'abord cette redirection/);
    expect(taking.json.error.details).toMatchObject({ fromPath: "/blog/ancien-titre-du-premier", pageId: id, lang: "fr" });
    const draft = await createArticle({ title: "Un brouillon" });
    expect(draft.status, draft.text).toBe(201);
    const draftId = draft.json.article.id as string;
    expectApiError(
      await call(server, "PUT", `/api/articles/${draftId}`, {
        cookie: editor,
        body: { fr: { title: "Un brouillon", slug: "ancien-titre-du-premier", version: 1 } },
      }),
      409,
      "slug_redirected",
    );
    // Nothing was dropped: the redirect and the old address's 301 are still there.
    expect(await redirectRows("/blog/ancien-titre-du-premier")).toEqual([{ page_id: id }]);
    const still = await get(server.url, "/blog/ancien-titre-du-premier");
    expect(still.status).toBe(301);
    expect(still.headers.location).toBe("/blog/nouveau-titre-du-premier");

    // The redirects list shows it; removing it on purpose frees the address.
    const list = await call(server, "GET", "/api/redirects", { cookie: editor });
    expect(list.status, list.text).toBe(200);
    expect(list.json.redirects).toContainEqual(
      expect.objectContaining({
        fromPath: "/blog/ancien-titre-du-premier",
        pageId: id,
        lang: "fr",
        title: "Nouveau titre",
        toPath: "/blog/nouveau-titre-du-premier",
      }),
    );
    expectApiError(await call(server, "DELETE", "/api/redirects", { body: { fromPath: "/blog/ancien-titre-du-premier" } }), 401);
    expect((await call(server, "DELETE", "/api/redirects", { cookie: editor, body: { fromPath: "/blog/ancien-titre-du-premier" } })).status).toBe(200);
    expectApiError(await call(server, "DELETE", "/api/redirects", { cookie: editor, body: { fromPath: "/blog/ancien-titre-du-premier" } }), 404);
    expect((await get(server.url, "/blog/ancien-titre-du-premier")).status).toBe(404);
    const taken = await call(server, "PUT", `/api/articles/${draftId}`, {
      cookie: editor,
      body: { fr: { title: "Un brouillon", slug: "ancien-titre-du-premier", version: 1 } },
    });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.article.versions.fr.path).toBe("/blog/ancien-titre-du-premier");
  });

  it("an article taking back its own former slug drops its own redirect (no loop)", async () => {
    const a = await createArticle({ title: "Aller et retour" });
    const id = a.json.article.id as string;
    await call(server, "POST", `/api/articles/${id}/fr/publish`, { cookie: editor, body: { version: 1 } });
    expect((await call(server, "PUT", `/api/articles/${id}`, { cookie: editor, body: { fr: { title: "Aller", slug: "aller", version: 1 } } })).status).toBe(
      200,
    );
    const back = await call(server, "PUT", `/api/articles/${id}`, {
      cookie: editor,
      body: { fr: { title: "Aller et retour", slug: "aller-et-retour", version: 2 } },
    });
    expect(back.status, back.text).toBe(200);
    expect(await redirectRows("/blog/aller-et-retour")).toEqual([]);
    expect((await get(server.url, "/blog/aller-et-retour")).status).toBe(200);
    expect((await get(server.url, "/blog/aller")).headers.location).toBe("/blog/aller-et-retour");
  });

  it("pages follow the same rule: a new custom page cannot take a moved page's former address", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Atelier", slug: "atelier-store" }, en: { title: "Workshop", slug: "workshop-store" } },
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.json.page.id as string;
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: 1 } })).status).toBe(200);
    const view = await call(server, "GET", "/api/site-structure", { cookie: admin });
    const structure = view.json.structure;
    structure.pages[pageId] = {
      fr: { title: "Atelier", description: "", path: "/notre-atelier-store" },
      en: { title: "Workshop", description: "", path: "/en/page/workshop-store" },
    };
    const saved = await call(server, "PUT", "/api/site-structure", { cookie: admin, body: { version: view.json.version, structure } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(server, "POST", "/api/site-structure/publish", { cookie: admin, body: { version: saved.json.version } })).status).toBe(200);
    expect((await get(server.url, "/page/atelier-store")).status).toBe(301);

    const again = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Autre atelier", slug: "atelier-store" }, en: { title: "Other workshop", slug: "other-workshop-store" } },
    });
    expectApiError(again, 409, "slug_redirected");
    expect(again.json.error.message).toMatch(/«\sAtelier\s»/);
    expect(await redirectRows("/page/atelier-store")).toEqual([{ page_id: pageId }]);
  });

  it("the stale answer dates the other save in the site's time zone, for a page as for an article", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Horaires", slug: "horaires-store" }, en: { title: "Hours", slug: "hours-store" } },
    });
    const pageId = created.json.page.id as string;
    const doc = { version: 1, blocks: [] };
    expect((await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { doc, version: 1 } })).status).toBe(200);
    const [row] = await sql<{ updated_at: string }>(server, "select updated_at from page_translations where page_id = ? and lang = 'fr'", [pageId]);
    const local = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: TZ }).format(new Date(row.updated_at));
    const stale = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: editor, body: { doc, version: 1 } });
    expectApiError(stale, 409, "stale_version");
    expect(stale.json.error.message).toContain(`Cette page a été modifiée par ${ADMIN_EMAIL} le ${local}`);

    const a = await createArticle({ title: "Horaires d'été" });
    const id = a.json.article.id as string;
    expect((await call(server, "PUT", `/api/articles/${id}`, { cookie: admin, body: { fr: { title: "Horaires d'été", version: 1 } } })).status).toBe(200);
    const [arow] = await sql<{ updated_at: string }>(server, "select updated_at from page_translations where page_id = ? and lang = 'fr'", [id]);
    const alocal = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: TZ }).format(new Date(arow.updated_at));
    const astale = await call(server, "PUT", `/api/articles/${id}`, { cookie: editor, body: { fr: { title: "Horaires", version: 1 } } });
    expectApiError(astale, 409, "stale_version");
    expect(astale.json.error.message).toContain(`La version française de cet article a été modifiée par ${ADMIN_EMAIL} le ${alocal}`);
  });

  it("backup routes that only take writes: 401 for a stranger, then a short 405 for an admin; read-only resource routes: a short 405; no stack in the log", async () => {
    const writeOnly = ["/api/backups/upload", "/api/backups/schedule", "/api/backups/20000101-000000-000000", "/api/backups/20000101-000000-000000/restore"];
    for (const p of writeOnly) {
      expectApiError(await call(server, "GET", p), 401, "unauthenticated");
      const res = await call(server, "GET", p, { cookie: admin });
      expectApiError(res, 405, "method_not_allowed");
      expect(res.text.length, p).toBeLessThan(200);
    }
    // A visitor route says what it accepts without asking who is there.
    expectApiError(await call(server, "GET", "/api/contact"), 405, "method_not_allowed");
    // Resource routes outside /api that only read: a write gets a short 405 too.
    for (const p of ["/sitemap.xml", "/robots.txt", "/blog/rss.xml"]) {
      const res = await call(server, "POST", p, { raw: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.status, `${p} : ${res.text.slice(0, 200)}`).toBe(405);
      expect(res.text.length, p).toBeLessThan(200);
    }
    expect(server.logs()).not.toMatch(/Unexpected Server Error|\n\s+at [^\n]+\(/);
  });
});
