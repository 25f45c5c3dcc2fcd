import { readFileSync } from "node:fs";
import { DOC_VERSION } from "~/lib/document/model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentToEditorHtml, documentFromEditorHtml } from "~/components/admin/blog/writing/convert";
import { cleanPastedHtml } from "~/components/admin/blog/writing/paste-clean";
import type { PageDocument } from "~/lib/document/schema";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, login } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * What the writing surface sends is an ordinary page draft (decision record 040), on every engine: the
 * cleaned Word paste is stored as written and published as the public article; hostile markup that a
 * modified browser would send without the paste cleaner is removed by the server's sanitizer, the last wall;
 * and what is stored opens in the surface and comes back unchanged.
 */
const ENGINES = await engines();
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
const EMPTY: PageDocument = { version: DOC_VERSION, blocks: [] };

describe.each(ENGINES)("article written in place on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let id: string;

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr: { title: "Écrit dans la page" } } });
    expect(res.status, res.text).toBe(201);
    id = res.json.article.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function saveBody(html: string): Promise<PageDocument> {
    const draft = await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin });
    const doc = documentFromEditorHtml(html, draft.json.draft.doc);
    const saved = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: admin, body: { doc, version: draft.json.draft.version } });
    expect(saved.status, saved.text).toBe(200);
    return (await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin })).json.draft.doc;
  }

  it("stores a cleaned Word paste as written, publishes it, and opens it again unchanged", async () => {
    const html = cleanPastedHtml(fixture("paste-word.html")).html.replace(/<img data-paste-image="\d+">/g, "");
    const stored = await saveBody(`<h2>Avant la rentrée</h2>${html}`);
    const types = stored.blocks[0].sections[0].columns[0].elements.map((e) => e.type);
    expect(types).toEqual(["heading", "heading", "text", "list", "list", "text"]);
    expect(documentFromEditorHtml(documentToEditorHtml(stored), stored)).toEqual(stored);
    expect(documentFromEditorHtml(documentToEditorHtml(stored), EMPTY).blocks[0].sections[0].columns[0].elements.map((e) => e.content)).toEqual(
      stored.blocks[0].sections[0].columns[0].elements.map((e) => e.content),
    );

    const article = (await call(server, "GET", `/api/articles/${id}`, { cookie: admin })).json.article;
    const published = await call(server, "POST", `/api/articles/${id}/fr/publish`, { cookie: admin, body: { version: article.versions.fr.version } });
    expect(published.status, published.text).toBe(200);
    const page = await get(server.url, article.versions.fr.path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>deuxième temps fort</strong>");
    expect(page.text).toContain("Relancer les clients fidèles");
    expect(page.text).not.toContain("mso-");
  });

  it("keeps hostile markup sent without the paste cleaner out of storage (the server's sanitizer)", async () => {
    const stored = JSON.stringify(await saveBody(fixture("paste-hostile.html")));
    for (const bad of ["alert", "javascript", "onload", "onerror", "onclick", "<svg", "<script", "<iframe", "fixed inset-0", "data:text"]) {
      expect(stored).not.toContain(bad);
    }
    expect(stored).toContain("Bonjour");
  });

  it("Nouvel article: both languages made at once with provisional titles; an untouched one is reopened, per member, never piled up", async () => {
    const first = await call(server, "POST", "/api/articles/blank", { cookie: admin, body: {} });
    expect(first.status, first.text).toBe(201);
    const blank = first.json.article;
    expect(blank.versions.fr).toMatchObject({ title: "Sans titre", status: "draft", version: 1 });
    expect(blank.versions.en).toMatchObject({ title: "Untitled", status: "draft", version: 1 });
    expect(blank.versions.fr.slug).toMatch(/^sans-titre-[a-z0-9]{6}$/);
    expect(blank.versions.en.slug).toBe(blank.versions.fr.slug.replace("sans-titre", "untitled"));
    expect(blank.versions.fr.state.label).toBe("Brouillon");

    // Left untouched: the next "Nouvel article" is the same one (200), not a second blank.
    const again = await call(server, "POST", "/api/articles/blank", { cookie: admin, body: {} });
    expect(again.status, again.text).toBe(200);
    expect(again.json.article.id).toBe(blank.id);

    // Another member gets their own.
    const editor = await addMember(server, admin, "redactrice@archimed.test", "editor", "editor-password-1");
    const theirs = await call(server, "POST", "/api/articles/blank", { cookie: await login(server, editor.email, editor.password), body: {} });
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.json.article.id).not.toBe(blank.id);

    // Once written in (here only its body), it is an article like any other: the next one is new.
    const draft = await call(server, "GET", `/api/pages/${blank.id}/fr`, { cookie: admin });
    const doc = documentFromEditorHtml("<p>Quelques mots.</p>", draft.json.draft.doc);
    expect((await call(server, "PUT", `/api/pages/${blank.id}/fr/draft`, { cookie: admin, body: { doc, version: draft.json.draft.version } })).status).toBe(
      200,
    );
    const next = await call(server, "POST", "/api/articles/blank", { cookie: admin, body: {} });
    expect(next.status, next.text).toBe(201);
    expect(next.json.article.id).not.toBe(blank.id);

    // Its first title gives it its address.
    const titled = await call(server, "PUT", `/api/articles/${next.json.article.id}`, {
      cookie: admin,
      body: { fr: { title: "Un vrai titre", slug: "un-vrai-titre", version: 1 } },
    });
    expect(titled.status, titled.text).toBe(200);
    expect(titled.json.article.versions.fr.path).toBe("/blog/un-vrai-titre");

    // The request takes nothing: anything else is refused in French.
    const bad = await call(server, "POST", "/api/articles/blank", { cookie: admin, body: { title: "x" } });
    expect(bad.status, bad.text).toBe(400);
    expect(await call(server, "POST", "/api/articles/blank", { body: {} }).then((r) => r.status)).toBe(401);
  });
});
