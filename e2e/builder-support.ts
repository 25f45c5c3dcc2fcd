import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, reusedContexts } from "./browser";
import { settled } from "./overflow-support";
import { DOC_VERSION } from "~/lib/document/model";

/** Shared by the builder's browser tests: sessions, pages made through the API, and canvas helpers. */
export const VIEWPORT = { width: 1440, height: 900 };

export type Lang = "fr" | "en";
export interface Doc {
  version: number;
  blocks: {
    id: string;
    type: "container";
    styles: Record<string, string>;
    hide?: Record<string, boolean>;
    sections: {
      id: string;
      columns: {
        id: string;
        width: number;
        elements: {
          id: string;
          type: string;
          content: string;
          styles: Record<string, string>;
          hide?: Record<string, boolean>;
          level?: number;
          href?: string;
          alt?: string;
        }[];
      }[];
    }[];
  }[];
}

export const el = (id: string, type: string, content: string, extra: Record<string, unknown> = {}) => ({
  id: `element-${id}`,
  type,
  content,
  styles: {},
  ...extra,
});
/** One block per entry of `blocks`, each a list of sections, each a list of [width, elements] columns. */
export function docOf(...blocks: [string, [number, ReturnType<typeof el>[]][][]][]): Doc {
  return {
    // The current model: its values are what the test wrote (an older version would move them to the design's named steps).
    version: DOC_VERSION,
    blocks: blocks.map(([bid, sections]) => ({
      id: `block-${bid}`,
      type: "container" as const,
      styles: { paddingTop: "20px", paddingBottom: "20px" },
      sections: sections.map((cols, si) => ({
        id: `section-${bid}${si}`,
        columns: cols.map(([width, elements], ci) => ({ id: `column-${bid}${si}${ci}`, width, elements })),
      })),
    })),
  };
}

/** A signed-in browser context: the session cookie from the API, set for the server's origin. */
export async function signedInContext(browser: Browser, server: TestServer, cookie: string, viewport = VIEWPORT): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "sid", value: cookie.slice("sid=".length), url: server.url }]);
  await context.addInitScript(() => {
    if (!localStorage.getItem("cookieConsent")) localStorage.setItem("cookieConsent", "declined");
  });
  return context;
}

/**
 * Signed-in contexts kept for a whole test file, one per member and viewport (reusedContexts in browser.ts): each
 * test gets its member's session cookie again, and an origin whose storage an earlier test left is emptied
 * (the builder's local backups live in localStorage), the visitor's cookie choice already made.
 */
export function contextPool(browser: Browser, server: TestServer) {
  const contexts = reusedContexts(browser, server.url, { consent: "declined" });
  return {
    async get(cookie: string, viewport = VIEWPORT): Promise<BrowserContext> {
      const context = await contexts.get({ viewport }, cookie);
      await context.addCookies([{ name: "sid", value: cookie.slice("sid=".length), url: server.url }]);
      return context;
    },
    /** After each test: every page of every kept context is closed; the next test starts on empty storage. */
    endTest: contexts.endTest,
    close: contexts.close,
  };
}

/** Collects script errors of a page; `expectNone` fails the test with them. */
export function watchErrors(page: Page, allow: RegExp[] = []) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    const t = m.text();
    if (allow.some((r) => r.test(t))) return;
    errors.push(`console: ${t}`);
  });
  return {
    errors,
    expectNone: () => expect(errors.splice(0)).toEqual([]),
    /** The errors so far are all expected ones (e.g. the browser logging a refused request): clears them. */
    expectOnly: (...expected: RegExp[]) => {
      const seen = errors.splice(0);
      expect(seen.filter((e) => !expected.some((r) => r.test(e)))).toEqual([]);
      return seen.length;
    },
  };
}

export class Api {
  constructor(
    private server: TestServer,
    public cookie: string,
  ) {}
  static async signIn(server: TestServer, email: string, password: string) {
    return new Api(server, await login(server, email, password));
  }
  /** A custom page in both languages; `description` for one the pre-publish check finds complete. */
  async createPage(slug: string, title = `Page ${slug}`, description?: string): Promise<string> {
    const res = await call(this.server, "POST", "/api/pages", {
      cookie: this.cookie,
      body: { fr: { title, slug, description }, en: { title: `${title} (EN)`, slug: `${slug}-en`, description } },
    });
    if (res.status !== 201) throw new Error(`création refusée : ${res.status} ${res.text}`);
    return res.json.page.id;
  }
  async draft(id: string, lang: Lang = "fr"): Promise<{ version: number; doc: Doc; status: string; updatedBy: string | null }> {
    const res = await call(this.server, "GET", `/api/pages/${id}/${lang}`, { cookie: this.cookie });
    if (res.status !== 200) throw new Error(`brouillon illisible : ${res.status} ${res.text}`);
    return res.json.draft;
  }
  async save(id: string, doc: Doc, lang: Lang = "fr"): Promise<number> {
    const { version } = await this.draft(id, lang);
    const res = await call(this.server, "PUT", `/api/pages/${id}/${lang}/draft`, { cookie: this.cookie, body: { doc, version } });
    if (res.status !== 200) throw new Error(`enregistrement refusé : ${res.status} ${res.text}`);
    return res.json.version;
  }
  async publish(id: string, lang: Lang = "fr") {
    const { version } = await this.draft(id, lang);
    const res = await call(this.server, "POST", `/api/pages/${id}/${lang}/publish`, { cookie: this.cookie, body: { version } });
    if (res.status !== 200) throw new Error(`publication refusée : ${res.status} ${res.text}`);
  }
  async pageId(systemKey: string): Promise<string> {
    const res = await call(this.server, "GET", "/api/pages", { cookie: this.cookie });
    return res.json.pages.find((p: { systemKey: string | null }) => p.systemKey === systemKey).id;
  }
}

