import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, contextPool, docOf, el, elementById, openBuilder, publishAnyway, saveState, watchErrors, type Lang } from "./builder-support";

/**
 * Never losing work, and what visitors see: Ctrl+S and Enregistrer, autosave and the local backup
 * surviving a reload, the unsaved-changes warning, two editors on one page (stale save refused,
 * Recharger / Écraser), publishing (the public page changes on its next request), revisions, the
 * visibility checkboxes on the public page at three widths, and the pages list (create, open, delete,
 * roles).
 */
const EDITOR = { email: "editrice@archimed.test", password: "editor-password-1" };
const AUTOSAVE_WAIT_MS = 2500 + 2000;

let server: TestServer;
let browser: Browser;
let admin: Api;
let editor: Api;
/** Visitors' contexts, closed after each test. */
const open: BrowserContext[] = [];
let members: ReturnType<typeof contextPool>;
let page: Page;
let watch: ReturnType<typeof watchErrors>;
let n = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  admin = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  await addMember(server, admin.cookie, EDITOR.email, "editor", EDITOR.password);
  editor = await Api.signIn(server, EDITOR.email, EDITOR.password);
  members = contextPool(browser, server);
});
afterAll(async () => {
  await members?.close();
  await releaseBrowser(browser);
  await server?.stop();
});

async function newPage(api: Api = admin, allow: RegExp[] = []) {
  const ctx = await members.get(api.cookie);
  const p = await ctx.newPage();
  return { page: p, watch: watchErrors(p, allow), ctx };
}
beforeEach(async () => {
  ({ page, watch } = await newPage());
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  await members.endTest();
  watch.expectNone();
});

/** A visitor: no session, a fresh context each time (nothing cached by the browser). */
async function visit(path: string, width = 1440) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  open.push(ctx);
  await ctx.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
  const p = await ctx.newPage();
  const res = await p.goto(`${server.url}${path}`);
  return { page: p, status: res?.status() ?? 0, text: async () => (await p.locator("body").innerText()).replace(/\s+/g, " ") };
}

const BASE = () => docOf(["s", [[[12, [el("h", "heading", "Titre d'origine", { level: 1 }), el("t", "text", "<p>Texte d'origine</p>")]]]]]);
async function pageWith(doc = BASE()) {
  const slug = `sauvegarde-${++n}`;
  const id = await admin.createPage(slug, `Sauvegarde ${n}`);
  await admin.save(id, doc);
  return { id, slug, path: `/page/${slug}` };
}

/** Replaces a text or heading element's content through the inline editor. */
async function retype(p: Page, id: string, text: string) {
  const e = elementById(p, id);
  await e.dblclick();
  const editor = e.locator(".builder-inline-editor[contenteditable=true]");
  await editor.waitFor();
  // The editor focuses itself once mounted; keys sent before would land elsewhere.
  await p.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
  await p.keyboard.press("ControlOrMeta+a");
  await p.keyboard.type(text);
  await p.getByTestId("builder-canvas").click({ position: { x: 5, y: 5 } });
  await editor.waitFor({ state: "detached" });
}
const headingText = (p: Page) => elementById(p, "element-h").locator(":scope > .el").innerText();
const firstContent = async (api: Api, id: string, lang: Lang = "fr") => (await api.draft(id, lang)).doc.blocks[0]?.sections[0].columns[0].elements[0]?.content;
const waitState = (p: Page, state: string, timeout = 10_000) => p.waitForSelector(`[data-testid=save-state][data-state=${state}]`, { timeout });

