import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_KEYS, ROUTES } from "~/lib/i18n/routes";
import { startServerWithArticle, TEST_ARTICLE_SLUG } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";
import { overflows, overflowsAtWidths } from "./overflow-support";

/**
 * The widths rule of issue 15: on every public page, in both languages, at phone to desktop widths, no element
 * is wider than the viewport minus its margins. Page content (the blocks) must stay inside its block's padded
 * box; everything else inside the viewport; and the page never scrolls sideways. Each page is loaded once and
 * resized, so container and media queries are recomputed as on a real device rotation.
 */
const PAGES: [string, string][] = [
  ...ROUTE_KEYS.flatMap(
    (k) =>
      [
        [`${k} fr`, ROUTES[k].fr],
        [`${k} en`, ROUTES[k].en],
      ] as [string, string][],
  ),
  ["article fr", `/blog/${TEST_ARTICLE_SLUG}`],
  ["article en", `/en/blog/${TEST_ARTICLE_SLUG}`],
  ["404 fr", "/blog/article-qui-n-existe-pas"],
  ["404 en", "/en/blog/no-such-article"],
];

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite"), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.stop();
});

describe("no horizontal overflow", () => {
  it.each(PAGES)("%s (%s) at 320, 375, 768, 1024 and 1440 px", async (_name, path) => {
    const res = await page.goto(`${server.url}${path}`);
    expect([200, 404]).toContain(res?.status());
    await waitForHydration(page);
    expect(await overflowsAtWidths(page, { blocks: true })).toEqual({});
  });

  it("the rule can fail: a 12-track grid with 32 px gaps at 375 px is caught", async () => {
    await page.goto(`${server.url}/offres`);
    await waitForHydration(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => {
      const grid = document.querySelector(".doc-section") as HTMLElement;
      grid.style.gridTemplateColumns = "repeat(12, minmax(0, 1fr))";
      grid.style.columnGap = "32px";
      for (const c of grid.children) (c as HTMLElement).style.gridColumn = "span 12 / span 12";
    });
    expect((await overflows(page, { blocks: true })).length).toBeGreaterThan(0);
  });
});

describe("floating buttons", () => {
  /** Links, buttons and text of the page (not the floating buttons themselves) under the chat or scroll-to-top button. */
  const covered = (p: Page) =>
    p.evaluate(() => {
      const floating = ["chat-button", "scroll-top"]
        .map((id) => document.querySelector(`[data-testid="${id}"]`))
        .filter((e): e is Element => !!e)
        .map((e) => e.getBoundingClientRect());
      const hits: string[] = [];
      for (const el of document.querySelectorAll(
        "main a, main button, main p, main li, main h1, main h2, main h3, footer a, footer button, footer p, footer li, footer h2",
      )) {
        if (el.closest("[data-testid=chat-button], [data-testid=scroll-top]")) continue;
        // Only the element's own text lines count: a whole section box behind a button is not covered text.
        const range = document.createRange();
        range.selectNodeContents(el);
        for (const r of range.getClientRects()) {
          if (r.width < 2 || r.height < 2) continue;
          for (const f of floating) {
            if (r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top) {
              hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
            }
          }
        }
      }
      return [...new Set(hits)];
    });

  it.each([320, 375, 768, 1440])("never cover the footer's text or links at the end of a page, %i px", async (width) => {
    for (const path of ["/offres", "/en/contact", "/blog/article-qui-n-existe-pas"]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      // The scroll-to-top button shows beyond 300 px of scroll: a page too short for it has only the chat button.
      if (await page.evaluate(() => window.scrollY > 300)) await page.getByTestId("scroll-top").waitFor();
      expect(await covered(page), `${path} at ${width} px`).toEqual([]);
    }
  });

  it("the footer reaches the bottom of a short page", async () => {
    await page.setViewportSize({ width: 1440, height: 1600 });
    await page.goto(`${server.url}/blog/article-qui-n-existe-pas`);
    await waitForHydration(page);
    const bottom = await page.evaluate(() => document.querySelector("footer")!.getBoundingClientRect().bottom);
    expect(Math.round(bottom)).toBe(1600);
  });
});