export async function openBuilder(page: Page, server: TestServer, id: string, lang: Lang = "fr") {
  await page.goto(`${server.url}/admin/archimed-editor?page=${id}&lang=${lang}`);
  await page.getByTestId("builder").waitFor();
  await page.getByTestId("builder-canvas").waitFor();
}

/** Canvas helpers. */
export const blocks = (page: Page) => page.locator("[data-builder-block]");
export const elements = (page: Page) => page.locator("[data-builder-element]");
export const elementById = (page: Page, id: string) => page.locator(`[data-builder-element="${id}"]`);
export const columnOf = (page: Page, id: string) => page.locator(`[data-builder-column="${id}"]`);
export const idsIn = (scope: Locator, attr: "data-builder-element" | "data-builder-block" | "data-builder-section") =>
  scope.locator(`[${attr}]`).evaluateAll((nodes, a) => nodes.map((n) => n.getAttribute(a)!), attr);
export const saveState = (page: Page) => page.getByTestId("save-state").getAttribute("data-state");
export const announcer = (page: Page) => page.getByTestId("builder-announcer");
/** Selected nodes in the canvas (data-selected="true"). */
export const selectedIds = (page: Page) =>
  page
    .locator('[data-selected="true"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-builder-element") ?? n.getAttribute("data-builder-block")));

/** What dnd-kit's live regions (one per drag scope) say now, all together. */
const liveRegions = (page: Page) =>
  page
    .locator("[id^=DndLiveRegion]")
    .allTextContents()
    .then((t) => t.join("|"));
const pressed = (handle: Locator) => handle.getAttribute("aria-pressed");
const SIGNAL = { timeout: 10_000, interval: 50 };

/**
 * Drags with real mouse moves (dnd-kit's pointer sensor needs several steps past its 6 px threshold). Like
 * keyboardDrag, it waits for dnd-kit's signals: aria-pressed once the drag has started, the live region quiet
 * before the button is released (what it says last is where the drop lands), aria-pressed gone after.
 */
export async function mouseDrag(page: Page, handle: Locator, to: { x: number; y: number }) {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 8, { steps: 4 });
  await expect.poll(() => pressed(handle), { ...SIGNAL, message: "dnd-kit n'a pas commencé le déplacement" }).toBe("true");
  await page.mouse.move(to.x, to.y, { steps: 16 });
  await page.mouse.move(to.x, to.y + 1, { steps: 2 });
  await quiet(page);
  await page.mouse.up();
  await expect.poll(() => pressed(handle), { ...SIGNAL, message: "le déplacement n'a pas pris fin" }).toBeNull();
}

/** Until the live regions say the same thing twice, 100 ms apart (at most SIGNAL's timeout), after two frames. */
async function quiet(page: Page) {
  // Two frames first: React renders the pointer's last move (and the collision it brings) by then.
  await settled(page);
  let last = await liveRegions(page);
  for (let waited = 0; waited < SIGNAL.timeout; waited += 100) {
    await page.waitForTimeout(100);
    const now = await liveRegions(page);
    if (now === last) return;
    last = now;
  }
}

export async function centerOf(loc: Locator, dy = 0) {
  await loc.scrollIntoViewIfNeeded();
  const b = (await loc.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 + dy };
}

/**
 * dnd-kit's keyboard drag: Space picks up, arrows move, Space (or Escape) ends. Each key waits for dnd-kit's
 * own signal before the next one: aria-pressed on the handle and the pick-up announced, then a new announcement
 * for each arrow (so each arrow must change what is announced), then aria-pressed gone. On a busy machine a
 * fixed pause let the drop land before the move had been measured, and nothing moved.
 */
