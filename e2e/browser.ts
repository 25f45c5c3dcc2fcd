import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/**
 * Debian's Chromium, no download: its headless shell when installed (what `npm test` installs and passes as
 * CHROMIUM_PATH: the same engine, a third less CPU), else the full browser; flags that keep it quiet and offline.
 */
async function launchChromium(): Promise<Browser> {
  const shell = "/usr/bin/chromium-headless-shell";
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : "/usr/bin/chromium"),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  return withHydratedBackOffice(browser);
}

/**
 * A back-office screen is rendered on the server, then hydrated by the router: until React has committed it, a
 * button pressed does nothing and a field typed into may be put back by React (two tests failed that way on a
 * busy CI machine). In every context of the shared browser, a goto to /admin… and a reload of it resolve once the
 * screen is hydrated, as a person sees it respond; a goto that waits only for the response ("commit") and a
 * context without JavaScript are left as they are. Playwright emits "page" before newPage() resolves, so every
 * page of the context, a tab a link opens included, is covered.
 */
function withHydratedBackOffice(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) context.on("page", navigationsWaitForBackOffice);
    return context;
  };
  return browser;
}

function navigationsWaitForBackOffice(page: Page) {
  // Where the navigation landed: a back-office address may redirect to a public page, which is an island instead.
  const settle = async (options?: { waitUntil?: string }) => {
    if (options?.waitUntil !== "commit" && new URL(page.url()).pathname.startsWith("/admin/")) await backOfficeHydrated(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(options);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(options);
    return response;
  };
}

/**
 * React marks <body> when the root commits (checked with the CPU slowed fifteen times: after the sign-in button's
 * handlers are attached, never before), then one frame for the effects.
 */
async function backOfficeHydrated(page: Page) {
  await page
    .waitForFunction(
      () => !document.querySelector('script[type="module"]') || Object.keys(document.body ?? {}).some((k) => k.startsWith("__reactFiber")),
      null,
      { timeout: 15_000 },
    )
    .then(() => nextFrame(page))
    // A page that navigated away meanwhile, or never hydrates: the test's own checks say what is wrong.
    .catch(() => {});
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

/** Resolves after the page's next frame: effects run after a commit have had their turn. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

/** The public page is one React island: wait until hydrateRoot has attached to it. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("public-root");
    return !!root && Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });
  // Effects run right after the hydration commit; one frame lets them settle.
  await nextFrame(page);
}

export async function gotoHydrated(page: Page, url: string) {
  const res = await page.goto(url);
  await waitForHydration(page);
  return res;
}

/** Runs before a page's scripts: a test's first document on the origin empties what an earlier test stored. */
function storageOfThisTestOnly(consent: string | null) {
  try {
    const test = /(?:^|; )e2e-test=(\d+)/.exec(document.cookie)?.[1];
    if (test && localStorage.getItem("e2e-test") !== test) {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem("e2e-test", test);
      if (consent) localStorage.setItem("cookieConsent", consent);
    }
  } catch {
    /* about:blank and data: documents have no storage of the origin */
  }
}

/** How long emptying a kept context may take before it is dropped instead. */
const RESET_LIMIT_MS = 20_000;

/**
 * Browser contexts kept for a whole test file, one per set of options (viewport, locale…), instead of one per
 * test: a new context costs Chromium 1–2 s of CPU (a fresh renderer, an empty HTTP cache, so the scripts
 * compiled again), the largest single cost of the browser tests on two cores (decision 055). What a context
 * would carry from one test to the next is reset instead: release() (or endTest() for all of them) closes its
 * pages and forgets its cookies; the origin's localStorage and sessionStorage are emptied by the first document
 * the next test loads (a cookie numbers the tests), then hold `consent` as the visitor's cookie choice when
 * one is given. Two pages of one test in one context share that storage, as two tabs of one browser do.
 */
export function reusedContexts(
  browser: Browser,
  origin: string,
  { consent = null, resetLimitMs = RESET_LIMIT_MS }: { consent?: string | null; resetLimitMs?: number } = {},
) {
  const kept = new Map<string, BrowserContext>();
  let test = 1;
  // Emptied between tests, within a bound: a page that never finishes closing (a tab opened by a modified click,
  // beside a busy machine) would otherwise hold every later test of the file. Such a context is dropped (closed
  // without waiting) and the next get() makes a new one.
  const reset = async (context: BrowserContext) => {
    const limit = new AbortController();
    const emptied = Promise.all(context.pages().map((p) => p.close())).then(() => context.clearCookies());
    const done = await Promise.race([
      emptied.then(
        () => true,
        () => false,
      ),
      sleep(resetLimitMs, false, { signal: limit.signal }).catch(() => false),
    ]);
    limit.abort(); // no timer left behind each test
    if (done) return;
    for (const [key, c] of kept) if (c === context) kept.delete(key);
    void context.close().catch(() => {});
  };
  return {
    /** The file's context with these options (and `tag`: one context per member, say), ready for the current test. */
    async get(options: BrowserContextOptions = {}, tag = ""): Promise<BrowserContext> {
      const key = `${tag} ${JSON.stringify(options)}`;
      let context = kept.get(key);
      if (!context) {
        context = await browser.newContext(options);
        await context.addInitScript(storageOfThisTestOnly, consent);
        kept.set(key, context);
      }
      await context.addCookies([{ name: "e2e-test", value: String(test), url: origin }]);
      return context;
    },
    /** A test is done with this context: its pages closed, its cookies gone; the next get() starts a new test. */
    async release(context: BrowserContext) {
      test++;
      await reset(context);
    },
    /** After each test: every kept context reset. */
    async endTest() {
      test++;
      await Promise.all([...kept.values()].map(reset));
    },
    async close() {
      await Promise.all([...kept.values()].map((c) => c.close()));
      kept.clear();
    },
  };
}

/**
 * An init script (`page.addInitScript(recordTimerDelays)`): every delay the page hands to setTimeout, in order,
 * on `window.timerDelays`. A wait the page makes on purpose (1.5 s, 600 ms) is then proven by the timer it sets,
 * not with a stopwatch, which a busy machine stretches (issue 23).
 */
export function recordTimerDelays() {
  const w = window as unknown as { timerDelays: number[] };
  w.timerDelays = [];
  const native = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    w.timerDelays.push(delay ?? 0);
    return native(handler, delay, ...args);
  }) as typeof window.setTimeout;
}

/** The delays recorded by recordTimerDelays, from the `from`-th on. */
export const timerDelays = (page: Page, from = 0): Promise<number[]> =>
  page.evaluate((n) => (window as unknown as { timerDelays: number[] }).timerDelays.slice(n), from);
