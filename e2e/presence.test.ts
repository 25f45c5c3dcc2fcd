import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, docOf, el, elementById, openBuilder, signedInContext, watchErrors } from "./builder-support";

/**
 * Who is editing (issue 25 §3, decision 049), in two browser contexts signed in as two members: Camille
 * edits a page; the administrator opening it is told "Camille Durand modifie cette page depuis …", opens
 * it read-only (nothing can be changed), then takes over; Camille's tab is told, turns read-only, and
 * keeps the change it had not saved, which reaches the server when Camille takes the page back. The
 * article editor: the same notice, read-only, and the take-over told to the other tab.
 * PRESENCE_SHOTS (a folder) keeps screenshots of the notice at 1024 and 1440 px in both themes.
 */
const CAMILLE = { email: "camille.durand@archimed.test", password: "camille-password-1" };
const SHOTS = process.env.PRESENCE_SHOTS;

let server: TestServer;
let browser: Browser;
let admin: Api;
let camille: Api;
const open: BrowserContext[] = [];
let n = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  admin = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  // The second member comes through the team API, as a person would add them.
  await addMember(server, admin.cookie, CAMILLE.email, "editor", CAMILLE.password);
  camille = await Api.signIn(server, CAMILLE.email, CAMILLE.password);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function memberPage(api: Api, allow: RegExp[] = []) {
  const ctx = await signedInContext(browser, server, api.cookie);
  open.push(ctx);
  const page = await ctx.newPage();
  return { page, watch: watchErrors(page, allow) };
}

const presenceOf = (p: Page, screen: "builder" | "article-editor") => p.getByTestId(screen).getAttribute("data-presence");
const headingText = (p: Page) => elementById(p, "element-h").locator(":scope > .el").innerText();
const storedHeading = async (id: string) => (await admin.draft(id)).doc.blocks[0]?.sections[0].columns[0].elements[0]?.content;
/** Waits for a state on a loaded machine (Vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });
/** Saves refused on purpose (offline drafts, a read-only tab's 409): the browser logs them. */
const REFUSED = [/Failed to load resource/, /status of 409 \(Conflict\)/];

/** Replaces a heading's text through the inline editor, then leaves it (the blur commits it). */
async function retype(p: Page, id: string, text: string) {
  const e = elementById(p, id);
  await e.dblclick();
  const editor = e.locator(".builder-inline-editor[contenteditable=true]");
  await editor.waitFor();
  await p.waitForFunction((node) => node?.contains(document.activeElement) ?? false, await editor.elementHandle());
  await p.keyboard.press("ControlOrMeta+a");
  await p.keyboard.type(text);
  await p.getByTestId("builder-canvas").click({ position: { x: 5, y: 5 } });
}