export async function keyboardDrag(page: Page, handle: Locator, keys: string[], end: "Space" | "Escape" = "Space") {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => pressed(handle), { ...SIGNAL, message: "dnd-kit n'a pas saisi la poignée" }).toBe("true");
  // dnd-kit announces the pick-up, then the handle over its own place: wait for that, so that the first arrow's
  // announcement is not mistaken for it.
  await expect.poll(() => liveRegions(page), { ...SIGNAL, message: "la saisie n'a pas été annoncée" }).toMatch(/au-dessus|place d'origine|hors de toute/);
  for (const k of keys) {
    // dnd-kit's keyboard sensor starts listening for arrows in a timer after the pick-up, and measures the places in
    // an effect: two frames and a timer later both have run (an arrow pressed before was lost on a busy machine).
    await framesAndTimer(page);
    const before = await liveRegions(page);
    await page.keyboard.press(k);
    await expect.poll(() => liveRegions(page), { ...SIGNAL, message: `rien d'annoncé après ${k}` }).not.toBe(before);
  }
  await framesAndTimer(page);
  await page.keyboard.press(end);
  await expect.poll(() => pressed(handle), { ...SIGNAL, message: "le déplacement n'a pas pris fin" }).toBeNull();
  // The drop or the cancel is announced, and the items have slid to their places: a drag started while a cancelled
  // one's items were still sliding back measured them mid-way, and its first arrow found no other place (CI flake).
  await expect
    .poll(() => liveRegions(page), { ...SIGNAL, message: "la fin du déplacement n'a pas été annoncée" })
    .toMatch(end === "Escape" ? /annulé/ : /déposé|relâché/);
  await transitionsDone(page);
}

/** Two frames (settled), then a timer: what dnd-kit defers to either has run. */
async function framesAndTimer(page: Page) {
  await settled(page);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
}

/** No CSS transition is running (dnd-kit slides sortable items with transitions). */
async function transitionsDone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running").length), {
      ...SIGNAL,
      message: "des éléments glissent encore",
    })
    .toBe(0);
}

/**
 * A test file's plain set-up: one server (SQLite, the admin account), one browser and the admin's session
 * cookie for the file. Read its fields inside tests and hooks.
 */
export function adminSuite() {
  const suite = { server: undefined as unknown as TestServer, browser: undefined as unknown as Browser, cookie: "" };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
    suite.cookie = await login(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.stop();
  });
  return suite;
}

/**
 * A test file's signed-in set-up: one server (SQLite, the admin account) and one browser for the file,
 * a fresh signed-in context per page, closed after each test. Read its fields inside tests and hooks.
 */
export function memberSuite(env: Record<string, string> = {}, allow: RegExp[] = []) {
  const open: BrowserContext[] = [];
  const suite = {
    server: undefined as unknown as TestServer,
    browser: undefined as unknown as Browser,
    admin: undefined as unknown as Api,
    /** A signed-in page at this width (900 px high) with its error watcher. */
    async newPage(width = 1440): Promise<{ page: Page; watch: ReturnType<typeof watchErrors> }> {
      const ctx = await signedInContext(suite.browser, suite.server, suite.admin.cookie, { width, height: 900 });
      open.push(ctx);
      const page = await ctx.newPage();
      return { page, watch: watchErrors(page, allow) };
    },
    /** A visitor's context (no session), closed after the test like the others. */
    async visitorContext(viewport = VIEWPORT): Promise<BrowserContext> {
      const ctx = await suite.browser.newContext({ viewport });
      open.push(ctx);
      return ctx;
    },
  };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD, ...env }), launchBrowser()]);
    suite.admin = await Api.signIn(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    await suite.server?.stop();
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  return suite;
}

/**
 * Publier, then "Publier quand même" when the pre-publish checklist has something to say (it opens once
 * the links to this site's addresses are checked, "Vérification…" on the button meanwhile, or not at all).
 */
export async function publishAnyway(page: Page) {
  // The publication's own request, not a time window: the check before it asks for every linked address as a
  // visitor would, which a busy machine can stretch past any fixed wait (a CI run went on with the page never
  // published, and its visitor found the previous version).
  const published = page.waitForResponse((r) => r.request().method() === "POST" && /^\/api\/pages\/[^/]+\/[a-z]{2}\/publish$/.test(new URL(r.url()).pathname), {
    timeout: 60_000,
  });
  await page.locator("[data-action=publish]").click();
  const anyway = page.locator("[data-action=publish-anyway]");
  // Either the checklist asks (warnings: "Publier quand même"), or nothing was found and it publishes at once.
  const checklist = anyway.waitFor({ state: "visible", timeout: 60_000 }).then(
    () => true,
    () => false,
  );
  if (await Promise.race([published.then(() => false), checklist])) await anyway.click();
  await published;
}

/**
 * "Valeur personnalisée…" of a settings field (issue 21): chosen in the list, then a number and a unit in
 * words. `amount` is the number ("24"), `unit` one of px, rem, %.
 */
export async function chooseCustom(scope: Locator, label: string, amount: string, unit: "px" | "rem" | "%" = "px") {
  await scope.getByLabel(label, { exact: true }).selectOption({ label: "Valeur personnalisée…" });
  await scope.getByLabel(`${label} : unité`).selectOption(unit);
  await scope.getByLabel(`${label} : valeur personnalisée`).fill(amount);
}

/** What a settings field shows: the named step's label, or the custom number and unit ("24 px"). */
export async function shownValue(scope: Locator, label: string): Promise<string> {
  const chosen = await scope.getByLabel(label, { exact: true }).locator("option:checked").innerText();
  if (chosen !== "Valeur personnalisée…") return chosen;
  const amount = await scope.getByLabel(`${label} : valeur personnalisée`).inputValue();
  return `${amount} ${await scope.getByLabel(`${label} : unité`).inputValue()}`;
}
