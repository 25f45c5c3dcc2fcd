import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Saved sections ("Enregistrer comme modèle", issue 11 §6) on every engine: an editor saves a block under
 * a name, lists the library, deletes a model; the block is checked and sanitized as a draft is; bad input
 * gets a French 400 and stores nothing; strangers get 401, unknown models 404.
 */
const ENGINES = await engines();

type Json = Record<string, unknown>;
const blockOf = (elements: Json[], styles: Json = { paddingTop: "40px" }) => ({
  id: "block-m1",
  type: "container",
  styles,
  sections: [{ id: "section-m1", columns: [{ id: "column-m1", width: 12, elements }] }],
});
const el = (id: string, type: string, content: string, extra: Json = {}) => ({ id: `element-${id}`, type, content, styles: {}, ...extra });

describe.each(ENGINES)("saved sections on %s", (engine) => {
  let server: TestServer;
  let editor: string;
  const count = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from saved_sections"))[0].n);
  const save = (body: unknown, cookie = editor) => call(server, "POST", "/api/saved-sections", { cookie, body });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "redactrice@archimed.test", "editor", "editor-password-1");
    editor = await login(server, e.email, e.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("saves a block under a name, lists it newest first, and deletes it", async () => {
    const a = await save({ name: "  Bandeau de contact  ", block: blockOf([el("h", "heading", "Parlons de votre projet", { level: 2 })]) });
    expect(a.status, a.text).toBe(201);
    expect(a.json.section).toMatchObject({ name: "Bandeau de contact", createdBy: "redactrice@archimed.test" });
    expect(a.json.section.block.sections[0].columns[0].elements[0].content).toBe("Parlons de votre projet");
    const b = await save({ name: "Tarifs", block: blockOf([el("t", "text", "<p>49 €</p>")]) });
    expect(b.status, b.text).toBe(201);

    const list = await call(server, "GET", "/api/saved-sections", { cookie: editor });
    expect(list.status).toBe(200);
    expect(list.json.sections.map((s: { name: string }) => s.name)).toEqual(["Tarifs", "Bandeau de contact"]);

    const del = await call(server, "DELETE", `/api/saved-sections/${a.json.section.id}`, { cookie: editor });
    expect(del.status, del.text).toBe(200);
    expectApiError(await call(server, "DELETE", `/api/saved-sections/${a.json.section.id}`, { cookie: editor }), 404, "not_found");
    expect((await call(server, "GET", "/api/saved-sections", { cookie: editor })).json.sections.map((s: { name: string }) => s.name)).toEqual(["Tarifs"]);
  });

  it("sanitizes the block as a draft is: scripts, javascript: links and unsafe styles are not stored", async () => {
    const res = await save({
      name: "Nettoyé",
      block: blockOf([el("x", "text", '<p onclick="alert(1)">ok<script>alert(1)</script></p>'), el("b", "button", "Go", { href: "javascript:alert(1)" })], {
        backgroundImage: "url(https://evil.test/x.png)",
        paddingTop: "10px",
      }),
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await sql<{ block: string }>(server, "select block from saved_sections where id = ?", [res.json.section.id]);
    expect(row.block).not.toMatch(/script|onclick|javascript:|evil\.test/);
    expect(JSON.parse(row.block).styles).toEqual({ paddingTop: "10px" });
  });

  it("refuses bad input in French and stores nothing", async () => {
    const before = await count();
    expectApiError(await save({ name: "", block: blockOf([]) }), 400, "invalid_input");
    expectApiError(await save({ name: "x".repeat(81), block: blockOf([]) }), 400, "invalid_input");
    expectApiError(await save({ name: "Sans bloc" }), 400, "invalid_input");
    expectApiError(await save({ name: "Mauvais type", block: { ...blockOf([]), type: "grid" } }), 400, "invalid_input");
    expectApiError(
      await save({ name: "Largeur", block: { ...blockOf([]), sections: [{ id: "section-w", columns: [{ id: "column-w", width: 13, elements: [] }] }] } }),
      400,
    );
    expectApiError(await save({ name: "Élément inconnu", block: blockOf([el("u", "marquee", "x")]) }), 400);
    expectApiError(await save({ name: "Doublon", block: blockOf([el("d", "text", "<p>a</p>"), el("d", "text", "<p>b</p>")]) }), 400);
    expectApiError(await save({ name: "Contrôle\u0001", block: blockOf([]) }), 400);
    expectApiError(await save({ name: "En trop", block: blockOf([]), extra: 1 }), 400);
    const refused = await save({ name: "", block: blockOf([]) });
    expect(refused.json.error.message).toMatch(/nom du modèle est obligatoire/);
    const badBlock = await save({ name: "Mauvais type", block: { ...blockOf([]), type: "grid" } });
    expect(badBlock.json.error.message).toMatch(/^Données invalides\u202f: block/);
    expect(await count()).toBe(before);
  });

  it("needs a team member (401 without a session), and answers 404 for an unknown model", async () => {
    expectApiError(await call(server, "GET", "/api/saved-sections"), 401);
    expectApiError(await save({ name: "x", block: blockOf([]) }, ""), 401);
    expectApiError(await call(server, "DELETE", "/api/saved-sections/nope"), 401);
    expectApiError(await call(server, "DELETE", `/api/saved-sections/${"x".repeat(200)}`, { cookie: editor }), 404);
    expectApiError(await call(server, "PUT", "/api/saved-sections", { cookie: editor, body: {} }), 405);
  });

  it("leaves an unreadable stored row out of the list instead of failing", async () => {
    await sql(server, "insert into saved_sections (id, name, block, created_at, created_by) values (?, ?, ?, ?, ?)", [
      "broken-row",
      "Cassé",
      "{not json",
      new Date().toISOString(),
      null,
    ]);
    const list = await call(server, "GET", "/api/saved-sections", { cookie: editor });
    expect(list.status).toBe(200);
    expect(list.json.sections.map((s: { id: string }) => s.id)).not.toContain("broken-row");
  });
});
