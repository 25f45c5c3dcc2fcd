import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { get } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Several server processes behind one port (WEB_CONCURRENCY, node:cluster): every process answers, the
 * first admin is created once, and a publication in one process reaches the HTML cache of the others.
 */
const ENGINES = await engines();

describe.each(ENGINES)("two server processes on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("prepares the database once, then both processes serve", async () => {
    expect(server.logs()).toMatch(/2 processus/);
    expect(server.logs().match(/administrateur initial créé/g) ?? []).toHaveLength(1);
    for (let i = 0; i < 6; i++) expect((await get(server.url, "/offres")).status).toBe(200);
  });

  it("a publication in one process is what every process serves within a couple of seconds", async () => {
    // Each new connection goes to the next process: both caches now hold /offres.
    for (let i = 0; i < 6; i++) await get(server.url, "/offres");
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const found = await call(server, "GET", "/api/pages/resolve?path=%2Foffres", { cookie });
    const { pageId, lang } = found.json as { pageId: string; lang: string };
    const draft = (await call(server, "GET", `/api/pages/${pageId}/${lang}`, { cookie })).json.draft;
    const marker = `Publié par un autre processus ${Date.now()}`;
    draft.doc.blocks[0].sections[0].columns[0].elements.unshift({ id: "element-clustertest", type: "text", content: `<p>${marker}</p>`, styles: {} });
    const saved = await call(server, "PUT", `/api/pages/${pageId}/${lang}/draft`, { cookie, body: { doc: draft.doc, version: draft.version } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(server, "POST", `/api/pages/${pageId}/${lang}/publish`, { cookie, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    for (let i = 0; i < 6; i++) {
      const res = await get(server.url, "/offres");
      expect(res.text, `requête ${i + 1}`).toContain(marker);
    }
  });

  it("a site-structure publication in one process changes every process's menu (the in-memory shell too)", async () => {
    for (let i = 0; i < 6; i++) await get(server.url, "/offres");
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const view = (await call(server, "GET", "/api/site-structure", { cookie })).json;
    const label = `Menu ${Date.now()}`;
    view.structure.menu[0].label.fr = label;
    const saved = await call(server, "PUT", "/api/site-structure", { cookie, body: { version: view.version, structure: view.structure } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(server, "POST", "/api/site-structure/publish", { cookie, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    for (let i = 0; i < 6; i++) {
      const nav = (await get(server.url, "/offres")).text.match(/data-testid="desktop-menu"[\s\S]*?<\/nav>/)?.[0] ?? "";
      expect(nav, `requête ${i + 1}`).toContain(label);
    }
  });

  it("SIGTERM stops every process and exits 0", async () => {
    const r = await server.signal("SIGTERM");
    expect(r.code).toBe(0);
  });
});
