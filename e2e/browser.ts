import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium, no download; flags that keep it quiet and offline. */
function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

// Kept on globalThis, not in this module: the browser tests run without per-file isolation (vitest.config.ts),
// and this survives a module loaded again all the same.
const SHARED = Symbol.for("archimed.e2e.browser");
type Holder = { [SHARED]?: Promise<Browser> };

/**
 * The worker's Chromium, started once and shared by the test files this worker runs one after another:
 * a launch costs about a second of CPU, times some fifty files on two busy cores (decision 055). Each file
 * gives it back with releaseBrowser(), which closes that file's contexts, so no cookie, storage or page
 * crosses from one file to the next. A browser that crashed or was closed is launched again.
 */
export async function launchBrowser(): Promise<Browser> {
  const holder = globalThis as Holder;
  const kept = await holder[SHARED]?.catch(() => undefined);
  if (kept?.isConnected()) return kept;
  holder[SHARED] = launchChromium();
  return holder[SHARED];
}

/** At the end of a test file: closes every context it opened; the browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => {})));
}

/** The public page is one React island: wait until hydrateRoot has attached to it. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("public-root");
    return !!root && Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });
  // Effects run right after the hydration commit; one frame lets them settle.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

export async function gotoHydrated(page: Page, url: string) {
  const res = await page.goto(url);
  await waitForHydration(page);
  return res;
}