describe("saving", () => {
  it("Ctrl+S and Enregistrer save the draft now; the version moves on", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    const v0 = (await admin.draft(id)).version;
    await retype(page, "element-h", "Enregistré au clavier");
    expect(await saveState(page)).toBe("dirty");
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    expect(await page.getByTestId("builder-announcer").innerText()).toBe("Brouillon enregistré");
    expect(await firstContent(admin, id)).toBe("Enregistré au clavier");
    expect((await admin.draft(id)).version).toBe(v0 + 1);

    await retype(page, "element-h", "Enregistré au bouton");
    await page.locator("[data-action=save]").click();
    await waitState(page, "saved");
    const d = await admin.draft(id);
    expect(d.doc.blocks[0].sections[0].columns[0].elements[0].content).toBe("Enregistré au bouton");
    expect(d.version).toBe(v0 + 2);
    // Nothing pending: no local backup is kept.
    expect(await page.evaluate((k) => localStorage.getItem(k), `archimed-draft:${id}:fr`)).toBeNull();
  });

  it("autosaves a few seconds after the last change, and the change survives a reload", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    await retype(page, "element-h", "Sauvé tout seul");
    await page.getByRole("tab", { name: "Blocs" }).click();
    await page.locator("[data-action=add-layout-two]").click();
    expect(await saveState(page)).toBe("dirty");
    await waitState(page, "saved", AUTOSAVE_WAIT_MS);
    const d = await admin.draft(id);
    expect(d.doc.blocks[0].sections[0].columns[0].elements[0].content).toBe("Sauvé tout seul");
    expect(d.doc.blocks).toHaveLength(2);
    await page.reload();
    await page.getByTestId("builder-canvas").waitFor();
    expect(await headingText(page)).toBe("Sauvé tout seul");
    expect(await page.locator("[data-builder-block]").count()).toBe(2);
    expect(await page.getByTestId("backup-banner").count()).toBe(0);
    expect(await saveState(page)).toBe("saved");
  });

  it("while the server cannot be reached, the local backup keeps the work; after a reload it is offered back", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    const offline = `${server.url}/api/pages/${id}/fr/draft`;
    await page.route(offline, (route) => route.abort("internetdisconnected"));
    watch.errors.length = 0;
    await retype(page, "element-h", "Écrit hors ligne");
    await page.waitForFunction((k) => localStorage.getItem(k)?.includes("Écrit hors ligne"), `archimed-draft:${id}:fr`);
    const backup = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), `archimed-draft:${id}:fr`))!);
    expect(backup).toMatchObject({ baseVersion: (await admin.draft(id)).version });
    await waitState(page, "error", AUTOSAVE_WAIT_MS);
    // In French: the browser's own "Failed to fetch" never reaches the member.
    expect(await page.getByTestId("builder-message").innerText()).toContain(
      "Enregistrement impossible : Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.",
    );
    expect(await firstContent(admin, id)).toBe("Titre d'origine");
    // The failed request is the only console error.
    expect(
      watch.errors.every((e) => /Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      watch.errors.join("\n"),
    ).toBe(true);
    watch.errors.length = 0;

    await page.unroute(offline);
    await page.reload();
    const banner = page.getByTestId("backup-banner");
    await banner.waitFor();
    expect(await banner.innerText()).toContain("Des modifications non enregistrées de ce navigateur ont été retrouvées");
    expect(await headingText(page)).toBe("Titre d'origine");
    await banner.locator("[data-action=restore-backup]").click();
    expect(await headingText(page)).toBe("Écrit hors ligne");
    expect(await saveState(page)).toBe("dirty");
    await waitState(page, "saved", AUTOSAVE_WAIT_MS);
    expect(await firstContent(admin, id)).toBe("Écrit hors ligne");
    expect(await page.evaluate((k) => localStorage.getItem(k), `archimed-draft:${id}:fr`)).toBeNull();
    // Restoring is undoable like any change.
    expect(await page.locator("[data-action=undo]").isEnabled()).toBe(true);
  });

  it("Ignorer drops the backup for good", async () => {
    const { id } = await pageWith();
    await page.addInitScript(
      ([k, v]) => {
        if (!sessionStorage.getItem("seeded")) {
          localStorage.setItem(k, v);
          sessionStorage.setItem("seeded", "1");
        }
      },
      [
        `archimed-draft:${id}:fr`,
        JSON.stringify({ doc: docOf(["x", [[[12, [el("h", "heading", "Copie oubliée")]]]]]), baseVersion: 1, savedAt: new Date().toISOString() }),
      ],
    );
    await openBuilder(page, server, id);
    await page.getByTestId("backup-banner").getByRole("button", { name: "Ignorer" }).click();
    expect(await page.getByTestId("backup-banner").count()).toBe(0);
    expect(await headingText(page)).toBe("Titre d'origine");
    await page.reload();
    await page.getByTestId("builder-canvas").waitFor();
    expect(await page.getByTestId("backup-banner").count()).toBe(0);
  });

  it("a backup older than the server's draft is checked like any stale save: restoring it cannot silently overwrite", async () => {
    const { id } = await pageWith();
    const base = (await admin.draft(id)).version;
    await page.addInitScript(
      ([k, v]) => {
        if (!sessionStorage.getItem("seeded")) {
          localStorage.setItem(k, v);
          sessionStorage.setItem("seeded", "1");
        }
      },
      [
        `archimed-draft:${id}:fr`,
        JSON.stringify({
          doc: docOf(["s", [[[12, [el("h", "heading", "Copie locale ancienne", { level: 1 })]]]]]),
          baseVersion: base,
          savedAt: new Date().toISOString(),
        }),
      ],
    );
    // Meanwhile someone else saved the page.
    await editor.save(id, docOf(["s", [[[12, [el("h", "heading", "Travail de l'éditrice", { level: 1 })]]]]]));
    await openBuilder(page, server, id);
    expect(await headingText(page)).toBe("Travail de l'éditrice");
    await page.getByTestId("backup-banner").locator("[data-action=restore-backup]").click();
    expect(await headingText(page)).toBe("Copie locale ancienne");
    expect(await page.getByTestId("builder-message").innerText()).toMatch(/enregistrée ailleurs/);
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "conflict");
    expect(await firstContent(admin, id)).toBe("Travail de l'éditrice");
    expect(await page.getByTestId("builder-message").innerText()).toMatch(/modifiée par editrice@archimed\.test/);
    watch.expectOnly(/status of 409 \(Conflict\)/);
    // The choice is the editor's: overwrite on purpose.
    await page.locator("[data-action=conflict-overwrite]").click();
    await waitState(page, "saved");
    expect(await firstContent(admin, id)).toBe("Copie locale ancienne");
  });

  it("warns before leaving with unsaved changes, not after saving", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    await retype(page, "element-h", "Pas encore enregistré");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(["beforeunload"]);
    expect(page.isClosed()).toBe(false);
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toEqual(["beforeunload"]);
  });

  it("Fermer saves what is pending, then goes back to the pages list", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    await retype(page, "element-h", "Sauvé en fermant");
    await page.locator("[data-action=close]").click();
    await page.waitForURL(`${server.url}/admin/archimed-pages`);
    expect(await firstContent(admin, id)).toBe("Sauvé en fermant");
  });

  it("Fermer with work that cannot be saved asks first, in the kit's dialog: Annuler stays, Fermer quand même leaves", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    const offline = `${server.url}/api/pages/${id}/fr/draft`;
    await page.route(offline, (route) => route.abort("internetdisconnected"));
    await retype(page, "element-h", "Jamais enregistré");
    await page.locator("[data-action=close]").click();
    const ask = page.getByRole("dialog", { name: "Fermer sans enregistrer\u202F?" });
    await ask.waitFor();
    expect(await ask.innerText()).toContain("Des modifications ne sont pas enregistrées.");
    await ask.getByRole("button", { name: "Annuler" }).click();
    await ask.waitFor({ state: "detached" });
    expect(page.url()).toContain(`/admin/archimed-editor?page=${id}`);
    expect(await headingText(page)).toBe("Jamais enregistré");

    await page.locator("[data-action=close]").click();
    await ask.getByRole("button", { name: "Fermer quand même" }).click();
    await page.waitForURL(`${server.url}/admin/archimed-pages`);
    expect(await firstContent(admin, id)).toBe("Titre d'origine");
    watch.errors.length = 0;
  });
});

