import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * Public layout details of issue 15 §4 not covered elsewhere: the video facade's poster (drawn, no third-party
 * request before the click), cards in a row with equal heights, and the dark theme's bands keeping their emphasis.
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

async function open(path: string, width: number, theme: "light" | "dark" = "light") {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((t) => {
    localStorage.setItem("cookieConsent", "declined");
    localStorage.setItem("theme", t);
  }, theme);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
  return { context, page, requests };
}

describe("the video placeholder", () => {
  it.each([375, 1440])("at %i px shows a drawn poster and the title; nothing from YouTube before the click", async (width) => {
    const { context, page, requests } = await open("/", width);
    const facade = page.locator(".video-facade").first();
    await facade.scrollIntoViewIfNeeded();
    const poster = facade.getByTestId("video-poster");
    const box = (await poster.boundingBox())!;
    const frame = (await facade.boundingBox())!;
    // The poster covers the whole placeholder.
    expect(Math.abs(box.width - frame.width)).toBeLessThan(2);
    expect(Math.abs(box.height - frame.height)).toBeLessThan(2);
    expect(await poster.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/radial-gradient.*linear-gradient/);
    const label = (await facade.getAttribute("aria-label"))!;
    expect((await facade.innerText()).trim().length).toBeGreaterThan(0);
    expect(label).toContain((await facade.innerText()).trim());
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    await context.close();
  });
});

describe("the video's code", () => {
  it("is loaded by a page that holds a video, whose facade then swaps for the player; a page without one never loads it", async () => {
    const { context, page, requests } = await open("/", 1440);
    // Nothing leaves the machine: the player's frame is refused before it reaches the provider.
    await page.route(
      (url) => !url.href.startsWith(server.url),
      (route) => route.abort(),
    );
    expect(requests.filter((u) => /\/assets\/Video-[^/]+\.js$/.test(u))).toHaveLength(1);
    const facade = page.locator(".video-facade").first();
    await facade.click();
    await expect.poll(() => page.locator(".el-video iframe").count()).toBe(1);
    expect(await page.locator(".el-video iframe").getAttribute("src")).toMatch(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//);

    const other = await context.newPage();
    const seen: string[] = [];
    other.on("request", (r) => seen.push(r.url()));
    await other.goto(`${server.url}/contact`);
    await waitForHydration(other);
    expect(seen.filter((u) => /\/assets\/public-[^/]+\.js$/.test(u))).toHaveLength(1);
    expect(seen.filter((u) => /\/assets\/Video-[^/]+\.js$/.test(u))).toEqual([]);
    await context.close();
  });
});

describe("cards in a row", () => {
  it.each(["/", "/partenaires"])("%s at 1440 px: the cards of a row have the same height", async (path) => {
    const { context, page } = await open(path, 1440);
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll(".doc-section")]
        .map((s) => [...s.querySelectorAll(":scope > [data-column-id] > .el-text:only-child > div")].map((c) => Math.round(c.getBoundingClientRect().height)))
        .filter((h) => h.length > 1),
    );
    expect(rows.length, "au moins une rangée de cartes").toBeGreaterThan(0);
    for (const heights of rows) expect(Math.max(...heights) - Math.min(...heights), heights.join(",")).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe("dark theme bands", () => {
  it("the accent and teal bands are not a muddy brown and stand out from the page", async () => {
    const { context, page } = await open("/", 1440, "dark");
    const colours = await page.evaluate(() => {
      const s = getComputedStyle(document.documentElement);
      return {
        accent: s.getPropertyValue("--surface-accent").trim(),
        teal: s.getPropertyValue("--surface-teal").trim(),
        surface: s.getPropertyValue("--surface").trim(),
      };
    });
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const lum = (hex: string) => {
      const [r, g, b] = rgb(hex).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    // Brown: red above green above blue. The accent band must not be.
    const [r, g, b] = rgb(colours.accent);
    expect(r > g && g > b, `accent ${colours.accent}`).toBe(false);
    // Both bands are visibly lighter than the page, and the brand yellow stands out on them.
    for (const band of [colours.accent, colours.teal]) {
      expect(lum(band)).toBeGreaterThan(lum(colours.surface));
      expect(contrast("#ffc104", band)).toBeGreaterThan(7);
      expect(contrast("#eef0f2", band)).toBeGreaterThan(7);
    }
    // The bands in use really take those colours.
    const used = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>(".doc-block")].map((b) => getComputedStyle(b).backgroundColor));
    expect(used).toContain("rgb(29, 36, 51)");
    await context.close();
  });
});
