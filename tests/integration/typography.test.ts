import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * French typography is applied by the server to French pages whatever their source: the seeded copy and
 * text typed in the builder. English pages and what the builder stores stay as typed.
 */
const ENGINES = await engines();
const NNBSP = "\u202F";
const NBSP = "\u00A0";

/** The public markup without the JSON data script (which carries the same text to the island). */
const markupOf = (html: string) => html.replace(/<script id="public-data" type="application\/json">[\s\S]*?<\/script>/, "");

describe.each(ENGINES)("French typography on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("seeded French copy gets narrow no-break spaces; the English copy does not", async () => {
    const fr = markupOf((await get(server.url, "/")).text);
    expect(fr).toContain(`click &amp; collect${NNBSP}: nous installons`);
    expect(fr).toContain(`click &amp; collect${NNBSP}: Archimed`); // the description too
    // No text of the page's content is left with a plain space before a colon (attributes are not text).
    const mainText = (fr.match(/<main[\s\S]*<\/main>/)?.[0] ?? "").replace(/<[^>]*>/g, " ");
    expect(mainText.length).toBeGreaterThan(1000);
    expect(mainText).not.toMatch(/\w :/);
    const en = markupOf((await get(server.url, "/en")).text);
    expect(en).toContain("click &amp; collect: we set up");
    expect(en).not.toContain(NNBSP);
  });

  it("text typed in the builder is typeset on the public page, stored as typed, code and links untouched", async () => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Typo : essai", slug: "typo-essai" }, en: { title: "Typo: test", slug: "typo-test" } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.page.id as string;
    const typed = `<p>Le 1er mois : "offert" ! 20 000 euros, 50 %, à 10:30. <code>a ? b : c</code> <a href="https://x.fr/?a=1;b=2">lien</a></p>`;
    const doc = (content: string) => ({
      version: 1,
      blocks: [
        {
          id: "block-t",
          type: "container",
          styles: {},
          sections: [
            {
              id: "section-t",
              columns: [
                {
                  id: "column-t",
                  width: 12,
                  elements: [
                    { id: "element-h", type: "heading", content: "Pourquoi nous ?", level: 1, styles: {} },
                    { id: "element-t", type: "text", content, styles: {} },
                    { id: "element-b", type: "button", content: "On en parle ?", href: "/offres", styles: {} },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    for (const lang of ["fr", "en"] as const) {
      const saved = await call(server, "PUT", `/api/pages/${id}/${lang}/draft`, { cookie: admin, body: { doc: doc(typed), version: 1 } });
      expect(saved.status, saved.text).toBe(200);
      const pub = await call(server, "POST", `/api/pages/${id}/${lang}/publish`, { cookie: admin, body: { version: saved.json.version } });
      expect(pub.status, pub.text).toBe(200);
    }
    const fr = markupOf((await get(server.url, "/page/typo-essai")).text);
    expect(fr).toContain(
      `<p>Le 1ᵉʳ mois${NNBSP}: «${NNBSP}offert${NNBSP}»${NNBSP}! 20${NNBSP}000${NBSP}euros, 50${NNBSP}%, à 10:30. <code>a ? b : c</code> <a href="https://x.fr/?a=1;b=2">lien</a></p>`,
    );
    expect(fr).toContain(`Pourquoi nous${NNBSP}?`);
    expect(fr).toContain(`On en parle${NNBSP}?`);
    expect(fr).toContain(`<title>Typo${NNBSP}: essai`);
    const en = markupOf((await get(server.url, "/en/page/typo-test")).text);
    expect(en).toContain(`Le 1er mois : "offert" ! 20 000 euros`);
    expect(en).not.toContain(NNBSP);
    // The builder still shows what the editor typed.
    const draft = await call(server, "GET", `/api/pages/${id}/fr`, { cookie: admin });
    expect(JSON.stringify(draft.json.draft.doc)).not.toContain(NNBSP);
  });
});
