import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql, type ApiResponse, type CallOptions } from "../support/auth";
import { get, textOf } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";
import { DOC_VERSION } from "~/lib/document/model";

/**
 * The page API behind the Archimed builder, on every engine: the page list, custom pages, drafts with
 * versions (stale saves refused), schema rejection and body limits, sanitizing in storage and on the
 * public page, publication (the HTML cache lets go of the old page at once), revisions, roles, 401/403
 * and 404. Every refused request is checked to have left the stored rows as they were.
 */
const ENGINES = await engines();
const PUBLIC_URL = "https://archimed.test";

type Json = Record<string, unknown>;
const el = (id: string, type: string, content: string, extra: Json = {}) => ({ id: `element-${id}`, type, content, styles: {}, ...extra });
const col = (id: string, width: number, elements: unknown[]) => ({ id: `column-${id}`, width, elements });
const docOf = (...columns: ReturnType<typeof col>[]) => ({
  version: DOC_VERSION,
  blocks: [{ id: "block-t", type: "container", styles: { paddingTop: "40px" }, sections: [{ id: "section-t", columns }] }],
});
const simpleDoc = (heading: string) => docOf(col("a", 12, [el("h", "heading", heading, { level: 1 }), el("p", "text", "<p>Paragraphe de test.</p>")]));

/** The public markup without the JSON data script that carries the same page to the browser. */
function markupOf(html: string) {
  const m = html.match(/<script id="public-data" type="application\/json">([\s\S]*?)<\/script>/);
  return m ? html.replace(m[0], "") : html;
}

interface Row {
  draft: string;
  published: string | null;
  version: number | string;
  updated_at: string;
  updated_by: string | null;
}

