// Gzipped JavaScript per page, from the browser's own network activity: every script response the
// page fetches (module preloads, the entry, dynamic imports after hydration, workers), each body
// compressed here with gzip level 9 so the figure does not depend on how the server encodes it.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { onCleanup, sleep } from "./proc.mjs";

// Issue 15: no public page may load more than the 85.1 KB (gzip -9) it loaded before the contact form and the
// typeface arrived; the contact page's form counts. Issue 21 asks for under 85 KB with a changed design (design is
// CSS only): since a video's code left the island's chunk (decision 059) every page is under it, and that is the bar.
export const JS_BUDGET_BYTES = 85 * 1024;
export const BACK_OFFICE = /admin|builder|archimed-editor/gi;

// Lighthouse's mobile device, so both measurements see the same layout (a mobile-only menu, say).
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

export async function launchBrowser(executablePath) {
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const remove = onCleanup(() => browser.close());
  return {
    browser,
    async close() {
      remove();
      await browser.close();
    },
  };
}

function isScript(response) {
  const type = response.request().resourceType();
  if (type === "script") return true;
  const ct = response.headers()["content-type"] ?? "";
  if (/javascript|ecmascript/.test(ct)) return true;
  return /\.(m?js)(\?|$)/.test(new URL(response.url()).pathname);
}

/** Where back-office words appear in a script: its name, or a few snippets of its content. */
function backOfficeMatches(url, body) {
  const name = new URL(url).pathname.split("/").pop() ?? "";
  const nameHit = name.match(BACK_OFFICE);
  const text = body.toString("utf8");
  const snippets = [];
  let count = 0;
  for (const m of text.matchAll(BACK_OFFICE)) {
    count++;
    if (snippets.length < 3) snippets.push(text.slice(Math.max(0, m.index - 50), m.index + m[0].length + 50).replace(/\s+/g, " "));
  }
  if (!nameHit && count === 0) return null;
  return { inName: nameHit ? [...new Set(nameHit.map((s) => s.toLowerCase()))] : [], inContent: count, snippets };
}

export async function measurePageJs(browser, page) {
  const context = await browser.newContext({ ...MOBILE, serviceWorkers: "block" });
  try {
    const tab = await context.newPage();
    const seen = new Map();
    const pending = [];
    const errors = [];
    tab.on("pageerror", (e) => errors.push(e.message));
    tab.on("response", (response) => {
      if (!isScript(response) || seen.has(response.url())) return;
      seen.set(response.url(), null);
      pending.push(
        response.body().then(
          (body) =>
            seen.set(response.url(), {
              url: response.url(),
              status: response.status(),
              servedAs: response.headers()["content-encoding"] ?? "identity",
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
              backOffice: backOfficeMatches(response.url(), body),
            }),
          (e) => seen.set(response.url(), { url: response.url(), status: response.status(), raw: 0, gzip: 0, error: e.message }),
        ),
      );
    });
    await tab.goto(page.url, { waitUntil: "networkidle", timeout: 30_000 });
    // Hydration may import more code; scrolling wakes anything loaded on visibility.
    await tab.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await tab.waitForLoadState("networkidle");
    await sleep(500);
    await tab.waitForLoadState("networkidle");
    await Promise.all(pending);
    const inline = await tab.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].filter((s) => !s.type || /module|javascript/.test(s.type)).map((s) => s.textContent ?? ""),
    );
    const scripts = [...seen.values()].filter(Boolean).sort((a, b) => b.gzip - a.gzip);
    const total = scripts.reduce((s, x) => s + x.gzip, 0);
    const inlineGzip = inline.length ? gzipSync(Buffer.from(inline.join("\n")), { level: 9 }).length : 0;
    return {
      gzipBytes: total,
      rawBytes: scripts.reduce((s, x) => s + x.raw, 0),
      inlineGzipBytes: inlineGzip,
      scripts: scripts.map((s) => ({ ...s, url: new URL(s.url).pathname })),
      backOffice: scripts.filter((s) => s.backOffice).map((s) => ({ url: new URL(s.url).pathname, ...s.backOffice })),
      pageErrors: errors,
    };
  } finally {
    await context.close();
  }
}
