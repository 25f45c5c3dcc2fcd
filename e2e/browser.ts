import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium, no download; flags that keep it quiet and offline. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
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