describe("two editors on one page", () => {
  // One tab holds a page at a time (decision 049, e2e/presence.test.ts): the other member's save here comes
  // through the API, from no editor tab, which the version lock alone judges.
  const editorsVersion = () => docOf(["s", [[[12, [el("h", "heading", "Version de l'éditrice", { level: 1 }), el("t", "text", "<p>Texte d'origine</p>")]]]]]);

  it("a save based on a stale version is refused with a clear message; Recharger takes the other's version", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    await editor.save(id, editorsVersion());

    await retype(page, "element-t", "Version de l'administrateur");
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "conflict");
    const message = page.getByTestId("builder-message");
    expect(await message.innerText()).toMatch(
      /Cette page a été modifiée par editrice@archimed\.test le .+Rechargez la page pour voir ses modifications, ou écrasez-les avec les vôtres\./,
    );
    expect(await message.getAttribute("role")).toBe("alert");
    expect(await message.locator("[data-action=conflict-overwrite]").innerText()).toBe("Écraser");
    // Nothing was overwritten on the server.
    expect(await firstContent(admin, id)).toBe("Version de l'éditrice");
    // Autosave does not retry behind the editor's back while the conflict is open.
    await page.waitForTimeout(AUTOSAVE_WAIT_MS);
    expect(await saveState(page)).toBe("conflict");
    expect(await firstContent(admin, id)).toBe("Version de l'éditrice");

    // The browser logs the refused saves (409): those, and only those.
    expect(watch.expectOnly(/status of 409 \(Conflict\)/)).toBeGreaterThan(0);
    await message.locator("[data-action=conflict-reload]").click();
    await waitState(page, "saved");
    expect(await headingText(page)).toBe("Version de l'éditrice");
    expect(await elementById(page, "element-t").locator(":scope > .el").innerText()).toBe("Texte d'origine");
    expect(await page.getByTestId("builder-message").count()).toBe(0);
    // Working on from the reloaded version saves normally.
    await retype(page, "element-t", "Suite après rechargement");
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    const d = await admin.draft(id);
    expect(d.doc.blocks[0].sections[0].columns[0].elements.map((e) => e.content)).toEqual(["Version de l'éditrice", "<p>Suite après rechargement</p>"]);
  });

  it("Écraser keeps my version over the other's, and the other's next save is then the stale one", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    const staleVersion = (await editor.draft(id)).version;
    await editor.save(id, editorsVersion());

    await retype(page, "element-h", "Version qui écrase");
    await page.locator("[data-action=save]").click();
    await waitState(page, "conflict");
    watch.expectOnly(/status of 409 \(Conflict\)/);
    await page.locator("[data-action=conflict-overwrite]").click();
    await waitState(page, "saved");
    expect(await firstContent(admin, id)).toBe("Version qui écrase");
    expect((await admin.draft(id)).updatedBy).toBe(ADMIN_EMAIL);

    const late = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: editor.cookie, body: { doc: editorsVersion(), version: staleVersion + 1 } });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toMatch(/modifiée par admin@archimed\.test/);
    expect(await firstContent(admin, id)).toBe("Version qui écrase");
  });
});