async function shoot(p: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 1024]) {
    await p.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      // The site's theme switch (app/lib/theme.ts) without a reload: the page keeps its state.
      await p.evaluate((t) => {
        const d = document.documentElement;
        d.classList.remove("light", "dark");
        d.classList.add(t);
        d.setAttribute("data-theme", t);
      }, theme);
      await p.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png` });
    }
  }
  await p.evaluate(() => {
    document.documentElement.classList.replace("dark", "light");
    document.documentElement.setAttribute("data-theme", "light");
  });
  await p.setViewportSize({ width: 1440, height: 900 });
}

describe("a page in the builder", () => {
  it("notice, read-only, take-over told to the other tab, and the other's unsaved change kept", async () => {
    const slug = `presence-${++n}`;
    const id = await admin.createPage(slug, `Présence ${n}`);
    await admin.save(id, docOf(["s", [[[12, [el("h", "heading", "Titre d'origine", { level: 1 }), el("t", "text", "<p>Texte d'origine</p>")]]]]]));

    // Camille edits; her drafts cannot reach the server for now (offline): her change stays unsaved.
    const a = await memberPage(camille, REFUSED);
    await openBuilder(a.page, server, id);
    await poll(() => presenceOf(a.page, "builder")).toBe("holding");
    await a.page.route(`${server.url}/api/pages/${id}/fr/draft`, (route) => route.abort("internetdisconnected"));
    await retype(a.page, "element-h", "Changement non enregistré de Camille");

    // The administrator opens the same page: the notice names Camille, since when, with her initials.
    const b = await memberPage(admin);
    await openBuilder(b.page, server, id);
    const notice = b.page.getByRole("dialog", { name: /^Camille Durand modifie cette page depuis / });
    await notice.waitFor();
    expect(await notice.getByRole("heading").innerText()).toMatch(/^Camille Durand modifie cette page depuis (moins d'une minute|\d+\u00a0min)$/);
    expect(await notice.innerText()).toContain("CD");
    expect(await notice.innerText()).toContain(CAMILLE.email);
    await shoot(b.page, "presence-notice-builder");
    // Camille's bar shows who else has the page open.
    await poll(() => a.page.getByTestId("presence-strip").locator("li").first().getAttribute("title")).toBe("Admin\u202f: lecture seule");

    // Read-only: the canvas shows the stored page, nothing can be changed or saved.
    await notice.getByRole("button", { name: "Ouvrir en lecture seule" }).click();
    await notice.waitFor({ state: "detached" });
    await poll(() => presenceOf(b.page, "builder")).toBe("reading");
    const banner = b.page.getByTestId("presence-banner");
    expect(await banner.innerText()).toMatch(/Lecture seule\u202f: Camille Durand modifie cette page depuis/);
    expect(await headingText(b.page)).toBe("Titre d'origine");
    if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/presence-read-only-builder-1440.png` });
    await elementById(b.page, "element-h").dblclick();
    await b.page.keyboard.type("Essai");
    expect(await b.page.locator(".builder-inline-editor").count()).toBe(0);
    expect(await headingText(b.page)).toBe("Titre d'origine");
    expect(await b.page.locator("[data-action=save]").isDisabled()).toBe(true);
    expect(await b.page.locator("[data-action=undo]").isDisabled()).toBe(true);

    // Take-over: the administrator edits, Camille's tab is told and turns read-only with her change kept.
    await banner.getByRole("button", { name: "Prendre la main" }).click();
    await poll(() => presenceOf(b.page, "builder")).toBe("holding");
    await poll(() => presenceOf(a.page, "builder")).toBe("lost");
    const told = a.page.getByTestId("presence-banner");
    expect(await told.innerText()).toContain("Admin a pris la main sur cette page.");
    expect(await told.innerText()).toContain("Vos modifications non enregistrées ont été conservées dans ce navigateur");
    expect(await headingText(a.page)).toBe("Changement non enregistré de Camille");
    if (SHOTS) await a.page.screenshot({ path: `${SHOTS}/presence-taken-over-builder-1440.png` });
    await elementById(a.page, "element-t").dblclick();
    expect(await a.page.locator(".builder-inline-editor").count()).toBe(0);
    // Her tab saves nothing now, even asked directly: the server refuses a tab without the hold.
    expect(await a.page.locator("[data-action=save]").isDisabled()).toBe(true);
    const tab = await a.page.evaluate(() => sessionStorage.getItem("archimed-editing-tab"));
    const direct = await call(server, "PUT", `/api/pages/${id}/fr/draft`, {
      cookie: camille.cookie,
      headers: { "x-editing-tab": tab ?? "" },
      body: { version: (await admin.draft(id)).version, doc: (await admin.draft(id)).doc },
    });
    expect(direct.status).toBe(409);
    expect(direct.json.error.message).toContain("Admin modifie cette page");
    // The change is also in her browser's backup, offered back on the next opening.
    expect(await a.page.evaluate((key) => localStorage.getItem(key) ?? "", `archimed-draft:${id}:fr`)).toContain("Changement non enregistré de Camille");

    // The administrator now edits and saves.
    await retype(b.page, "element-t", "Texte de l'administrateur");
    await b.page.keyboard.press("ControlOrMeta+s");
    await b.page.waitForSelector("[data-testid=save-state][data-state=saved]");
    expect((await admin.draft(id)).doc.blocks[0].sections[0].columns[0].elements[1].content).toBe("<p>Texte de l'administrateur</p>");

    // He closes; Camille is back online and takes the page back: her change is saved, or offered as a conflict.
    await b.page.locator("[data-action=close]").click();
    await b.page.waitForURL(/\/admin\/archimed-pages/);
    await a.page.unroute(`${server.url}/api/pages/${id}/fr/draft`);
    await a.page.getByTestId("presence-banner").getByRole("button", { name: "Reprendre la main" }).click();
    await poll(() => presenceOf(a.page, "builder")).toBe("holding");
    await a.page.waitForSelector("[data-testid=save-state][data-state=conflict]");
    // Nothing lost: her version is on her canvas, his on the server, and she chooses.
    expect(await headingText(a.page)).toBe("Changement non enregistré de Camille");
    expect(await storedHeading(id)).toBe("Titre d'origine");
    await a.page.locator("[data-action=conflict-overwrite]").click();
    await a.page.waitForSelector("[data-testid=save-state][data-state=saved]");
    expect(await storedHeading(id)).toBe("Changement non enregistré de Camille");
    a.watch.expectNone();
    b.watch.expectNone();
  }, 180_000);
});

