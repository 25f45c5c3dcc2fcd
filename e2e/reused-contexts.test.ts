import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, releaseBrowser, reusedContexts } from "./browser";

/**
 * The kept contexts of e2e/browser.ts (decision 055): emptied between tests, and replaced when they cannot be
 * emptied in time, so one stuck tab (seen beside a CPU hog) costs one test, not the rest of its file.
 */
let browser: Browser;
const ORIGIN = "http://127.0.0.1:9";

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

describe("reusedContexts", () => {
  it("keeps one context per options from one test to the next, its pages closed", async () => {
    const contexts = reusedContexts(browser, ORIGIN);
    const first = await contexts.get({ viewport: { width: 375, height: 740 } });
    await first.newPage();
    await contexts.release(first);
    expect(first.pages()).toHaveLength(0);
    expect(await contexts.get({ viewport: { width: 375, height: 740 } })).toBe(first);
    expect(await contexts.get({ viewport: { width: 1440, height: 900 } })).not.toBe(first);
    await contexts.close();
  });

  it("replaces a context whose page never finishes closing, within the limit", async () => {
    const contexts = reusedContexts(browser, ORIGIN, { resetLimitMs: 300 });
    const stuck = await contexts.get();
    const page = await stuck.newPage();
    // A close that never returns, as the Ctrl+click tab's did.
    page.close = () => new Promise<void>(() => {});
    await contexts.release(stuck);
    const next = await contexts.get();
    expect(next).not.toBe(stuck);
    await expect.poll(() => browser.contexts().includes(stuck)).toBe(false);
    await contexts.close();
  });
});