describe("opening", () => {
  it("the page's HTML starts the session and draft reads itself; the builder uses those answers, once", async () => {
    const { id } = await pageWith();
    const reads: string[] = [];
    const order: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/")) reads.push(`${r.method()} ${path}`);
      if (path === `/api/pages/${id}/fr`) order.push("draft asked");
    });
    page.on("requestfinished", (r) => {
      if (/\/assets\/entry\.router-/.test(r.url())) order.push("router code loaded");
    });
    // The router's code arrives late (as on a slow network): the draft must be asked before it, whatever
    // the machine's load, since the HTML's own script asks for it.
    await page.route(/\/assets\/entry\.router-/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const res = await page.goto(`${server.url}/admin/archimed-editor?page=${id}&lang=fr`);
    const html = (await res?.text()) ?? "";
    // The router's chunks are announced up front instead of after the entry has run.
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.router-[\w-]+\.js"/);
    await page.getByTestId("builder-canvas").waitFor();
    await expect.poll(() => headingText(page)).toBe("Titre d'origine");
    expect(reads.filter((r) => r === "GET /api/auth/session")).toHaveLength(1);
    expect(reads.filter((r) => r === `GET /api/pages/${id}/fr`)).toHaveLength(1);
    // Asked by the HTML, not after the router's code has arrived and started.
    expect(order.indexOf("draft asked")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("draft asked")).toBeLessThan(order.indexOf("router code loaded"));
    // Handed over once: nothing left that a later visit in the same tab could take for fresh.
    expect(await page.evaluate(() => window.__apiPrefetch && Object.keys(window.__apiPrefetch))).toEqual([]);
  });

  it("coming back to the builder without reloading reads the draft again (never an earlier answer)", async () => {
    const { id } = await pageWith();
    await openBuilder(page, server, id);
    await expect.poll(() => headingText(page)).toBe("Titre d'origine");
    await page.getByRole("button", { name: "Fermer" }).click();
    await page.waitForURL(/\/admin\/archimed-pages/);
    const changed = docOf(["s", [[[12, [el("h", "heading", "Titre changé ailleurs", { level: 1 }), el("t", "text", "<p>Texte</p>")]]]]]);
    await admin.save(id, changed);
    await page.evaluate((href) => {
      // A client-side navigation (no new HTML, so no new prefetch): the loader must ask the server.
      window.history.pushState({}, "", href);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, `/admin/archimed-editor?page=${id}&lang=fr`);
    await page.getByTestId("builder-canvas").waitFor();
    await expect.poll(() => headingText(page)).toBe("Titre changé ailleurs");
  });
});