describe.each(ENGINES)("page API on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: { email: string; cookie: string };
  /** Signed in, then its team record deleted: a session without the team. */
  let outsider: string;
  let offersId: string;
  let homeId: string;
  let articleId: string;
  let custom: { id: string; frPath: string; enPath: string };

  const row = async (id: string, lang: "fr" | "en") => {
    const [r] = await sql<Row>(server, "select draft, published, version, updated_at, updated_by from page_translations where page_id = ? and lang = ?", [
      id,
      lang,
    ]);
    return r;
  };
  const revisionCount = async (id: string) =>
    Number((await sql<{ n: number | string }>(server, "select count(*) as n from page_revisions where page_id = ?", [id]))[0].n);
  const getDraft = async (id: string, lang: "fr" | "en", cookie = admin) => {
    const res = await call(server, "GET", `/api/pages/${id}/${lang}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json.draft as {
      version: number;
      doc: { blocks: { sections: { columns: { elements: { id: string; type: string; content: string; href?: string }[] }[] }[] }[] };
      status: string;
      updatedBy: string | null;
    };
  };
  const save = (id: string, lang: "fr" | "en", body: unknown, cookie = admin, opts: CallOptions = {}) =>
    call(server, "PUT", `/api/pages/${id}/${lang}/draft`, { cookie, body, ...opts });
  const publish = (id: string, lang: "fr" | "en", version: number, cookie = admin) =>
    call(server, "POST", `/api/pages/${id}/${lang}/publish`, { cookie, body: { version } });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "editrice@archimed.test", "editor", "editor-password-1");
    editor = { email: e.email, cookie: await login(server, e.email, e.password) };
    const o = await addMember(server, admin, "ancienne@archimed.test", "editor", "outsider-password-1");
    outsider = await login(server, o.email, o.password);
    await sql(server, "delete from team_members where email = ?", [o.email]);
    const list = await call(server, "GET", "/api/pages", { cookie: admin });
    const pages = list.json.pages as { id: string; kind: string; systemKey: string | null }[];
    offersId = pages.find((p) => p.systemKey === "offers")!.id;
    homeId = pages.find((p) => p.systemKey === "home")!.id;
    articleId = pages.find((p) => p.kind === "article")!.id;
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page d'essai", slug: "page-essai" }, en: { title: "Test page", slug: "test-page" } },
    });
    expect(created.status, created.text).toBe(201);
    custom = { id: created.json.page.id, frPath: "/page/page-essai", enPath: "/en/page/test-page" };
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("the page list and custom pages", () => {
    it("lists system pages, custom pages and articles, each in both languages with status, last edit and editor", async () => {
      const res = await call(server, "GET", "/api/pages", { cookie: editor.cookie });
      expect(res.status).toBe(200);
      const pages = res.json.pages as {
        id: string;
        kind: string;
        translations: Record<string, { path: string; status: string; updatedAt: string; updatedBy: string | null; title: string }>;
      }[];
      expect(new Set(pages.map((p) => p.kind))).toEqual(new Set(["system", "custom", "article"]));
      for (const p of pages) {
        expect(Object.keys(p.translations).sort(), p.id).toEqual(["en", "fr"]);
        for (const t of Object.values(p.translations)) {
          expect(["published", "draft_pending", "unpublished"]).toContain(t.status);
          expect(Number.isNaN(Date.parse(t.updatedAt))).toBe(false);
          expect(t.title.length).toBeGreaterThan(0);
        }
      }
      const offers = pages.find((p) => p.id === offersId)!;
      expect(offers.translations.fr).toMatchObject({ path: "/offres", status: "published" });
      expect(offers.translations.en).toMatchObject({ path: "/en/offers", status: "published" });
      const c = pages.find((p) => p.id === custom.id)!;
      expect(c.kind).toBe("custom");
      expect(c.translations.fr).toMatchObject({ path: custom.frPath, status: "unpublished", updatedBy: ADMIN_EMAIL, title: "Page d'essai" });
      expect(c.translations.en).toMatchObject({ path: custom.enPath, status: "unpublished", updatedBy: ADMIN_EMAIL, title: "Test page" });
      // System pages come first, then custom pages, then articles.
      const kinds = pages.map((p) => p.kind);
      expect(kinds.lastIndexOf("system")).toBeLessThan(kinds.indexOf("custom"));
      expect(kinds.lastIndexOf("custom")).toBeLessThan(kinds.indexOf("article"));
    });

    it("an unpublished custom page is a 404 for visitors and an empty draft for the builder", async () => {
      expect((await get(server.url, custom.frPath)).status).toBe(404);
      expect((await get(server.url, custom.enPath)).status).toBe(404);
      const d = await getDraft(custom.id, "fr");
      expect(d).toMatchObject({ version: 1, status: "unpublished", doc: { version: DOC_VERSION, blocks: [] } });
    });

    const badCreates: [string, unknown, number, string][] = [
      ["duplicate French slug", { fr: { title: "Autre", slug: "page-essai" }, en: { title: "Other", slug: "other-one" } }, 409, "conflict"],
      ["duplicate English slug", { fr: { title: "Autre", slug: "autre-page" }, en: { title: "Other", slug: "test-page" } }, 409, "conflict"],
      ["slug with capitals and spaces", { fr: { title: "Autre", slug: "Pas Bon" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["slug with a slash", { fr: { title: "Autre", slug: "a/b" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["slug with a double dash", { fr: { title: "Autre", slug: "a--b" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["slug with an accent", { fr: { title: "Autre", slug: "été" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["slug of path tricks", { fr: { title: "Autre", slug: ".." }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["empty slug", { fr: { title: "Autre", slug: "" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["81-character slug", { fr: { title: "Autre", slug: "a".repeat(81) }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["missing English version", { fr: { title: "Autre", slug: "autre" } }, 400, "invalid_input"],
      ["empty title", { fr: { title: "  ", slug: "autre" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
      ["title as a number", { fr: { title: 12, slug: "autre" }, en: { title: "Other", slug: "other" } }, 400, "invalid_input"],
    ];
    it.each(badCreates)("creating with a %s is refused, nothing created", async (_n, body, status, code) => {
      const before = (await call(server, "GET", "/api/pages", { cookie: admin })).json.pages.length;
      const res = await call(server, "POST", "/api/pages", { cookie: admin, body });
      expectApiError(res, status, code);
      if (status === 409) expect(res.json.error.message).toMatch(/déjà utilisé/);
      expect((await call(server, "GET", "/api/pages", { cookie: admin })).json.pages.length).toBe(before);
    });

    it("simultaneous creations with one slug: one page is created, the others get 409, never a 500", async () => {
      const body = (i: number) => ({ fr: { title: `Course ${i}`, slug: "course-aux-slugs" }, en: { title: `Race ${i}`, slug: `race-${i}` } });
      const results = await Promise.all([0, 1, 2, 3, 4].map((i) => call(server, "POST", "/api/pages", { cookie: admin, body: body(i) })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expectApiError(r, 409, "conflict");
      const [n] = await sql<{ n: number | string }>(
        server,
        "select count(*) as n from page_translations where slug = 'course-aux-slugs' or slug like 'race-%'",
      );
      // One page, in its two languages: no half-created page is left behind.
      expect(Number(n.n)).toBe(2);
    });

    it("GET /api/pages/:id gives one page; an unknown id is a 404", async () => {
      const res = await call(server, "GET", `/api/pages/${custom.id}`, { cookie: editor.cookie });
      expect(res.status).toBe(200);
      expect(res.json.page.translations.fr.slug).toBe("page-essai");
      expectApiError(await call(server, "GET", "/api/pages/00000000-0000-0000-0000-000000000000", { cookie: admin }), 404, "not_found");
    });

    it("resolves a public path to its page and language", async () => {
      expect((await call(server, "GET", "/api/pages/resolve?path=/offres", { cookie: editor.cookie })).json).toEqual({ pageId: offersId, lang: "fr" });
      expect((await call(server, "GET", "/api/pages/resolve?path=/en/offers", { cookie: editor.cookie })).json).toEqual({ pageId: offersId, lang: "en" });
      expect((await call(server, "GET", "/api/pages/resolve?path=/", { cookie: editor.cookie })).json).toEqual({ pageId: homeId, lang: "fr" });
      expectApiError(await call(server, "GET", "/api/pages/resolve?path=/nulle-part", { cookie: admin }), 404, "not_found");
      expectApiError(await call(server, "GET", "/api/pages/resolve?path=offres", { cookie: admin }), 400, "invalid_input");
      expectApiError(await call(server, "GET", "/api/pages/resolve", { cookie: admin }), 400, "invalid_input");
    });
  });

  describe("bad documents and bodies: a clear French error, never a 500, nothing stored changed", () => {
    const valid = simpleDoc("Valide");
    const withEl = (...elements: unknown[]) => docOf(col("a", 12, elements));
    const cases: [string, () => CallOptions, number, string][] = [
      ["unknown element type", () => ({ body: { version: 1, doc: withEl(el("x", "hologram", "")) } }), 400, "invalid_input"],
      [
        "duplicated element ids",
        () => ({ body: { version: 1, doc: withEl(el("dup", "text", "<p>a</p>"), el("dup", "text", "<p>b</p>")) } }),
        400,
        "invalid_input",
      ],
      [
        "duplicated ids across columns",
        () => ({ body: { version: 1, doc: docOf(col("a", 6, [el("dup", "text", "")]), col("b", 6, [el("dup", "text", "")])) } }),
        400,
        "invalid_input",
      ],
      ["duplicated column ids", () => ({ body: { version: 1, doc: docOf(col("a", 6, []), col("a", 6, [])) } }), 400, "invalid_input"],
      [
        "duplicated block ids",
        () => ({ body: { version: 1, doc: { version: 1, blocks: [valid.blocks[0], { ...valid.blocks[0], sections: [] }] } } }),
        400,
        "invalid_input",
      ],
      ["column width 0", () => ({ body: { version: 1, doc: docOf(col("a", 0, [])) } }), 400, "invalid_input"],
      ["column width 13", () => ({ body: { version: 1, doc: docOf(col("a", 13, [])) } }), 400, "invalid_input"],
      ["column width 40", () => ({ body: { version: 1, doc: docOf(col("a", 40, [])) } }), 400, "invalid_input"],
      ["column width 6.5", () => ({ body: { version: 1, doc: docOf(col("a", 6.5, [])) } }), 400, "invalid_input"],
      ["column width as a string", () => ({ body: { version: 1, doc: docOf(col("a", "6" as unknown as number, [])) } }), 400, "invalid_input"],
      ["section without columns", () => ({ body: { version: 1, doc: docOf() } }), 400, "invalid_input"],
      ["id without its prefix", () => ({ body: { version: 1, doc: withEl({ ...el("x", "text", ""), id: "block-x" }) } }), 400, "invalid_input"],
      [
        "unknown element key (an event handler)",
        () => ({ body: { version: 1, doc: withEl(el("x", "text", "", { onclick: "alert(1)" })) } }),
        400,
        "invalid_input",
      ],
      [
        "hostile style key",
        () => ({ body: { version: 1, doc: withEl(el("x", "text", "", { styles: { "background-image": "url(x)" } })) } }),
        400,
        "invalid_input",
      ],
      ["content as a number", () => ({ body: { version: 1, doc: withEl(el("x", "text", 42 as unknown as string)) } }), 400, "invalid_input"],
      ["heading level 9", () => ({ body: { version: 1, doc: withEl(el("x", "heading", "T", { level: 9 })) } }), 400, "invalid_input"],
      ["a document version from the future", () => ({ body: { version: 1, doc: { ...valid, version: DOC_VERSION + 1 } } }), 400, "invalid_input"],
      ["blocks not an array", () => ({ body: { version: 1, doc: { version: 1, blocks: {} } } }), 400, "invalid_input"],
      ["document missing", () => ({ body: { version: 1 } }), 400, "invalid_input"],
      ["document as a string", () => ({ body: { version: 1, doc: JSON.stringify(valid) } }), 400, "invalid_input"],
      ["version missing", () => ({ body: { doc: valid } }), 400, "invalid_input"],
      ["version as a string", () => ({ body: { doc: valid, version: "1" } }), 400, "invalid_input"],
      ["version 0", () => ({ body: { doc: valid, version: 0 } }), 400, "invalid_input"],
      ["version 1.5", () => ({ body: { doc: valid, version: 1.5 } }), 400, "invalid_input"],
      ["force as a string", () => ({ body: { doc: valid, version: 1, force: "yes" } }), 400, "invalid_input"],
      ["JSON null", () => ({ body: null }), 400, "invalid_input"],
      ["JSON array", () => ({ body: [valid, 1] }), 400, "invalid_input"],
      ["malformed JSON", () => ({ raw: '{"doc": {"version": 1, "blocks": [', headers: { "content-type": "application/json" } }), 400, "invalid_json"],
      ["empty body", () => ({ raw: "", headers: { "content-type": "application/json" } }), 400, "invalid_json"],
      [
        "text/plain body",
        () => ({ raw: JSON.stringify({ doc: valid, version: 1 }), headers: { "content-type": "text/plain" } }),
        415,
        "unsupported_media_type",
      ],
      [
        "2.5 MB body with Content-Length",
        () => ({ raw: JSON.stringify({ version: 1, doc: withEl(el("x", "text", "a".repeat(2_500_000))) }), headers: { "content-type": "application/json" } }),
        413,
        "payload_too_large",
      ],
      [
        "2.5 MB body sent chunked",
        () => ({
          raw: JSON.stringify({ version: 1, doc: withEl(el("x", "text", "a".repeat(2_500_000))) }),
          chunked: true,
          headers: { "content-type": "application/json" },
        }),
        413,
        "payload_too_large",
      ],
      [
        "20 MB body with Content-Length",
        () => ({ raw: Buffer.alloc(20 * 1024 * 1024, "a"), headers: { "content-type": "application/json" } }),
        413,
        "payload_too_large",
      ],
    ];

    it.each(cases)("%s", async (_n, opts, status, code) => {
      const before = await row(custom.id, "fr");
      // A 413 is answered as soon as the size is known; a client still sending may see the socket closed instead.
      const res = await save(custom.id, "fr", undefined, admin, opts()).catch((e: Error) => e);
      if (res instanceof Error) {
        expect(status).toBe(413);
        expect(res.message).toMatch(/ECONNRESET|EPIPE|socket hang up/);
        expect(await row(custom.id, "fr")).toEqual(before);
        return;
      }
      expectApiError(res, status, code);
      if (status === 400 && code === "invalid_input") expect(res.json.error.message).toMatch(/^Données invalides\u202f: /);
      if (status === 413) expect(res.json.error.message).toMatch(/trop volumineuse/);
      expect(res.json.error.message).not.toMatch(/Invalid|expected|received|Unrecognized|Too (big|small)/);
      expect(await row(custom.id, "fr")).toEqual(before);
    });

    it("says which version is wrong in French: missing, or not a whole number", async () => {
      const missing = await save(custom.id, "fr", { doc: valid });
      expect(missing.json.error.message).toMatch(/version manquante/);
      const asString = await save(custom.id, "fr", { doc: valid, version: "1" });
      expectApiError(asString, 400, "invalid_input");
      // A version sent as text is there, only of the wrong type: saying it is missing would mislead.
      expect(asString.json.error.message).not.toMatch(/manquante/);
      expect(asString.json.error.message).toMatch(/version invalide/);
      for (const version of [0, 1.5, null, [1]]) {
        const res = await save(custom.id, "fr", { doc: valid, version });
        expectApiError(res, 400, "invalid_input");
        expect(res.json.error.message, JSON.stringify(version)).toMatch(/^Données invalides\u202f: version — version invalide/);
      }
    });

    it("publish and restore bodies are checked too", async () => {
      const before = await row(offersId, "fr");
      const revs = await revisionCount(offersId);
      for (const body of [{}, { version: "1" }, { version: -1 }, null]) {
        expectApiError(await call(server, "POST", `/api/pages/${offersId}/fr/publish`, { cookie: admin, body }), 400, "invalid_input");
      }
      expectApiError(
        await call(server, "POST", `/api/pages/${offersId}/fr/publish`, { cookie: admin, raw: "{", headers: { "content-type": "application/json" } }),
        400,
        "invalid_json",
      );
      const big = Buffer.alloc(20 * 1024 * 1024, "a");
      // The server answers 413 as soon as Content-Length says too much; a client still sending may then
      // see the connection closed under it instead of reading the answer.
      const refused = async (p: string) => {
        const res = await call(server, "POST", p, { cookie: admin, raw: big, headers: { "content-type": "application/json" } }).catch((e: Error) => e);
        if (res instanceof Error) expect(res.message).toMatch(/ECONNRESET|EPIPE|socket hang up/);
        else expectApiError(res, 413, "payload_too_large");
      };
      await refused(`/api/pages/${offersId}/fr/publish`);
      await refused("/api/pages");
      expectApiError(
        await call(server, "POST", "/api/pages", {
          cookie: admin,
          raw: JSON.stringify({ fr: { title: "x".repeat(100_000), slug: "x" } }),
          chunked: true,
          headers: { "content-type": "application/json" },
        }),
        413,
        "payload_too_large",
      );
      expect(await row(offersId, "fr")).toEqual(before);
      expect(await revisionCount(offersId)).toBe(revs);
    });

    it("none of that reached the log as an unexpected error", () => {
      expect(server.logs()).not.toMatch(/erreur inattendue|rendu impossible/);
    });
    /** Log lines the server wrote during the 20 MB chunked upload below. */
    let chunkedLog = "";
    it("a 20 MB body sent chunked is refused (413 or the connection cut), never stored, never a 500", async () => {
      const before = await row(custom.id, "fr");
      const logged = server.logs().length;
      const res = await save(custom.id, "fr", undefined, admin, {
        raw: Buffer.alloc(20 * 1024 * 1024, "a"),
        chunked: true,
        headers: { "content-type": "application/json" },
      }).catch((e: Error) => e);
      if (res instanceof Error) expect(res.message).toMatch(/ECONNRESET|EPIPE|socket hang up/);
      else expectApiError(res as ApiResponse, 413, "payload_too_large");
      expect(await row(custom.id, "fr")).toEqual(before);
      // The server is still fine.
      expect((await call(server, "GET", `/api/pages/${custom.id}/fr`, { cookie: admin })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300)); // let the server finish with the cut connection
      chunkedLog = server.logs().slice(logged);
      expect(chunkedLog).not.toMatch(/erreur inattendue/);
    });

    // The connection the API cuts on purpose is not a rendering failure (server/app.ts logs it at debug level).
    it("cutting an oversized chunked upload is not logged as a rendering failure", () => {
      expect(chunkedLog).not.toMatch(/rendu impossible/);
    });
  });

  describe("sanitizing: hostile HTML and SVG are cleaned before storage and never reach visitors", () => {
    const hostile = docOf(
      col("h1", 6, [
        el("h", "heading", "Titre piégé<script>alert('h1')</script><img src=x onerror=alert('h1img')>", { level: 1 }),
        el(
          "t",
          "text",
          '<p>Texte sûr</p><script>alert(\'text\')</script><img src=x onerror="alert(\'img\')"><a href="javascript:alert(\'a\')">lien</a><iframe src="https://evil.example/"></iframe><p onmouseover="alert(\'p\')">survol</p><a href="https://exemple.fr" target="_blank">ok</a>',
        ),
        el("l", "list", "<ul><li onclick=\"alert('li')\">un</li><li><style>body{display:none}</style>deux</li></ul>"),
      ]),
      col("h2", 6, [
        el(
          "svg",
          "icon",
          '<svg onload="alert(\'svg\')" viewBox="0 0 24 24"><script>alert(\'svgscript\')</script><foreignObject><img src=x onerror=alert(\'fo\')></foreignObject><a xlink:href="javascript:alert(\'xl\')"><path d="M0 0h24v24H0z"/></a><circle cx="12" cy="12" r="4"/></svg>',
        ),
        el(
          "svg2",
          "icon",
          '<svg viewBox="0 0 24 24"><rect width="4" height="4" fill="url(https://evil.example/x)"/><set attributeName="onmouseover" to="alert(\'set\')"/><animate attributeName="href" values="javascript:alert(\'anim\')"/><circle r="2" cx="4" cy="4"/></svg>',
        ),
        el("b", "button", "Bouton", { href: "javascript:alert('btnhref')" }),
        el("img", "image", "javascript:alert('src')", { alt: "" }),
        el("img2", "image", "data:image/svg+xml,<svg onload=alert('data')>", { alt: "" }),
        el("v", "video", "javascript:alert('video')"),
        el("g", "gallery", JSON.stringify({ type: "grid", images: ["javascript:alert('g1')", "/media/seed/atelier-equipe.jpg"] })),
      ]),
    );

    it("answers a save with the stored document only when sanitizing changed it", async () => {
      const clean = simpleDoc("Titre propre");
      const v = (await getDraft(custom.id, "en")).version;
      const res = await save(custom.id, "en", { doc: clean, version: v }, editor.cookie);
      expect(res.status, res.text).toBe(200);
      expect(res.json.version).toBe(v + 1);
      expect(res.json.doc).toBeUndefined();
    });

    it("stores the cleaned document (read back through GET and in the database) and publishes it clean", async () => {
      const v = (await getDraft(custom.id, "en")).version;
      const res = await save(custom.id, "en", { doc: hostile, version: v }, editor.cookie);
      expect(res.status, res.text).toBe(200);
      const stored = (await row(custom.id, "en")).draft;
      // The answer carries what was stored, so the builder's "saved" is the server's.
      expect(JSON.stringify(res.json.doc)).toBe(stored);
      const back = await getDraft(custom.id, "en");
      for (const text of [stored, JSON.stringify(back.doc)]) {
        expect(text).not.toMatch(
          /alert|<script|onerror|onload|onclick|onmouseover|javascript:|<iframe|foreignObject|<style|data:image|evil\.example|<set|<animate/i,
        );
      }
      const els = Object.fromEntries(back.doc.blocks[0].sections[0].columns.flatMap((c) => c.elements).map((e) => [e.id, e]));
      expect(els["element-h"].content).toBe("Titre piégé");
      expect(els["element-t"].content).toContain("<p>Texte sûr</p>");
      expect(els["element-t"].content).toContain("<p>survol</p>");
      expect(els["element-t"].content).toContain('href="https://exemple.fr"');
      expect(els["element-t"].content).toContain('rel="noopener noreferrer"');
      expect(els["element-svg"].content).toMatch(/^<svg viewBox="0 0 24 24">/);
      expect(els["element-svg"].content).toContain('<circle cx="12" cy="12" r="4">');
      expect(els["element-b"].href).toBe("");
      expect(els["element-img"].content).toBe("");
      expect(els["element-img2"].content).toBe("");
      expect(els["element-v"].content).toBe("");
      expect(JSON.parse(els["element-g"].content).images).toEqual([{ url: "/media/seed/atelier-equipe.jpg", alt: "" }]);

      const pub = await publish(custom.id, "en", back.version, editor.cookie);
      expect(pub.status, pub.text).toBe(200);
      const page = await get(server.url, custom.enPath);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Titre piégé");
      expect(page.text).toContain("Texte sûr");
      expect(page.text).not.toMatch(/alert\(|onerror=|onload=|javascript:|evil\.example/i);
      expect(markupOf(page.text)).not.toMatch(/<iframe|<foreignObject/i);
    });
  });

  describe("plain-text fields (button label, alt) are stored as typed and always escaped", () => {
    it("a label or alt text closing the data script cannot open a script on the public page", async () => {
      const hostileText = "</script><script>alert('lbl')</script><!--";
      const doc = docOf(
        col("x", 12, [
          el("b", "button", hostileText, { href: "/offres" }),
          el("i", "image", "/media/seed/atelier-equipe.jpg", { alt: `"><script>alert('alt')</script>` }),
          el("h", "heading", "Échappement", { level: 1 }),
        ]),
      );
      const created = await call(server, "POST", "/api/pages", {
        cookie: admin,
        body: { fr: { title: "Échappement", slug: "echappement" }, en: { title: "Escaping", slug: "escaping" } },
      });
      const id = created.json.page.id as string;
      const saved = await save(id, "fr", { doc, version: 1 });
      expect(saved.status, saved.text).toBe(200);
      // Stored as typed: it is text, not markup.
      expect((await getDraft(id, "fr")).doc.blocks[0].sections[0].columns[0].elements[0].content).toBe(hostileText);
      expect((await publish(id, "fr", saved.json.version)).status).toBe(200);
      const page = await get(server.url, "/page/echappement");
      expect(page.status).toBe(200);
      expect(page.text).toContain("Échappement");
      expect(page.text).not.toMatch(/<script>alert|<\/script><script>|"><script>/);
      // The label is shown as text.
      expect(textOf(markupOf(page.text))).toContain("alert('lbl')");
    });
  });

  describe("versions: a stale save is refused, force overwrites", () => {
    it("a save based on a stale version gets 409 stale_version with a French message, and nothing changes", async () => {
      const start = await getDraft(custom.id, "fr");
      const first = await save(custom.id, "fr", { doc: simpleDoc("Version de l'éditrice"), version: start.version }, editor.cookie);
      expect(first.status, first.text).toBe(200);
      expect(first.json.version).toBe(start.version + 1);
      const after = await row(custom.id, "fr");
      expect(after.updated_by).toBe(editor.email);

      // The administrator still edits the version the editor started from.
      const stale = await save(custom.id, "fr", { doc: simpleDoc("Version de l'administrateur"), version: start.version });
      expectApiError(stale, 409, "stale_version");
      expect(stale.json.error.message).toMatch(/a été modifiée par editrice@archimed\.test le .*Rechargez.*écrasez/);
      expect(stale.json.error.details).toMatchObject({ currentVersion: start.version + 1, updatedBy: editor.email });
      expect(await row(custom.id, "fr")).toEqual(after);

      // A version from the future is just as stale.
      expectApiError(await save(custom.id, "fr", { doc: simpleDoc("Futur"), version: start.version + 50 }), 409, "stale_version");
      expect(await row(custom.id, "fr")).toEqual(after);

      // Publishing or restoring on a stale version is refused the same way; nothing is published.
      expectApiError(await publish(custom.id, "fr", start.version), 409, "stale_version");
      expect(await row(custom.id, "fr")).toEqual(after);
      expect((await get(server.url, custom.frPath)).status).toBe(404);
    });

    it("force: true overwrites the newer version, and the version still moves on", async () => {
      const current = await getDraft(custom.id, "fr");
      const res = await save(custom.id, "fr", { doc: simpleDoc("Écrasée par l'administrateur"), version: current.version - 1, force: true });
      expect(res.status, res.text).toBe(200);
      expect(res.json.version).toBe(current.version + 1);
      const back = await getDraft(custom.id, "fr");
      expect(back.doc.blocks[0].sections[0].columns[0].elements[0].content).toBe("Écrasée par l'administrateur");
      expect(back.updatedBy).toBe(ADMIN_EMAIL);
      // The editor's tab is now the stale one.
      expectApiError(await save(custom.id, "fr", { doc: simpleDoc("x"), version: current.version }, editor.cookie), 409, "stale_version");
    });

    it("the last of two simultaneous saves on one version is refused", async () => {
      const { version } = await getDraft(custom.id, "fr");
      const results = await Promise.all([
        save(custom.id, "fr", { doc: simpleDoc("Course A"), version }),
        save(custom.id, "fr", { doc: simpleDoc("Course B"), version }, editor.cookie),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      // The loser is told the same thing as any stale save, so the builder offers Recharger / Écraser.
      expectApiError(
        results.find((r) => r.status === 409)!,
        409,
        "stale_version",
      );
      const winner = results.find((r) => r.status === 200)!;
      expect(winner.json.version).toBe(version + 1);
      expect((await getDraft(custom.id, "fr")).version).toBe(version + 1);
    });
  });

  describe("publishing: the public page changes at once", () => {
    it("a saved draft is not public; publishing shows it on the next request, with a new ETag, not the cached page", async () => {
      const first = await get(server.url, "/offres");
      expect(first.status).toBe(200);
      const etag = first.headers.etag!;
      expect(etag).toBeTruthy();
      // Served from the cache now: same ETag, 304 on revalidation.
      expect((await get(server.url, "/offres")).headers.etag).toBe(etag);
      expect((await get(server.url, "/offres", { "if-none-match": etag })).status).toBe(304);
      const en = await get(server.url, "/en/offers");

      const draft = await getDraft(offersId, "fr", editor.cookie);
      const marker = `Nouvelle offre ${engine} ${Date.now()}`;
      const doc = structuredClone(draft.doc);
      doc.blocks[0].sections[0].columns[0].elements.unshift({ id: "element-marker", type: "heading", content: marker, level: 2, styles: {} } as never);
      const saved = await save(offersId, "fr", { doc, version: draft.version }, editor.cookie);
      expect(saved.status, saved.text).toBe(200);
      expect(
        (await call(server, "GET", "/api/pages", { cookie: admin })).json.pages.find((p: { id: string }) => p.id === offersId).translations.fr.status,
      ).toBe("draft_pending");

      // The draft is the team's: visitors still get the cached published page.
      const still = await get(server.url, "/offres", { "if-none-match": etag });
      expect(still.status).toBe(304);
      expect(textOf((await get(server.url, "/offres")).text)).not.toContain(marker);

      const revsBefore = await revisionCount(offersId);
      const pub = await publish(offersId, "fr", saved.json.version, editor.cookie);
      expect(pub.status, pub.text).toBe(200);
      expect(pub.json.version).toBe(saved.json.version);

      const after = await get(server.url, "/offres", { "if-none-match": etag });
      expect(after.status).toBe(200);
      expect(textOf(markupOf(after.text))).toContain(marker);
      expect(after.headers.etag).toBeTruthy();
      expect(after.headers.etag).not.toBe(etag);
      expect(textOf((await get(server.url, "/offres")).text)).toContain(marker);
      // The other language is untouched.
      const enAfter = await get(server.url, "/en/offers");
      expect(enAfter.headers.etag).toBe(en.headers.etag);
      expect(enAfter.text).not.toContain(marker);

      const listed = (await call(server, "GET", "/api/pages", { cookie: admin })).json.pages.find((p: { id: string }) => p.id === offersId).translations.fr;
      expect(listed).toMatchObject({ status: "published", updatedBy: editor.email });
      expect(await revisionCount(offersId)).toBe(revsBefore + 1);

      // Publishing again with nothing new (a second click, a retried request): the same publication,
      // and no revision identical to the last one.
      const again = await publish(offersId, "fr", saved.json.version, editor.cookie);
      expect(again.status, again.text).toBe(200);
      expect(again.json.publishedAt).toBe(pub.json.publishedAt);
      expect(await revisionCount(offersId)).toBe(revsBefore + 1);
    });

    it("a custom page goes public when published, in its own language only; the cached sitemap lists it at once", async () => {
      // The sitemap and robots.txt are kept in the HTML cache (decision 005): an ETag, 304 on revalidation.
      const sitemap = await get(server.url, "/sitemap.xml");
      expect(sitemap.headers.etag).toBeTruthy();
      expect((await get(server.url, "/sitemap.xml", { "if-none-match": sitemap.headers.etag! })).status).toBe(304);
      expect(sitemap.text).not.toContain(`${custom.frPath}</loc>`);
      const robots = await get(server.url, "/robots.txt");
      expect((await get(server.url, "/robots.txt", { "if-none-match": robots.headers.etag! })).status).toBe(304);

      const d = await getDraft(custom.id, "fr");
      const res = await publish(custom.id, "fr", d.version, editor.cookie);
      expect(res.status, res.text).toBe(200);
      const page = await get(server.url, custom.frPath);
      expect(page.status).toBe(200);
      expect(textOf(markupOf(page.text))).toContain(d.doc.blocks[0].sections[0].columns[0].elements[0].content);
      // Publishing dropped the cached sitemap: the next request lists the page.
      const after = await get(server.url, "/sitemap.xml", { "if-none-match": sitemap.headers.etag! });
      expect(after.status).toBe(200);
      expect(after.text).toContain(`${custom.frPath}</loc>`);
    });
  });

  describe("revisions", () => {
    it("each publication is a revision that can be listed, previewed and restored as the draft", async () => {
      const v1 = (await getDraft(homeId, "en")).version;
      const a = await save(homeId, "en", { doc: simpleDoc("Home revision A"), version: v1 });
      await publish(homeId, "en", a.json.version);
      await new Promise((r) => setTimeout(r, 15)); // distinct creation times
      const b = await save(homeId, "en", { doc: simpleDoc("Home revision B"), version: a.json.version });
      await publish(homeId, "en", b.json.version);
      expect(textOf(markupOf((await get(server.url, "/en")).text))).toContain("Home revision B");

      const list = await call(server, "GET", `/api/pages/${homeId}/en/revisions`, { cookie: editor.cookie });
      expect(list.status).toBe(200);
      const revisions = list.json.revisions as { id: string; createdAt: string; createdBy: string; title: string }[];
      expect(revisions.length).toBe(2);
      expect(revisions.every((r) => r.createdBy === ADMIN_EMAIL)).toBe(true);
      expect(Date.parse(revisions[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(revisions[1].createdAt));
      // The French home has no revision: revisions are per language.
      expect((await call(server, "GET", `/api/pages/${homeId}/fr/revisions`, { cookie: admin })).json.revisions).toEqual([]);

      const older = revisions[1];
      const preview = await call(server, "GET", `/api/pages/${homeId}/en/revisions/${older.id}`, { cookie: editor.cookie });
      expect(preview.status).toBe(200);
      expect(JSON.stringify(preview.json.revision.doc)).toContain("Home revision A");
      // A revision is only reachable through its own page and language.
      expectApiError(await call(server, "GET", `/api/pages/${homeId}/fr/revisions/${older.id}`, { cookie: admin }), 404, "not_found");
      expectApiError(await call(server, "GET", `/api/pages/${offersId}/en/revisions/${older.id}`, { cookie: admin }), 404, "not_found");
      expectApiError(await call(server, "GET", `/api/pages/${homeId}/en/revisions/nope`, { cookie: admin }), 404, "not_found");

      // Restoring needs the current version too.
      const before = await row(homeId, "en");
      expectApiError(
        await call(server, "POST", `/api/pages/${homeId}/en/revisions/${older.id}`, { cookie: editor.cookie, body: { version: a.json.version } }),
        409,
        "stale_version",
      );
      expectApiError(await call(server, "POST", `/api/pages/${homeId}/en/revisions/${older.id}`, { cookie: editor.cookie, body: {} }), 400, "invalid_input");
      expectApiError(
        await call(server, "POST", `/api/pages/${homeId}/en/revisions/nope`, { cookie: editor.cookie, body: { version: b.json.version } }),
        404,
        "not_found",
      );
      expect(await row(homeId, "en")).toEqual(before);

      const restored = await call(server, "POST", `/api/pages/${homeId}/en/revisions/${older.id}`, {
        cookie: editor.cookie,
        body: { version: b.json.version },
      });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.json.version).toBe(b.json.version + 1);
      const draft = await getDraft(homeId, "en");
      expect(draft.doc.blocks[0].sections[0].columns[0].elements[0].content).toBe("Home revision A");
      expect(draft.status).toBe("draft_pending");
      expect(draft.updatedBy).toBe(editor.email);
      // Restoring is not publishing.
      expect(textOf(markupOf((await get(server.url, "/en")).text))).toContain("Home revision B");
      await publish(homeId, "en", draft.version, editor.cookie);
      const home = textOf(markupOf((await get(server.url, "/en")).text));
      expect(home).toContain("Home revision A");
      expect(home).not.toContain("Home revision B");
      expect((await call(server, "GET", `/api/pages/${homeId}/en/revisions`, { cookie: admin })).json.revisions.length).toBe(3);
    });
  });

  describe("races: one version, one winner", () => {
    it("a save and a revision restore sent at once on the same version: one succeeds, the other gets 409", async () => {
      const rev = (await call(server, "GET", `/api/pages/${homeId}/en/revisions`, { cookie: admin })).json.revisions[0].id as string;
      for (let round = 0; round < 4; round++) {
        const { version } = await getDraft(homeId, "en");
        const results = await Promise.all([
          save(homeId, "en", { doc: simpleDoc(`Course ${round}`), version }, editor.cookie),
          call(server, "POST", `/api/pages/${homeId}/en/revisions/${rev}`, { cookie: admin, body: { version } }),
          call(server, "POST", `/api/pages/${homeId}/en/revisions/${rev}`, { cookie: admin, body: { version } }),
        ]);
        expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join("\n")).toEqual([200, 409, 409]);
        for (const r of results.filter((x) => x.status === 409)) expectApiError(r, 409, "stale_version");
        expect((await getDraft(homeId, "en")).version).toBe(version + 1);
      }
    });
  });

  describe("roles", () => {
    it("an editor creates a custom page but cannot delete it (403); an admin can, and it is gone everywhere", async () => {
      const created = await call(server, "POST", "/api/pages", {
        cookie: editor.cookie,
        body: { fr: { title: "À supprimer", slug: "a-supprimer" }, en: { title: "To delete", slug: "to-delete" } },
      });
      expect(created.status, created.text).toBe(201);
      const id = created.json.page.id as string;
      const d = await getDraft(id, "fr", editor.cookie);
      const saved = await save(id, "fr", { doc: simpleDoc("Bientôt supprimée"), version: d.version }, editor.cookie);
      await publish(id, "fr", saved.json.version, editor.cookie);
      expect((await get(server.url, "/page/a-supprimer")).status).toBe(200);
      expect((await get(server.url, "/sitemap.xml")).text).toContain("/page/a-supprimer</loc>");

      expectApiError(await call(server, "DELETE", `/api/pages/${id}`, { cookie: editor.cookie }), 403, "forbidden");
      expect((await call(server, "GET", `/api/pages/${id}`, { cookie: admin })).status).toBe(200);
      expect((await get(server.url, "/page/a-supprimer")).status).toBe(200);

      const del = await call(server, "DELETE", `/api/pages/${id}`, { cookie: admin });
      expect(del.status, del.text).toBe(200);
      expectApiError(await call(server, "GET", `/api/pages/${id}`, { cookie: admin }), 404, "not_found");
      expectApiError(await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin }), 404, "not_found");
      expect((await get(server.url, "/page/a-supprimer")).status).toBe(404);
      expect((await get(server.url, "/sitemap.xml")).text).not.toContain("/page/a-supprimer</loc>");
      expect(await revisionCount(id)).toBe(0);
      // Its slugs are free again.
      const again = await call(server, "POST", "/api/pages", {
        cookie: admin,
        body: { fr: { title: "De retour", slug: "a-supprimer" }, en: { title: "Back", slug: "to-delete" } },
      });
      expect(again.status, again.text).toBe(201);
      expectApiError(await call(server, "DELETE", `/api/pages/${id}`, { cookie: admin }), 404, "not_found");
    });

    it("system pages and articles cannot be deleted (409), even by an admin", async () => {
      for (const id of [offersId, articleId]) {
        const before = await row(id, "fr");
        const res = await call(server, "DELETE", `/api/pages/${id}`, { cookie: admin });
        expectApiError(res, 409, "not_deletable");
        expect(await row(id, "fr")).toEqual(before);
      }
    });
  });

  describe("401, 403 and 404 on every page endpoint", () => {
    const ENDPOINTS: [string, string, unknown?][] = [
      ["GET", "/api/pages"],
      ["POST", "/api/pages", { fr: { title: "Intrus", slug: "intrus" }, en: { title: "Intruder", slug: "intruder" } }],
      ["GET", "/api/pages/resolve?path=/offres"],
      ["GET", "/api/pages/:id"],
      ["DELETE", "/api/pages/:custom"],
      ["GET", "/api/pages/:id/fr"],
      ["PUT", "/api/pages/:id/fr/draft", { doc: { version: 1, blocks: [] }, version: 1, force: true }],
      ["POST", "/api/pages/:id/fr/publish", { version: 1 }],
      ["GET", "/api/pages/:id/fr/revisions"],
      ["GET", "/api/pages/:id/fr/revisions/:rev"],
      ["POST", "/api/pages/:id/fr/revisions/:rev", { version: 1 }],
      ["POST", "/api/pages/:id/fr/export", { doc: { version: 1, blocks: [] } }],
    ];
    let rev: string;
    const url = (p: string) => p.replace(":id", offersId).replace(":custom", custom.id).replace(":rev", rev);
    beforeAll(async () => {
      rev = (await call(server, "GET", `/api/pages/${offersId}/fr/revisions`, { cookie: admin })).json.revisions[0].id;
    });

    it.each(ENDPOINTS)("%s %s: 401 without a session, 401 with an unknown one, 403 without a team record", async (method, p, body) => {
      const before = [await row(offersId, "fr"), await row(custom.id, "fr")];
      expectApiError(await call(server, method, url(p), { body }), 401, "unauthenticated");
      expectApiError(await call(server, method, url(p), { body, cookie: "sid=forged-session-token" }), 401, "unauthenticated");
      const refused = await call(server, method, url(p), { body, cookie: outsider });
      expectApiError(refused, 403, "not_authorized");
      expect(refused.json.error.message).toBe("User not authorized");
      expect([await row(offersId, "fr"), await row(custom.id, "fr")]).toEqual(before);
    });

    it("nothing was created by the refused calls", async () => {
      const [r] = await sql<{ n: number | string }>(server, "select count(*) as n from page_translations where slug in ('intrus', 'intruder')");
      expect(Number(r.n)).toBe(0);
    });

    const PER_PAGE: [string, string, unknown?][] = [
      ["GET", "/api/pages/:id/:lang"],
      ["PUT", "/api/pages/:id/:lang/draft", { doc: { version: 1, blocks: [] }, version: 1 }],
      ["POST", "/api/pages/:id/:lang/publish", { version: 1 }],
      ["GET", "/api/pages/:id/:lang/revisions"],
      ["GET", "/api/pages/:id/:lang/revisions/:rev"],
      ["POST", "/api/pages/:id/:lang/revisions/:rev", { version: 1 }],
      ["POST", "/api/pages/:id/:lang/export", { doc: { version: 1, blocks: [] } }],
    ];
    const BAD: [string, string, string][] = [
      ["unknown page id", "00000000-0000-0000-0000-000000000000", "fr"],
      ["over-long page id", "x".repeat(200), "fr"],
      ["language de", "", "de"],
      ["language FR in capitals", "", "FR"],
      ["language en-GB", "", "en-GB"],
    ];
    it.each(PER_PAGE.flatMap(([m, p, b]) => BAD.map(([n, id, lang]) => [`${m} ${p} with an ${n}`, m, p, b, id, lang] as const)))(
      "%s: 404",
      async (_n, method, p, body, id, lang) => {
        const res = await call(
          server,
          method,
          p
            .replace(":id", id || offersId)
            .replace(":lang", lang)
            .replace(":rev", rev),
          { body, cookie: admin },
        );
        expectApiError(res, 404, "not_found");
      },
    );

    it("wrong methods are 405, not 500", async () => {
      const logged = server.logs().length;
      expectApiError(await call(server, "GET", `/api/pages/${offersId}/fr/draft`, { cookie: admin }), 405, "method_not_allowed");
      expectApiError(await call(server, "POST", `/api/pages/${offersId}/fr/draft`, { cookie: admin, body: {} }), 405, "method_not_allowed");
      expectApiError(await call(server, "GET", `/api/pages/${offersId}/fr/publish`, { cookie: admin }), 405, "method_not_allowed");
      expectApiError(await call(server, "PUT", "/api/pages", { cookie: admin, body: {} }), 405, "method_not_allowed");
      expectApiError(await call(server, "POST", `/api/pages/${offersId}/fr/revisions`, { cookie: admin, body: {} }), 405, "method_not_allowed");
      expect(server.logs().slice(logged)).not.toMatch(/erreur inattendue|rendu impossible/);
    });
  });
});
