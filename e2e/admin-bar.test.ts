import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * The admin bar at every width (issue 22 §7): at 320 px everything is behind "Menu"; from 768 px the row
 * holds what fits and "Plus" the rest. Every entry is reachable and leads to its page, and nothing of the
 * bar sits past the right edge (at 1024 px "Voir le site" and "Déconnexion" used to).
 */
const SHOTS = process.env.ADMIN_BAR_SHOTS; // a folder: screenshots for a person to look at (kept out of git)
let server: TestServer;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Every entry of the bar for an admin, and the path it reaches from /admin/backups. */
const LINKS: [string, RegExp][] = [
  ["Sauvegardes", /^\/admin\/backups$/],
  ["Médiathèque", /^\/admin\/media-library$/],
  ["Pages", /^\/admin\/archimed-pages$/],
  ["Articles", /^\/admin\/blog-scheduler$/],
  ["Demandes", /^\/admin\/contact-requests$/],
  ["Équipe", /^\/admin\/team$/],
  ["Structure", /^\/admin\/site-structure$/],
  ["Design", /^\/admin\/design$/],
  ["Journal", /^\/admin\/activity$/],
  // Without a page to edit, the builder's link lands on the pages list.
  ["Constructeur de page", /^\/admin\/archimed-(editor|pages)$/],
  ["Voir le site", /^\/$/],
];

/** The entry, in the row or, when the row has no room for it, behind the menu button (opened here). */
async function reach(page: Page, name: string, role: "link" | "button" = "link"): Promise<Locator> {
  const bar = page.getByTestId("admin-bar");
  const entry = bar.getByRole(role, { name, exact: true });
  const menu = bar.locator("[aria-controls=admin-bar-links]");
  // Right after a navigation the bar may not be drawn yet: wait until the entry or the menu button shows.
  await entry.or(menu).first().waitFor({ state: "visible" });
  if (await entry.isVisible()) return entry;
  expect(await menu.getAttribute("aria-expanded"), name).toBe("false");
  await menu.click();
  expect(await menu.getAttribute("aria-expanded"), name).toBe("true");
  await entry.waitFor({ state: "visible" });
  return entry;
}

/** The bar's visible controls, each inside the viewport, and no sideways scrolling. */
async function expectInside(page: Page, width: number) {
  const boxes = await page
    .getByTestId("admin-bar")
    .locator("a, button, [data-testid=admin-bar-here]")
    .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => [e.textContent?.trim(), e.getBoundingClientRect().right] as const));
  expect(boxes.length).toBeGreaterThan(0);
  for (const [label, right] of boxes) expect(right, `${label} à ${width} px`).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe.each([320, 768, 1024, 1440])("the admin bar at %i px", (width) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await signedInContext(browser, server, cookie, { width, height: 800 });
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  it("fits, with every entry reachable and inside the screen, and each link reaching its page", async () => {
    const errors = watchErrors(page);
    if (SHOTS) {
      await page.goto(`${server.url}/admin/team`);
      await page.getByTestId("admin-bar").waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-bar-${width}.png`, clip: { x: 0, y: 0, width, height: 400 } });
      const menu = page.getByTestId("admin-bar").locator("[aria-controls=admin-bar-links]");
      if (await menu.isVisible()) {
        await menu.click();
        await page.screenshot({ path: `${SHOTS}/admin-bar-${width}-open.png`, clip: { x: 0, y: 0, width, height: 600 } });
      }
    }
    for (const [label, path] of LINKS) {
      await page.goto(`${server.url}/admin/backups`);
      await page.getByTestId("backups-page").waitFor();
      await expectInside(page, width);
      const entry = await reach(page, label);
      await expectInside(page, width);
      await entry.click();
      await page.waitForURL((u) => path.test(u.pathname));
    }
    await page.goto(`${server.url}/admin/backups`);
    const stats = await reach(page, "Statistiques", "button");
    await stats.click();
    await page.getByTestId("stats-panel").waitFor({ state: "visible" });
    await page.goto(`${server.url}/admin/backups`);
    // Signing out ends the session this context shares: a trial click proves it can be clicked.
    const logout = await reach(page, "Déconnexion", "button");
    await logout.click({ trial: true });
    await expectInside(page, width);
    errors.expectNone();
  });
});

describe("the Plus menu at 1024 px", () => {
  it("opens from the keyboard, moves with the arrows, and closes with Escape back on its button", async () => {
    const context = await signedInContext(browser, server, cookie, { width: 1024, height: 800 });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/team`);
    const more = page.getByTestId("admin-bar").getByRole("button", { name: "Plus", exact: true });
    await more.waitFor();
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    await more.focus();
    await page.keyboard.press("ArrowDown");
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Sauvegardes");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Équipe");
    // Where you are is marked in the menu too.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-current"))).toBe("page");
    await page.keyboard.press("Escape");
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Plus");
    // A click outside closes it too.
    await more.click();
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await page.locator("main").click({ position: { x: 5, y: 200 } });
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });
});
