import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToUtc, utcToLocal } from "~/lib/blog/time";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The article API on every engine: metadata per language (slug derived, validated, unique, reserved
 * words refused), stale saves refused, schedule / publish now / unpublish / delete, the old slug kept
 * as a 301, a one-language article, scheduling decided at read time to the second (the cached blog
 * list lets go at the publication instant), and hostile input answered in French without storing anything.
 */
const ENGINES = await engines();
const TZ = "Europe/Paris";

interface Version {
  lang: "fr" | "en";
  path: string;
  slug: string;
  title: string;
  status: string;
  version: number;
  publishAt: string | null;
  publishAtLocal: string | null;
  tags: string[];
  authorId: string | null;
  authorEmail: string | null;
  coverUrl: string;
  coverAlt: string;
  excerpt: string;
}
interface Article {
  id: string;
  versions: Partial<Record<"fr" | "en", Version>>;
}

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describe.each(ENGINES)("article API on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: { id: string; cookie: string };

  const create = (body: unknown, cookie = admin) => call(server, "POST", "/api/articles", { cookie, body });
  const update = (id: string, body: unknown, cookie = admin) => call(server, "PUT", `/api/articles/${id}`, { cookie, body });
  const act = (id: string, lang: string, action: string, body: unknown, cookie = admin) =>
    call(server, "POST", `/api/articles/${id}/${lang}/${action}`, { cookie, body });
  const fetchArticle = async (id: string): Promise<Article> => {
    const res = await call(server, "GET", `/api/articles/${id}`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    return res.json.article;
  };
  const articleCount = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from pages where kind = 'article'"))[0].n);
  const newArticle = async (fr: Record<string, unknown> | undefined, en?: Record<string, unknown>): Promise<Article> => {
    const res = await create({ ...(fr ? { fr } : {}), ...(en ? { en } : {}) });
    expect(res.status, res.text).toBe(201);
    return res.json.article;
  };

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test", SITE_TIMEZONE: TZ });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "redactrice@archimed.test", "editor", "editor-password-1");
    editor = { id: e.id, cookie: await login(server, e.email, e.password) };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists the seeded articles with both language versions, status, date, author and the site's time zone", async () => {
    const res = await call(server, "GET", "/api/articles", { cookie: editor.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json.timeZone).toBe(TZ);
    expect(res.json.articles.length).toBeGreaterThanOrEqual(3);
    const a = res.json.articles[0] as Article;
    expect(a.versions.fr?.status).toBe("published");
    expect(a.versions.en?.path).toMatch(/^\/en\/blog\//);
    expect(res.json.authors.some((m: { email: string }) => m.email === "redactrice@archimed.test")).toBe(true);
  });

  it("creates an article as a draft with a slug derived from the title, author and tags; visitors get a 404", async () => {
    const a = await newArticle(
      {
        title: "Réserver en ligne : 5 conseils !",
        excerpt: "Un résumé.",
        description: "Méta.",
        tags: ["Réservation", "réservation", "Salon"],
        authorId: editor.id,
        coverUrl: "/media/seed/blog-reservation-salon.jpg",
        coverAlt: "Un salon",
      },
      { title: "Booking online: 5 tips", slug: "booking-online-tips" },
    );
    expect(a.versions.fr).toMatchObject({
      slug: "reserver-en-ligne-5-conseils",
      path: "/blog/reserver-en-ligne-5-conseils",
      status: "draft",
      version: 1,
      authorEmail: "redactrice@archimed.test",
      coverAlt: "Un salon",
    });
    expect(a.versions.fr?.tags).toEqual(["Réservation", "Salon"]);
    expect(a.versions.en?.path).toBe("/en/blog/booking-online-tips");
    expect((await get(server.url, "/blog/reserver-en-ligne-5-conseils")).status).toBe(404);
    expect((await get(server.url, "/blog")).text).not.toContain("5 conseils");
  });

  it("refuses bad input in French, never a 500, and stores nothing", async () => {
    const before = await articleCount();
    const cases: [unknown, number, string][] = [
      [{ fr: { title: "Admin", slug: "admin" } }, 400, "réservé"],
      [{ fr: { title: "Flux", slug: "rss.xml" } }, 400, "réservé"],
      [{ fr: { title: "Api", slug: "api" } }, 400, "réservé"],
      [{ fr: { title: "Bad slug", slug: "Pas Bon/../x" } }, 400, "slug invalide"],
      [{ fr: { title: "<script>alert(1)</script>" } }, 400, "HTML"],
      [{ fr: { title: "Bien", excerpt: "<img src=x onerror=alert(1)>" } }, 400, "HTML"],
      [{ fr: { title: "Bien", tags: ["<b>gras</b>"] } }, 400, "HTML"],
      [{ fr: { title: "Contrôle\u0007" } }, 400, "contrôle"],
      [{ fr: { title: "Bien", coverUrl: "javascript:alert(1)" } }, 400, "adresse invalide"],
      [{ fr: { title: "Bien", authorId: "inconnu" } }, 400, "auteur inconnu"],
      [{ fr: { title: "" } }, 400, "titre"],
      [{ fr: { title: 42 } }, 400, "titre"],
      [{ fr: { title: "x".repeat(500) } }, 400, "120"],
      [{}, 400, "au moins une langue"],
      [{ fr: { title: "Bien", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } }, 400, "10 étiquettes"],
      [{ fr: { title: "!!!" } }, 400, "slug"],
    ];
    for (const [body, status, text] of cases) {
      const res = await create(body);
      expectApiError(res, status);
      expect(res.json.error.message, JSON.stringify(body)).toContain(text);
    }
    expectApiError(
      await call(server, "POST", "/api/articles", { cookie: admin, raw: "{pas du json", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expectApiError(await call(server, "POST", "/api/articles", { cookie: admin, body: { fr: { title: "x", excerpt: "y".repeat(40_000) } } }), 413);
    expectApiError(await call(server, "POST", "/api/articles", { body: { fr: { title: "Sans session" } } }), 401);
    expectApiError(await call(server, "GET", "/api/articles?status=perdu", { cookie: admin }), 400);
    expectApiError(await call(server, "GET", "/api/articles/introuvable", { cookie: admin }), 404);
    expectApiError(await call(server, "GET", `/api/articles/${"x".repeat(200)}`, { cookie: admin }), 404);
    expect(await articleCount()).toBe(before);
  });

  it("asks for a session and a team record on every article endpoint", async () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/articles"],
      ["POST", "/api/articles", { fr: { title: "x" } }],
      ["GET", "/api/articles/options"],
      ["GET", "/api/articles/x"],
      ["PUT", "/api/articles/x", { fr: { title: "x", version: 1 } }],
      ["DELETE", "/api/articles/x", { versions: {} }],
      ["POST", "/api/articles/x/fr/publish", { version: 1 }],
      ["POST", "/api/articles/generate", { topic: "x" }],
    ];
    const o = await addMember(server, admin, "partie@archimed.test", "editor", "outsider-password-1");
    const outsider = await login(server, o.email, o.password);
    await sql(server, "delete from team_members where email = ?", [o.email]);
    for (const [method, path, body] of endpoints) {
      expectApiError(await call(server, method, path, { body }), 401);
      expectApiError(await call(server, method, path, { body, cookie: outsider }), 403);
    }
  });

  it("refuses a slug already used, in the same language", async () => {
    await newArticle({ title: "Unique", slug: "slug-unique" });
    const before = await articleCount();
    const res = await create({ fr: { title: "Autre", slug: "slug-unique" } });
    expectApiError(res, 409);
    expect(res.json.error.message).toContain("slug-unique");
    // The same slug in the other language is another path: allowed.
    expect((await create({ en: { title: "Other", slug: "slug-unique" } })).status).toBe(201);
    expect(await articleCount()).toBe(before + 1);
  });

  it("saves metadata with the version it was read at; a stale save is refused and changes nothing", async () => {
    const a = await newArticle({ title: "Version un" });
    const ok = await update(a.id, { fr: { title: "Version deux", version: 1 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.article.versions.fr).toMatchObject({ title: "Version deux", version: 2, slug: "version-deux" });
    const stale = await update(a.id, { fr: { title: "Écrasement", version: 1 } }, editor.cookie);
    expectApiError(stale, 409, "stale_version");
    expect(stale.json.error.details.currentVersion).toBe(2);
    expect((await fetchArticle(a.id)).versions.fr?.title).toBe("Version deux");
    const forced = await update(a.id, { fr: { title: "Écrasement", version: 1 }, force: true }, editor.cookie);
    expect(forced.status).toBe(200);
    // Adding the missing language later.
    const en = await update(a.id, { en: { title: "English version" } });
    expect(en.json.article.versions.en).toMatchObject({ slug: "english-version", status: "draft" });
  });

  it("publishes now, keeps the old URL as a 301 after a slug change, and unpublishes", async () => {
    const a = await newArticle({ title: "Article publié", excerpt: "Le résumé visible." });
    const pub = await act(a.id, "fr", "publish", { version: 1 });
    expect(pub.status, pub.text).toBe(200);
    expect(pub.json.article.versions.fr.status).toBe("published");
    expect((await get(server.url, "/blog/article-publie")).status).toBe(200);
    expect((await get(server.url, "/blog")).text).toContain("Article publié");
    // This article has no English version: the English list does not show it; the switch leads to /en/blog.
    expect((await get(server.url, "/en/blog")).text).not.toContain("Article publié");
    const sw = await get(server.url, "/en/blog/article-publie");
    expect(sw.status).toBe(302);
    expect(sw.headers.location).toBe("/en/blog");

    const renamed = await update(a.id, { fr: { title: "Article publié", slug: "nouveau-nom", version: 1 } });
    expect(renamed.status, renamed.text).toBe(200);
    const old = await get(server.url, "/blog/article-publie");
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe("/blog/nouveau-nom");
    expect((await get(server.url, "/blog/nouveau-nom")).status).toBe(200);

    const un = await act(a.id, "fr", "unpublish", { version: 2 });
    expect(un.json.article.versions.fr.status).toBe("draft");
    expect((await get(server.url, "/blog/nouveau-nom")).status).toBe(404);
    expect((await get(server.url, "/blog")).text).not.toContain("Article publié");
  });

  it("schedules in the site's time zone: a 404 and absent from the (cached) list until the second, then visible", async () => {
    const a = await newArticle({ title: "Programmé à la seconde", tags: ["Agenda"] });
    // A whole second at least 2 s ahead, written as a Paris wall-clock time.
    const at = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
    const res = await act(a.id, "fr", "schedule", { version: 1, at: utcToLocal(at, TZ, true) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.article.versions.fr).toMatchObject({ status: "scheduled", publishAt: at.toISOString() });
    // The blog list is rendered and cached before the publication time.
    expect((await get(server.url, "/blog")).text).not.toContain("Programmé à la seconde");
    expect((await get(server.url, "/blog")).text).not.toContain("Programmé à la seconde");
    expect((await get(server.url, "/blog/programme-a-la-seconde")).status).toBe(404);
    expect((await call(server, "GET", "/api/articles?status=scheduled", { cookie: admin })).json.articles.map((x: Article) => x.id)).toContain(a.id);
    await sleepUntil(at.getTime() + 30);
    expect((await get(server.url, "/blog/programme-a-la-seconde")).status).toBe(200);
    expect((await get(server.url, "/blog")).text).toContain("Programmé à la seconde");
    expect((await fetchArticle(a.id)).versions.fr?.status).toBe("published");
  });

  it("stores UTC from the wall-clock time, and refuses impossible, far past and far future dates", async () => {
    const a = await newArticle({ title: "Date lointaine" });
    const year = new Date().getUTCFullYear() + 1;
    const ok = await act(a.id, "fr", "schedule", { version: 1, at: `${year}-07-01T09:00` });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.article.versions.fr.publishAt).toBe(localToUtc(`${year}-07-01T09:00`, TZ).toISOString());
    expect(ok.json.article.versions.fr.publishAt).toBe(`${year}-07-01T07:00:00.000Z`);
    expect(ok.json.article.versions.fr.publishAtLocal).toBe(`${year}-07-01T09:00`);
    for (const at of [`${year}-02-30T09:00`, "01/07/2027 09:00", "2027-07-01", "", `${year + 5}-01-01T09:00`, "1990-01-01T09:00"]) {
      const res = await act(a.id, "fr", "schedule", { version: 1, at });
      expectApiError(res, 400);
      expect(res.json.error.message).toMatch(/date/);
    }
    expectApiError(await act(a.id, "fr", "schedule", { version: 7, at: `${year}-07-01T09:00` }), 409, "stale_version");
    expectApiError(await act(a.id, "de", "schedule", { version: 1, at: `${year}-07-01T09:00` }), 404);
    expectApiError(await act(a.id, "fr", "explode", { version: 1 }), 404);
    expectApiError(await act("inconnu", "fr", "publish", { version: 1 }), 404);
  });

  it("filters by status, language, tag and title", async () => {
    await newArticle({ title: "Filtre étiqueté", tags: ["Spécial"] });
    await newArticle(undefined, { title: "Only in English" });
    const ids = async (q: string) =>
      ((await call(server, "GET", `/api/articles?${q}`, { cookie: admin })).json.articles as Article[]).map((a) => (a.versions.fr ?? a.versions.en)!.title);
    expect(await ids("tag=special")).toEqual(["Filtre étiqueté"]);
    expect(await ids("q=FILTRE%20ETIQ")).toEqual(["Filtre étiqueté"]);
    expect(await ids("lang=en&q=only")).toEqual(["Only in English"]);
    expect(await ids("lang=fr&q=only")).toEqual([]);
    const drafts = await ids("status=draft");
    expect(drafts).toContain("Filtre étiqueté");
    expect(drafts).not.toContain("Programmé à la seconde");
  });

  it("pages the list in SQL (total, pageCount, ?page=) and gives the calendar only its month's articles", async () => {
    const first = await call(server, "GET", "/api/articles", { cookie: admin });
    const total = first.json.total as number;
    expect(total).toBeGreaterThanOrEqual(first.json.articles.length);
    // 21 more articles: at least two pages of 20.
    const year = new Date().getUTCFullYear() + 1;
    for (let i = 0; i < 21; i++) await newArticle({ title: `Série paginée ${i}` });
    const p1 = await call(server, "GET", "/api/articles?q=serie%20paginee", { cookie: admin });
    expect(p1.json).toMatchObject({ total: 21, page: 1, pageCount: 2 });
    expect(p1.json.articles).toHaveLength(20);
    const p2 = await call(server, "GET", "/api/articles?q=serie%20paginee&page=2", { cookie: admin });
    expect(p2.json.articles).toHaveLength(1);
    const seen = new Set([...p1.json.articles, ...p2.json.articles].map((a: Article) => a.id));
    expect(seen.size).toBe(21);
    expectApiError(await call(server, "GET", "/api/articles?page=0", { cookie: admin }), 400);
    for (const bad of ["month=2026-13", "month=9999-12", "month=", "page=", "page=1e3"])
      expectApiError(await call(server, "GET", `/api/articles?${bad}`, { cookie: admin }), 400);
    // The calendar: a scheduled article is in its month's answer, not in another month's.
    const a = await newArticle({ title: "Au calendrier de mars" });
    expect((await act(a.id, "fr", "schedule", { version: 1, at: `${year}-03-12T10:00` })).status).toBe(200);
    const march = await call(server, "GET", `/api/articles?month=${year}-03`, { cookie: admin });
    expect(march.json.month).toBe(`${year}-03`);
    expect(march.json.calendar.map((x: Article) => x.id)).toContain(a.id);
    const may = await call(server, "GET", `/api/articles?month=${year}-05`, { cookie: admin });
    expect(may.json.calendar.map((x: Article) => x.id)).not.toContain(a.id);
    // A search with SQL wildcards is literal.
    expect((await call(server, "GET", "/api/articles?q=%25", { cookie: admin })).json.total).toBe(0);
  });

  it("removes one language version, keeps the other, and refuses to remove the last one", async () => {
    const a = await newArticle({ title: "Bilingue à alléger" }, { title: "Lightened bilingual" });
    await act(a.id, "en", "publish", { version: 1 });
    await act(a.id, "fr", "publish", { version: 1 });
    expect((await get(server.url, "/en/blog/lightened-bilingual")).status).toBe(200);
    expectApiError(await act(a.id, "en", "remove", { version: 7 }), 409, "stale_version");
    expectApiError(await act(a.id, "en", "remove", {}), 400);
    const res = await act(a.id, "en", "remove", { version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.article.versions.en).toBeUndefined();
    expect(res.json.article.versions.fr.title).toBe("Bilingue à alléger");
    expect((await fetchArticle(a.id)).versions.en).toBeUndefined();
    expect((await get(server.url, "/en/blog/lightened-bilingual")).status).toBe(404);
    expect((await get(server.url, "/en/blog")).text).not.toContain("Lightened bilingual");
    expect((await get(server.url, "/blog/bilingue-a-alleger")).status).toBe(200);
    expect(Number((await sql<{ n: number | string }>(server, `select count(*) as n from article_tags where page_id = '${a.id}' and lang = 'en'`))[0].n)).toBe(
      0,
    );
    expectApiError(await act(a.id, "en", "remove", { version: 1 }), 404);
    const last = await act(a.id, "fr", "remove", { version: 1 });
    expectApiError(last, 409);
    expect(last.json.error.message).toContain("supprimez l'article");
    expect((await fetchArticle(a.id)).versions.fr).toBeDefined();
  });

  it("deletes only with the versions the member saw: no silent loss of another member's work", async () => {
    const a = await newArticle({ title: "À supprimer" }, { title: "To delete" });
    await update(a.id, { fr: { title: "À supprimer (modifié)", version: 1 } }, editor.cookie);
    const stale = await call(server, "DELETE", `/api/articles/${a.id}`, { cookie: admin, body: { versions: { fr: 1, en: 1 } } });
    expectApiError(stale, 409, "stale_version");
    expect((await fetchArticle(a.id)).versions.fr?.title).toBe("À supprimer (modifié)");
    const del = await call(server, "DELETE", `/api/articles/${a.id}`, { cookie: admin, body: { versions: { fr: 2, en: 1 } } });
    expect(del.status, del.text).toBe(200);
    expectApiError(await call(server, "GET", `/api/articles/${a.id}`, { cookie: admin }), 404);
    // The member still editing it gets a clear message, not a 500.
    const late = await update(a.id, { fr: { title: "Trop tard", version: 2 } }, editor.cookie);
    expectApiError(late, 404);
    expect(late.json.error.message).toContain("supprimé");
    expectApiError(await call(server, "DELETE", `/api/articles/${a.id}`, { cookie: admin, body: { versions: {} } }), 404);
  });
});
