import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The bench's own budget, so the test and `npm run bench` can never disagree.
import { JS_BUDGET_BYTES } from "../scripts/bench/lib/js-weight.mjs";
import { startServerWithArticle, TEST_ARTICLE_SLUG } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * Issue 15's budgets in a real browser: the JavaScript each kind of public page loads (gzip -9 of every
 * script fetched, as scripts/bench measures it: the contact form's chunk counts), and the brand typeface
 * actually used by headings once loaded, with no console error (a CSP refusal would show there).
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite"), launchBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const PAGES = ["/", "/en/solutions/reservation", "/blog", `/blog/${TEST_ARTICLE_SLUG}`, "/contact", "/en/contact"];

describe("public pages' weight and typeface", () => {
  it(`each loads at most ${(JS_BUDGET_BYTES / 1024).toFixed(1)} KB of JavaScript (gzip -9), headings in Plus Jakarta Sans`, async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const errors: string[] = [];
    try {
      for (const path of PAGES) {
        const page = await context.newPage();
        page.on("pageerror", (e) => errors.push(`${path}: ${e.message}`));
        page.on("console", (m) => m.type() === "error" && errors.push(`${path}: ${m.text()}`));
        const bodies: Promise<number>[] = [];
        page.on("response", (r) => {
          if (r.request().resourceType() === "script") bodies.push(r.body().then((b) => gzipSync(b, { level: 9 }).length));
        });
        const res = await page.goto(server.url + path, { waitUntil: "networkidle" });
        expect(res?.status(), path).toBe(200);
        await waitForHydration(page);
        const total = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
        expect(total, `${path}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
        expect(total, path).toBeGreaterThan(0);
        const font = await page.evaluate(async () => {
          await document.fonts.ready;
          return {
            family: getComputedStyle(document.querySelector("h1")!).fontFamily,
            loaded: document.fonts.check('800 40px "Plus Jakarta Sans"', "Commerce"),
            faces: [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Plus Jakarta Sans" && f.status === "loaded").length,
          };
        });
        expect(font.family, path).toMatch(/^"Plus Jakarta Sans", "Plus Jakarta Sans Fallback"/);
        expect(font.loaded && font.faces === 1, path).toBe(true);
        await page.close();
      }
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it("in the dark theme, the page's illustrations are dimmed (they glared on the dark surfaces); in the light theme they are not", async () => {
    for (const theme of ["dark", "light"]) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await page.goto(`${server.url}/blog`);
      await waitForHydration(page);
      const filters = await page.evaluate(() => [...document.querySelectorAll(".site-main img")].map((i) => getComputedStyle(i).filter));
      expect(filters.length, theme).toBeGreaterThan(0);
      for (const f of filters) {
        if (theme === "dark") expect(f).toMatch(/brightness\(0\.8\)/);
        else expect(f).toBe("none");
      }
      await context.close();
    }
  });
});
