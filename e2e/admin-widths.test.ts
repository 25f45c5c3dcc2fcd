import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, login } from "../tests/support/auth";
import { startServerWithArticle } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";
import { overflows, settled, WIDTHS } from "./overflow-support";

/**
 * The widths rule on the back-office: every screen, from a 320 px phone to a 1440 px desktop, never scrolls
 * sideways, keeps everything inside the viewport and every field and button inside its card's padding. Each
 * screen is loaded once at 1440 px and resized, as on a device rotation or a window dragged narrower.
 */
const SCREENS: [string, string][] = [
  ["Pages", "/admin/archimed-pages"],
  ["Médiathèque", "/admin/media-library"],
  ["Structure du site", "/admin/site-structure"],
  ["Design", "/admin/design"],
  ["Articles", "/admin/blog-scheduler"],
  ["Nouvel article", "/admin/blog/edit"],
  ["Article", "/admin/blog/edit/test-article-demo"],
  ["Générer avec l'IA", "/admin/ai-blog-generator"],
  ["Équipe", "/admin/team"],
  ["Journal d'activité", "/admin/activity"],
  ["Relectures", "/admin/reviews"],
  ["Mentions", "/admin/mentions"],
  ["Sécurité", "/admin/security"],
  ["Demandes de contact", "/admin/contact-requests"],
  ["Sauvegardes", "/admin/backups"],
  ["Écran inconnu", "/admin/nulle-part"],
];

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: ReturnType<typeof watchErrors>;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  context = await signedInContext(browser, server, await login(server, ADMIN_EMAIL, ADMIN_PASSWORD), { width: 1440, height: 900 });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.stop();
});

/** The screen has its heading and has loaded what it lists. */
async function loaded(p: Page) {
  await p.locator("main h1").first().waitFor();
  await p.waitForFunction(() => !/Chargement…/.test(document.querySelector("main")?.textContent ?? ""), null, { timeout: 15_000 });
}

describe("back-office screens at 320, 375, 768, 1024 and 1440 px", () => {
  it.each(SCREENS)("%s (%s)", async (_name, path) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}${path}`);
    await loaded(page);
    const found: Record<number, string[]> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settled(page);
      const bad = await overflows(page, { cards: true });
      if (bad.length) found[width] = bad;
    }
    expect(found).toEqual({});
    errors.expectNone();
  });

  it("the rule can fail: a field wider than its card is caught", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/admin/team`);
    await loaded(page);
    expect(await overflows(page, { cards: true })).toEqual([]);
    await page
      .locator("main input")
      .first()
      .evaluate((input) => ((input as HTMLElement).style.width = "calc(100% + 24px)"));
    expect((await overflows(page, { cards: true })).join("\n")).toMatch(/outside its card/);
  });
});
