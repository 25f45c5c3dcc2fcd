import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_KEYS, ROUTES } from "~/lib/i18n/routes";
import { startServerWithArticle, TEST_ARTICLE_SLUG } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * The widths rule of issue 15: on every public page, in both languages, at phone to desktop widths, no element
 * is wider than the viewport minus its margins. Page content (the blocks) must stay inside its block's padded
 * box; everything else inside the viewport; and the page never scrolls sideways. Each page is loaded once and
 * resized, so container and media queries are recomputed as on a real device rotation.
 */
const WIDTHS = [320, 375, 768, 1024, 1440];
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

/** Every element sticking out of its allowed box, described well enough to find it. */
function overflows(p: Page) {
  return p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    /** An ancestor that clips its content (carousels, scroll boxes): the element is judged against it instead. */
    const clipped = (el: Element, stop: Element | null) => {
      for (let a = el.parentElement; a && a !== stop; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" || s.position === "fixed") return true;
      }
      return false;
    };
    // Screen-reader-only text (the skip link) is a clipped 1 px box: nothing a person sees.
    const visible = (r: DOMRect, el: Element) => r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
    for (const box of document.querySelectorAll(".doc-block > div")) {
      const b = box.getBoundingClientRect();
      const s = getComputedStyle(box);
      const left = b.left + parseFloat(s.paddingLeft) - 0.5;
      const right = b.right - parseFloat(s.paddingRight) + 0.5;
      for (const el of box.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (!visible(r, el) || clipped(el, box)) continue;
        if (r.left < left || r.right > right)
          out.push(`${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)}`);
      }
    }
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest(".doc-block")) continue;
      const r = el.getBoundingClientRect();
      if (!visible(r, el) || getComputedStyle(el).position === "fixed" || clipped(el, null)) continue;
      if (r.left < -0.5 || r.right > vw + 0.5) out.push(`${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)} outside 0–${vw}`);
    }
    return out.slice(0, 10);
  });
}

describe("no horizontal overflow", () => {
  it.each(PAGES)("%s (%s) at 320, 375, 768, 1024 and 1440 px", async (_name, path) => {
    const res = await page.goto(`${server.url}${path}`);
    expect([200, 404]).toContain(res?.status());
    await waitForHydration(page);
    const found: Record<number, string[]> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
      const bad = await overflows(page);
      if (bad.length) found[width] = bad;
    }
    expect(found).toEqual({});
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
    expect((await overflows(page)).length).toBeGreaterThan(0);
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
