import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, expectApiError, login, sql } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";
import { DEFAULT_DESIGN, type DesignSettings } from "~/lib/design/tokens";
import { DOC_VERSION } from "~/lib/document/model";

/**
 * The design settings on every engine: admins only; hostile strings and unreadable colour pairs refused
 * in French with nothing stored; a saved draft changes nothing public; "Publier" changes the CSS
 * variables in the head of every public page (cached pages included); seeded pages use the references.
 */
const ENGINES = await engines();

const headStyle = (html: string) => html.match(/<style id="design-settings">([\s\S]*?)<\/style>/)?.[1] ?? "";
const clone = (): DesignSettings => JSON.parse(JSON.stringify(DEFAULT_DESIGN));

describe.each(ENGINES)("design settings on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let editor: string;

  const view = async () => {
    const res = await call(server, "GET", "/api/design", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const save = (version: number, design: unknown, cookie = admin) => call(server, "PUT", "/api/design", { cookie, body: { version, design } });
  const publish = (version: number) => call(server, "POST", "/api/design/publish", { cookie: admin, body: { version } });

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await addMember(server, admin, "editrice@archimed.test", "editor", "editor-password-1");
    editor = await login(server, e.email, e.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("starts from today's look, emitted in the head of public pages, and only admins read or write it", async () => {
    const v = await view();
    expect(v.design).toEqual(DEFAULT_DESIGN);
    expect(v.status).toBe("published");
    expect(v.version).toBe(0);
    const home = (await get(server.url, "/")).text;
    const css = headStyle(home);
    expect(css).toContain("--color-brand-yellow:#ffc104");
    expect(css).toContain("--ds-size-h2:clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)");
    // The seeded pages use the references (document migration), and render with the same values.
    expect(home).toContain("var(--ds-size-h2)");
    expect(home).toContain("var(--ds-radius-pill)");
    expectApiError(await call(server, "GET", "/api/design", { cookie: editor }), 403, "forbidden");
    expectApiError(await save(0, DEFAULT_DESIGN, editor), 403, "forbidden");
    expectApiError(await call(server, "POST", "/api/design/publish", { cookie: editor, body: { version: 0 } }), 403);
    expectApiError(await call(server, "GET", "/api/design"), 401);
  });

  it("refuses hostile strings and unreadable colours in French, storing nothing", async () => {
    const hostile = clone();
    hostile.colors.light.brand = "#fff}</style><script>alert(1)</script>";
    let res = await save(0, hostile);
    expectApiError(res, 400);
    expect(res.json.error.message).toMatch(/hexadécimal/);
    const prototype = JSON.parse(JSON.stringify(DEFAULT_DESIGN));
    prototype.type.h1 = { phone: "12px;}", desktop: 40 };
    expectApiError(await save(0, prototype), 400);
    const dim = clone();
    dim.colors.light.text = "#dddddd";
    res = await save(0, dim);
    expectApiError(res, 400);
    expect(res.json.error.message).toMatch(/Contraste insuffisant \(thème clair\)/);
    expect(await sql(server, "select id from site_design")).toEqual([]);
    expect(headStyle((await get(server.url, "/")).text)).toContain("--text:#14171c");
  });

  it("keeps a saved draft private, publishes it to every page, and refuses a stale version", async () => {
    // A cached page first: publishing must drop it.
    expect(headStyle((await get(server.url, "/offres")).text)).toContain("--color-brand-yellow:#ffc104");
    const d = clone();
    d.colors.light.brand = "#ffd23f";
    d.type.body = { phone: 16, desktop: 18 };
    d.space.m = { phone: 20, desktop: 28 };
    let res = await save(0, d);
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("draft_pending");
    expect(res.json.version).toBe(1);
    expect(headStyle((await get(server.url, "/offres")).text)).toContain("--color-brand-yellow:#ffc104");
    expectApiError(await save(0, d), 409, "stale_version");
    expectApiError(await publish(0), 409, "stale_version");

    res = await publish(1);
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("published");
    for (const path of ["/offres", "/", "/en/offers"]) {
      const css = headStyle((await get(server.url, path)).text);
      expect(css, path).toContain("--color-brand-yellow:#ffd23f");
      expect(css, path).toContain("--ds-size-body:clamp(1rem, 0.925rem + 0.25cqi, 1.125rem)");
      expect(css, path).toContain("--ds-space-m:clamp(20px, 15.2px + 1cqi, 28px)");
    }
    const rows = await sql<{ id: string; version: number }>(server, "select id, version from site_design order by id");
    expect(rows.map((r) => [r.id, Number(r.version)])).toEqual([
      ["draft", 2],
      ["published", 2],
    ]);
    expect((await view()).published.colors.light.brand).toBe("#ffd23f");
  });

  it("upgrades a draft sent in an older document version: values at or near a step become it (decision 043), others stay", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Ancienne", slug: "ancienne" }, en: { title: "Old", slug: "old" } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.page.id;
    const text = (eid: string, styles: Record<string, string>) => ({ id: `element-${eid}`, type: "text", content: "<p>x</p>", styles });
    const doc = {
      version: 1,
      blocks: [
        {
          id: "block-old",
          type: "container",
          styles: { paddingTop: "40px", backgroundColor: "#ffc104" },
          sections: [
            {
              id: "section-old",
              columns: [
                { id: "column-old", width: 12, elements: [text("a", { fontSize: "17px" }), text("b", { fontSize: "13px" }), text("c", { fontSize: "64px" })] },
              ],
            },
          ],
        },
      ],
    };
    const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: admin, body: { doc, version: created.json.page.translations.fr.version } });
    expect(res.status, res.text).toBe(200);
    const stored = JSON.parse((await sql<{ draft: string }>(server, `select draft from page_translations where page_id = '${id}' and lang = 'fr'`))[0].draft);
    expect(stored.version).toBe(DOC_VERSION);
    expect(stored.blocks[0].styles).toEqual({ paddingTop: "var(--ds-space-xl)", backgroundColor: "var(--color-brand-yellow)" });
    expect(stored.blocks[0].sections[0].columns[0].elements.map((e: { styles: { fontSize: string } }) => e.styles.fontSize)).toEqual([
      "var(--ds-size-body)",
      "var(--ds-size-small)",
      // 64 px is 1.9 times Titre 1 on a phone: too far from every step, kept as the editor's own value.
      "64px",
    ]);
  });

  it("answers a malformed stored row with the defaults, never a 500", async () => {
    await sql(server, "update site_design set data = '{\"colors\":1}' where id = 'published'");
    const v = await view();
    expect(v.published).toEqual(DEFAULT_DESIGN);
    expect((await get(server.url, "/")).status).toBe(200);
  });
});
