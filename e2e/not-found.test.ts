import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * The public 404 page (issue 22, decision 036) in a real browser: each language, both themes, a phone and a
 * wide screen: the status, the heading in view, the ways on visible and large enough to tap, nothing wider
 * than the window, and axe finds nothing. Screenshots go to $SCREENSHOT_DIR when it is set (to look at them).
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite"), launchBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const CASES = [
  ["/nimportequoi", "fr", "Page introuvable"],
  ["/en/nothing-here", "en", "Page not found"],
] as const;

describe.each(CASES)("%s", (path, lang, heading) => {
  it.each([
    [375, "light"],
    [375, "dark"],
    [1440, "light"],
    [1440, "dark"],
  ] as const)("at %i px in the %s theme: a 404 in its language with ways on, axe clean", async (width, theme) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((t) => {
      localStorage.setItem("cookieConsent", "declined");
      localStorage.setItem("theme", t);
    }, theme);
    const page = await context.newPage();
    const res = await page.goto(`${server.url}${path}`);
    expect(res?.status()).toBe(404);
    expect(page.url()).toBe(`${server.url}${path}`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    const block = page.getByTestId("not-found");
    const h1 = block.getByRole("heading", { level: 1 });
    expect((await h1.innerText()).trim()).toBe(heading);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.title()).toContain(heading);
    const h1Box = (await h1.boundingBox())!;
    expect(h1Box.y + h1Box.height).toBeLessThan(900);
    // Ways on: home, blog, offers, website and contact, each visible and at least 24 px high to tap.
    const links = block.locator("a");
    expect(await links.count()).toBe(5);
    for (const link of await links.all()) {
      expect(await link.isVisible()).toBe(true);
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/404-${lang}-${width}-${theme}.png`, fullPage: true });
    await context.close();
  });
});
