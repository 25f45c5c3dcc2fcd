import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";
import { DEFAULT_DESIGN, type DesignSettings } from "~/lib/design/tokens";

/**
 * Issue 21 on every engine: documents and saved models stored with the literal brand colour (before the
 * migration) read and render with the brand token; the design API refuses hostile strings in every kind of
 * field, an unreadable brand colour (naming the pair and the ratio) and an unknown mode, in French, storing
 * nothing; a design stored before the modes existed is read as automatic; and a published brand colour
 * leaves no trace of the old one in the head of any page, in either theme.
 */
const ENGINES = await engines();
const headStyle = (html: string) => html.match(/<style id="design-settings">([\s\S]*?)<\/style>/)?.[1] ?? "";
const clone = (): DesignSettings => JSON.parse(JSON.stringify(DEFAULT_DESIGN));
const REF = "var(--color-brand-yellow)";
const LITERAL = /#ffc104|rgb\(255, ?193, ?4\)/i;

/** A document as stored before this migration (version 3): the literal brand colour in a border, a badge and a link. */
const oldDoc = () => ({
  version: 3,
  blocks: [
    {
      id: "block-old",
      type: "container",
      styles: { backgroundColor: "#ffc104" },
      sections: [
        {
          id: "section-old",
          columns: [
            {
              id: "column-old",
              width: 12,
              elements: [
                { id: "element-h", type: "heading", level: 2, content: "Offre phare", styles: { borderTop: "4px solid #ffc104" } },
                { id: "element-t", type: "text", content: '<p><a href="mailto:a@b.fr" style="color:#ffc104">a@b.fr</a></p>', styles: {} },
              ],
            },
          ],
        },
      ],
    },
  ],
});

describe.each(ENGINES)("brand colour on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  const save = (version: number, design: unknown) => call(server, "PUT", "/api/design", { cookie: admin, body: { version, design } });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("migrates a stored page and a saved model that carry the literal brand colour: read, rendered and listed with the token", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Vieille", slug: "vieille" }, en: { title: "Old", slug: "old" } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.page.id;
    const json = JSON.stringify(oldDoc());
    // Stored as an older version of the site wrote it: straight into the table, published and draft.
    await sql(server, `update page_translations set draft = '${json}', published = '${json}' where page_id = '${id}' and lang = 'fr'`);
    const draft = await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin });
    expect(draft.status, draft.text).toBe(200);
    const doc = draft.json.draft.doc;
    expect(doc.blocks[0].styles.backgroundColor).toBe(REF);
    expect(doc.blocks[0].sections[0].columns[0].elements[0].styles.borderTop).toBe(`4px solid ${REF}`);
    expect(doc.blocks[0].sections[0].columns[0].elements[1].content).toContain(`style="color:${REF}"`);
    const page = await get(server.url, "/page/vieille");
    expect(page.status).toBe(200);
    const main = page.text.slice(page.text.indexOf("<main"));
    expect(main).not.toMatch(LITERAL);
    expect(main).toContain(`4px solid ${REF}`);
    expect(main).toContain(`color:${REF}`);

    const block = oldDoc().blocks[0];
    await sql(
      server,
      `insert into saved_sections (id, name, block, created_at, created_by) values ('old-model', 'Ancien modèle', '${JSON.stringify(block)}', '2026-01-01T00:00:00.000Z', null)`,
    );
    const list = await call(server, "GET", "/api/saved-sections", { cookie: admin });
    expect(list.status, list.text).toBe(200);
    const model = list.json.sections.find((s: { id: string }) => s.id === "old-model");
    expect(JSON.stringify(model.block)).not.toMatch(LITERAL);
    expect(model.block.styles.backgroundColor).toBe(REF);
  });

  it.each([
    ["a style tag closed in a colour", (d: DesignSettings) => (d.colors.light.brand = "#fff</style>"), /hexadécimal/],
    ["url(javascript:) in a colour", (d: DesignSettings) => (d.colors.dark.surface = "url(javascript:alert(1))"), /hexadécimal/],
    [
      "expression( in a button's colour name",
      (d: DesignSettings) => ((d.buttons.secondary as unknown as Record<string, string>).border = "expression(alert(1))"),
      /bordure inconnue/,
    ],
    ["a CSS escape in a colour", (d: DesignSettings) => (d.colors.light.teal = "\\3c style"), /hexadécimal/],
    ["a CSS escape in a mode", (d: DesignSettings) => ((d.derive as unknown as Record<string, string>).dark = "\\3c/style\\3e"), /Couleurs du thème sombre/],
    ["a string for a radius", (d: DesignSettings) => ((d.radius as unknown as Record<string, string>).pill = "9999px;}</style>"), /nombre de pixels/],
    [
      "an ink that cannot be read on the brand colour",
      (d: DesignSettings) => (d.colors.light.brand = "#1f6feb"),
      /«\u202fEncre\u202f» sur «\u202fCouleur de marque\u202f» n'atteint que 3,\d:1/,
    ],
  ])("refuses %s in French, storing nothing and breaking no page", async (_name, spoil, message) => {
    const d = clone();
    spoil(d);
    const res = await save(0, d);
    expectApiError(res, 400);
    expect(res.json.error.message).toMatch(message);
    expect(await sql(server, "select id from site_design")).toEqual([]);
    const home = await get(server.url, "/");
    expect(home.status).toBe(200);
    expect(headStyle(home.text)).toContain("--color-brand-yellow:#ffc104");
  });

  it("reads a design sent in the shape from before the modes as automatic, and a published brand colour reaches every page in both themes", async () => {
    const { derive: _none, ...old } = clone();
    old.colors.light.brand = "#3b82f6";
    const saved = await save(0, old);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.design.derive).toEqual({ tints: "auto", dark: "auto" });
    // A cached page first: publishing must drop it.
    expect(headStyle((await get(server.url, "/offres")).text)).toContain("--color-brand-yellow:#ffc104");
    const published = await call(server, "POST", "/api/design/publish", { cookie: admin, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    for (const path of ["/", "/offres", "/contact", "/blog", "/en/offers"]) {
      const html = (await get(server.url, path)).text;
      const css = headStyle(html);
      expect(css, path).toContain("--color-brand-yellow:#3b82f6");
      // The pale accent background and the dark theme follow: no yellow left in the stylesheet.
      expect(css, path).not.toMatch(/#ffc104|#fff8e1/);
      expect(css, path).toMatch(/\.dark\{--color-brand-yellow:#[0-9a-f]{6}/);
      expect(html, path).toContain('<meta name="theme-color" content="#3b82f6"/>');
    }
  });
});
