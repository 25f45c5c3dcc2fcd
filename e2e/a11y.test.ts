import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "~/lib/i18n/routes";
import { startServerWithArticle, TEST_ARTICLE_SLUG } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * axe-core on the main pages, in both languages and both themes, as a first-time visitor sees them
 * (cookie banner included). Every violation is listed with its selector so it can be fixed.
 */
const PAGES = [
  ["home", ROUTES.home],
  ["solution", ROUTES.website],
  ["blog", ROUTES.blog],
  ["article", { fr: `/blog/${TEST_ARTICLE_SLUG}`, en: `/en/blog/${TEST_ARTICLE_SLUG}` }],
  ["offers", ROUTES.offers],
  ["legal", ROUTES.legal],
] as const;

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite"), launchBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe.each(["light", "dark"] as const)("axe, %s theme", (theme) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  describe.each(["fr", "en"] as const)("%s", (lang) => {
    it.each(PAGES)("%s has no violation", async (_name, paths) => {
      const path = paths[lang];
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(theme);
      // Scrolled a little, so the scroll-to-top button is checked too.
      await page.evaluate(() => {
        document.body.style.setProperty("padding-bottom", "1200px");
        window.scrollTo({ top: 400, behavior: "instant" });
      });
      await page.getByTestId("scroll-top").waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const report = violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`,
      );
      expect(report, `${path} (${theme})\n${report.join("\n")}`).toEqual([]);
    });
  });
});
