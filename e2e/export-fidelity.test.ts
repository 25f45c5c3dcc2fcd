import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "~/lib/i18n/routes";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser, waitForHydration } from "./browser";

/**
 * Issue 22 item 4: the Exporter's file, opened from a disk, lays out like the public page. For three seeded
 * pages (home, offers, and click & collect, which holds a carousel) at 375, 768 and 1440 px, every column and
 * every element (headings, buttons, images and the rest) has the same box in both, measured from the top
 * left of the page's document (the public page has the site's header above it, the file does not), and
 * matched by the ids both carry (data-column-id, data-element-id). The carousel's arrow works in the file.
 */
const WIDTHS = [375, 768, 1440];
const PAGES = [
  ["home", ROUTES.home.fr],
  ["offers", ROUTES.offers.fr],
  ["clickCollect", ROUTES.clickCollect.fr],
] as const;
/** Sub-pixel rounding and a scrollbar's worth of nothing: a broken layout is off by tens of pixels. */
const TOLERANCE = 3;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
const files = new Map<string, string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  dir = mkdtempSync(path.join(os.tmpdir(), "archimed-export-"));
  const list = await call(server, "GET", "/api/pages", { cookie });
  // The website page holds a grid gallery with a lightbox.
  for (const key of [...PAGES.map(([k]) => k), "website"]) {
    const id = list.json.pages.find((p: { systemKey: string | null }) => p.systemKey === key).id as string;
    const draft = await call(server, "GET", `/api/pages/${id}/fr`, { cookie });
    const res = await call(server, "POST", `/api/pages/${id}/fr/export`, { cookie, body: { doc: draft.json.draft.doc }, headers: { origin: server.url } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="exported-page.html"');
    const file = path.join(dir, key, "exported-page.html");
    mkdirSync(path.dirname(file));
    writeFileSync(file, res.text);
    files.set(key, pathToFileURL(file).href);
  }
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Box = { x: number; y: number; w: number; h: number };

/** Every image loaded (lazy ones too) and the fonts in: the boxes are then final. */
async function settle(p: Page) {
  await p.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    const done = (img: HTMLImageElement) =>
      new Promise((r) => {
        img.addEventListener("load", r, { once: true });
        img.addEventListener("error", r, { once: true });
      });
    await Promise.all(images.map((img) => (img.complete ? null : done(img))));
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Boxes of the document's columns and elements, and of the headings, links (buttons), images and gallery controls inside them, from the document's top left. */
function boxes(p: Page): Promise<Record<string, Box>> {
  return p.evaluate(() => {
    const doc = document.querySelector(".doc")!;
    const origin = doc.getBoundingClientRect();
    const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
    const put = (key: string, el: Element) => {
      // Not rendered at this width (hidden per device): both must agree on that, no box to compare.
      if (el.getClientRects().length === 0) return void (out[key] = { x: -1, y: -1, w: 0, h: 0 });
      const r = el.getBoundingClientRect();
      out[key] = { x: Math.round(r.left - origin.left), y: Math.round(r.top - origin.top), w: Math.round(r.width), h: Math.round(r.height) };
    };
    for (const col of doc.querySelectorAll("[data-column-id]")) put(`column ${col.getAttribute("data-column-id")}`, col);
    for (const el of doc.querySelectorAll("[data-element-id]")) {
      const id = el.getAttribute("data-element-id")!;
      put(`${el.className.split(" ")[1]} ${id}`, el);
      // A video is a facade on the page and the player in the file (no script to swap them): its box is compared, not its inside.
      el.querySelectorAll("h1,h2,h3,h4,h5,h6,a,img,[data-gallery-step],[data-gallery-goto],[data-gallery-open]").forEach((inner, i) =>
        put(`${id} > ${inner.tagName.toLowerCase()} ${i}`, inner),
      );
    }
    return out;
  });
}

function differences(pub: Record<string, Box>, exp: Record<string, Box>): string[] {
  const out: string[] = [];
  for (const [key, a] of Object.entries(pub)) {
    const b = exp[key];
    if (!b) {
      out.push(`${key}: absent du fichier`);
      continue;
    }
    const off = (["x", "y", "w", "h"] as const).filter((k) => Math.abs(a[k] - b[k]) > TOLERANCE);
    if (off.length) out.push(`${key}: page ${JSON.stringify(a)} / fichier ${JSON.stringify(b)}`);
  }
  return out;
}

describe("the exported file lays out like the public page", () => {
  for (const [key, url] of PAGES) {
    it(`${key} (${url}) at ${WIDTHS.join(", ")} px`, async () => {
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}${url}`);
        await waitForHydration(page);
        await settle(page);
        const pub = await boxes(page);
        await page.goto(files.get(key)!);
        await settle(page);
        const exp = await boxes(page);
        expect(Object.keys(pub).length).toBeGreaterThan(10);
        failures.push(...differences(pub, exp).map((d) => `${width} px, ${d}`));
      }
      expect(failures).toEqual([]);
    });
  }

  it("the carousel's arrows and dots work in the file, without the site's script", async () => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(files.get("clickCollect")!);
      const slider = page.locator("[data-gallery-slider]").first();
      await slider.scrollIntoViewIfNeeded();
      const track = slider.locator("[data-gallery-track]");
      const slideWidth = await track.evaluate((t) => (t.firstElementChild as HTMLElement).clientWidth);
      // One slide shows at a time, as on the page: the images are not stacked.
      expect(await track.evaluate((t) => t.scrollWidth > t.clientWidth * 1.5)).toBe(true);
      expect(await track.evaluate((t) => t.scrollLeft)).toBe(0);
      await slider.locator('[data-gallery-step="1"]').click();
      await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBeGreaterThan(slideWidth / 2);
      await expect.poll(() => slider.locator('[aria-current="true"]').getAttribute("data-gallery-goto")).toBe("1");
      await slider.locator('[data-gallery-goto="0"]').click();
      await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBe(0);
    }
  });

  it("a grid's lightbox opens, steps and closes in the file", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(files.get("website")!);
    const tile = page.locator('[data-gallery-open="1"]').first();
    const srcs = await tile
      .locator("xpath=ancestor::ul")
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    await tile.click();
    const box = page.locator("dialog.gallery-lightbox[open]");
    await expect.poll(() => box.locator("img").getAttribute("src")).toBe(srcs[1]);
    await box.getByRole("button", { name: "Image suivante" }).click();
    await expect.poll(() => box.locator("img").getAttribute("src")).toBe(srcs[2 % srcs.length]);
    await page.keyboard.press("Escape");
    await box.waitFor({ state: "detached" });
  });
});