describe("an article in the article editor", () => {
  it("the same notice, read-only, and a take-over told to the other tab with the typed text kept", async () => {
    const created = await call(server, "POST", "/api/articles", {
      cookie: admin.cookie,
      body: { fr: { title: "Article partagé" }, en: { title: "Shared article" } },
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.json.article.id;

    const a = await memberPage(camille, REFUSED);
    await a.page.goto(`${server.url}/admin/blog/edit/${id}`);
    await poll(() => presenceOf(a.page, "article-editor")).toBe("holding");
    await a.page.route(`${server.url}/api/pages/${id}/fr/draft`, (route) => route.abort("internetdisconnected"));
    const surfaceA = a.page.getByTestId("writing-fr");
    await surfaceA.click();
    await a.page.keyboard.type("Phrase tapée par Camille.");

    const b = await memberPage(admin);
    await b.page.goto(`${server.url}/admin/blog/edit/${id}`);
    const notice = b.page.getByRole("dialog", { name: /^Camille Durand modifie cet article depuis / });
    await notice.waitFor();
    await shoot(b.page, "presence-notice-article");
    await notice.getByRole("button", { name: "Ouvrir en lecture seule" }).click();
    await poll(() => presenceOf(b.page, "article-editor")).toBe("reading");
    expect(await b.page.getByTestId("writing-fr").getAttribute("contenteditable")).toBe("false");
    // The form is a disabled fieldset: its fields match :disabled.
    expect(await b.page.locator("input[name=fr-title]").evaluate((input) => input.matches(":disabled"))).toBe(true);

    await b.page.getByTestId("presence-banner").getByRole("button", { name: "Prendre la main" }).click();
    await poll(() => presenceOf(b.page, "article-editor")).toBe("holding");
    await poll(() => b.page.getByTestId("writing-fr").getAttribute("contenteditable")).toBe("true");
    await poll(() => presenceOf(a.page, "article-editor")).toBe("lost");
    expect(await a.page.getByTestId("presence-banner").innerText()).toContain("Admin a pris la main sur cet article.");
    expect(await surfaceA.getAttribute("contenteditable")).toBe("false");
    // What she typed is still there to copy, or to save once she takes the article back.
    expect(await surfaceA.innerText()).toContain("Phrase tapée par Camille.");
    await a.page.getByRole("button", { name: "Copier mon texte" }).waitFor();
    if (SHOTS) await a.page.screenshot({ path: `${SHOTS}/presence-taken-over-article-1440.png` });
    b.watch.expectNone();
  }, 180_000);
});
