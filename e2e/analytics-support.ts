import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from "playwright-core";
import { CHROME_UA } from "../tests/support/analytics";
import { nextFrame } from "./browser";

/**
 * Browser helpers for the consent and statistics journeys: a context whose every
 * request is recorded, Google's and Meta's hosts answered locally (and anything else off this machine
 * refused), and a wait for React to have hydrated a given element.
 */
export const THIRD_PARTY = /^https:\/\/(?:[a-z0-9-]+\.)*(?:googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)\//;
export const isThirdParty = (r: Request) => THIRD_PARTY.test(r.url());
export const isBeacon = (r: Request) => new URL(r.url()).pathname === "/api/analytics/collect";

export interface Watched {
  context: BrowserContext;
  requests: Request[];
}

/** A context with a real browser's User-Agent (headless Chromium's own is, rightly, a crawler's). */
export async function watchedContext(browser: Browser, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({ userAgent: CHROME_UA, ...options });
  const requests: Request[] = [];
  context.on("request", (r) => requests.push(r));
  // Playwright tries the most recently added route first.
  await context.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
  await context.route(THIRD_PARTY, (route) => {
    const url = new URL(route.request().url());
    const flag = url.hostname.includes("google") ? "__gtagLoaded" : "__pixelLoaded";
    return route.fulfill({ status: 200, contentType: "text/javascript", body: `window.${flag} = true;` });
  });
  return { context, requests };
}

/** Waits until React has attached to the element (its event handlers work from then on). */
export async function waitForReact(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"));
  }, selector);
}

/**
 * A visitor's public page is one React island (hydrated once its root carries React's container key);
 * a signed-in member's view hydrates through the router (the document itself is the container).
 */
export async function waitForIsland(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("public-root") ?? document;
    return Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });
  await nextFrame(page);
}

/** The data layer as plain arrays (gtag pushes Arguments objects). */
export function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>)));
}

export function pixelQueue(page: Page): Promise<unknown[][] | null> {
  return page.evaluate(() => (window.fbq ? window.fbq.queue.map((a) => Array.from(a as ArrayLike<unknown>)) : null));
}