describe("publishing and revisions", () => {
  it("Publier makes the public page show the change on its next request", async () => {
    const { id, path } = await pageWith();
    expect((await visit(path)).status).toBe(404);
    await openBuilder(page, server, id);
    await retype(page, "element-h", "Première publication");
    await publishAnyway(page);
    await page.getByTestId("builder-message").getByText("Page publiée : les visiteurs voient maintenant cette version.").waitFor();
    expect(await saveState(page)).toBe("saved");
    let v = await visit(path);
    expect(v.status).toBe(200);
    expect(await v.text()).toContain("Première publication");

    // Seen once by an anonymous visitor (now in the HTML cache), then changed and published again.
    await retype(page, "element-h", "Deuxième publication");
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    v = await visit(path);
    expect(await v.text()).toContain("Première publication");
    await publishAnyway(page);
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    v = await visit(path);
    expect(await v.text()).toContain("Deuxième publication");
    expect(await v.text()).not.toContain("Première publication");
    // The other language was not published.
    expect((await visit(`${path}-en`.replace("/page/", "/en/page/"))).status).toBe(404);

    // Revisions: both publications, newest first; preview the older and restore it.
    await page.locator("[data-action=revisions]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("revision-list").waitFor();
    const items = dialog.getByTestId("revision-list").locator("li");
    expect(await items.count()).toBe(2);
    expect(await items.first().innerText()).toContain(ADMIN_EMAIL);
    await items.nth(1).getByRole("button", { name: "Aperçu" }).click();
    const preview = dialog.getByTestId("revision-preview");
    await preview.waitFor();
    expect(await preview.innerText()).toContain("Première publication");
    await dialog.locator("[data-action=restore-revision]").click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("builder-message").innerText()).toContain("Révision restaurée comme brouillon");
    expect(await headingText(page)).toBe("Première publication");
    expect(await saveState(page)).toBe("saved");
    expect(await firstContent(admin, id)).toBe("Première publication");
    // Restoring is not publishing.
    expect(await (await visit(path)).text()).toContain("Deuxième publication");
    await publishAnyway(page);
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    expect(await (await visit(path)).text()).toContain("Première publication");
  });

  it("visibility per device on the public page: hidden at 375, 768 or 1440 px as chosen", async () => {
    const { id, path } = await pageWith(
      docOf([
        "v",
        [
          [
            [
              12,
              [
                el("all", "text", "<p>Partout</p>"),
                el("nomob", "text", "<p>Pas sur mobile</p>"),
                el("notab", "text", "<p>Pas sur tablette</p>"),
                el("nodesk", "text", "<p>Pas sur ordinateur</p>"),
              ],
            ],
          ],
        ],
      ]),
    );
    await openBuilder(page, server, id);
    for (const [elId, label] of [
      ["element-nomob", "Masquer sur mobile"],
      ["element-notab", "Masquer sur tablette"],
      ["element-nodesk", "Masquer sur ordinateur"],
    ] as const) {
      await elementById(page, elId).click();
      await page.getByTestId("element-settings").getByLabel(label).check();
    }
    await publishAnyway(page);
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    const expected: Record<number, Record<string, boolean>> = {
      375: { all: true, nomob: false, notab: true, nodesk: true },
      768: { all: true, nomob: true, notab: false, nodesk: true },
      1440: { all: true, nomob: true, notab: true, nodesk: false },
    };
    for (const [width, vis] of Object.entries(expected)) {
      const v = await visit(path, Number(width));
      expect(v.status).toBe(200);
      for (const [key, visible] of Object.entries(vis)) {
        expect(await v.page.locator(`[data-element-id="element-${key}"]`).isVisible(), `${key} at ${width}px`).toBe(visible);
      }
    }
  });
});

describe("the pages list", () => {
  it("creates a custom page (slug from the title, 409 and 400 shown in French), opens it in the builder, and deletes it after confirmation", async () => {
    await page.goto(`${server.url}/admin/archimed-pages`);
    await page.getByTestId("page-row").first().waitFor();
    const rows = page.getByTestId("page-row");
    const before = await rows.count();

    await page.locator("[data-action=new-page]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Titre \(français\)/).fill("Nos ateliers d'été");
    expect(await dialog.getByLabel(/Slug \(français\)/).getAttribute("placeholder")).toBe("nos-ateliers-d-ete");
    await dialog.getByLabel(/Title \(English\)/).fill("Our summer workshops");
    await dialog.getByRole("button", { name: "Créer" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("status").getByText("Page « Nos ateliers d'été » créée").waitFor();
    await expect.poll(() => rows.count()).toBe(before + 1);
    const row = rows.filter({ hasText: "Nos ateliers d'été" });
    expect(await row.innerText()).toContain("Page personnalisée");
    expect(await row.locator("a[href='/page/nos-ateliers-d-ete']").count()).toBe(1);
    expect(await row.locator("a[href='/en/page/our-summer-workshops']").count()).toBe(1);
    expect(await row.locator("[data-status]").evaluateAll((s) => s.map((x) => x.getAttribute("data-status")))).toEqual(["draft", "draft"]);
    expect(await row.innerText()).toContain(ADMIN_EMAIL);

    // The same titles again: the slugs are taken.
    await page.locator("[data-action=new-page]").click();
    await dialog.getByLabel(/Titre \(français\)/).fill("Nos ateliers d'été");
    await dialog.getByLabel(/Title \(English\)/).fill("Our summer workshops");
    await dialog.getByRole("button", { name: "Créer" }).click();
    await dialog.getByRole("alert").waitFor();
    expect(await dialog.getByRole("alert").innerText()).toMatch(/Le slug «\u202fnos-ateliers-d-ete\u202f» est déjà utilisé/);
    // A slug that is not one.
    await dialog.getByLabel(/Slug \(français\)/).fill("Mauvais Slug");
    await dialog.getByRole("button", { name: "Créer" }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toMatch(/slug invalide\u202f: minuscules, chiffres et tirets seulement/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await rows.count()).toBe(before + 1);
    watch.expectOnly(/status of 409 \(Conflict\)/, /status of 400 \(Bad Request\)/);

    // Éditer (EN) opens that page and language in the builder.
    await row.locator("[data-action=edit-en]").click();
    await page.getByTestId("builder").waitFor();
    expect(await page.getByTestId("builder-topbar").innerText()).toContain("Our summer workshops · EN");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
    await page.locator("[data-action=add-layout-full]").click();
    await publishAnyway(page);
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    await page.locator("[data-action=close]").click();
    await page.waitForURL(`${server.url}/admin/archimed-pages`);
    await expect.poll(() => row.locator("[data-status]").evaluateAll((s) => s.map((x) => x.getAttribute("data-status")))).toEqual(["draft", "published"]);

    // Only custom pages can be deleted; cancelling keeps the page.
    expect(await rows.filter({ hasText: "Page du site" }).locator("[data-action=delete-page]").count()).toBe(0);
    expect(await rows.filter({ hasText: "Article" }).locator("[data-action=delete-page]").count()).toBe(0);
    await row.locator("[data-action=delete-page]").click();
    const confirm = page.getByRole("dialog");
    expect(await confirm.innerText()).toContain("Supprimer « Nos ateliers d'été » dans les deux langues, avec ses révisions ?");
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await rows.count()).toBe(before + 1);
    await row.locator("[data-action=delete-page]").click();
    await page.locator("[data-action=confirm-delete]").click();
    await page.getByRole("status").getByText("Page supprimée.").waitFor();
    await expect.poll(() => rows.count()).toBe(before);
    expect((await visit("/en/page/our-summer-workshops")).status).toBe(404);
  });

  it("shows each language's status, last edit and editor; an editor gets no delete button", async () => {
    const { id } = await pageWith();
    await editor.publish(id);
    await editor.save(id, docOf(["e", [[[12, [el("h", "heading", "Brouillon de l'éditrice")]]]]]));
    const other = await newPage(editor);
    await other.page.goto(`${server.url}/admin/archimed-pages`);
    const row = other.page.locator(`[data-page-id="${id}"]`);
    await row.waitFor();
    expect(await row.locator("[data-status]").evaluateAll((s) => s.map((x) => x.getAttribute("data-status")))).toEqual(["pending", "draft"]);
    expect(await row.locator("[data-status]").allInnerTexts()).toEqual(["Modifications non publiées", "Brouillon"]);
    const cells = await row.locator("td").allInnerTexts();
    expect(cells[1]).toContain(EDITOR.email);
    expect(cells[1]).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(cells[2]).toContain(ADMIN_EMAIL);
    expect(await other.page.locator("[data-action=delete-page]").count()).toBe(0);
    // The admin sees the delete button on that same row.
    await page.goto(`${server.url}/admin/archimed-pages`);
    await page.locator(`[data-page-id="${id}"] [data-action=delete-page]`).waitFor();
    await other.watch.expectNone();
  });
});
