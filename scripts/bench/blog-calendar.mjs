// The scheduler's calendar month with 300 bilingual articles scheduled in it (600 chips), in headless
// Chromium (issue 20: ≤ 200 ms). Measured from the click on "Mois suivant" to the first paint after
// every chip of that month is in the page: the list API's answer, React's render and the paint.
// Called by blog.mjs for each engine (kept apart so the blog bench's other measures merge cleanly).
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM, LAUNCH_ARGS } from "./builder/config.mjs";
import { quantile } from "./lib/pg.mjs";

export const CALENDAR_ARTICLES = 300;
export const CALENDAR_TARGET_MS = 200;
const RUNS = 15;

/** "YYYY-MM" of next month (UTC; the seeded times sit mid-month, far from any time-zone edge). */
export function nextMonth(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

/** 300 articles, both languages scheduled next month, spread over its days and hours. */
export async function seedCalendarMonth(q, body) {
  const month = nextMonth();
  const now = new Date().toISOString();
  await q.run("begin");
  for (let i = 0; i < CALENDAR_ARTICLES; i++) {
    const id = `bench-cal-${i}`;
    const day = String(1 + (i % 28)).padStart(2, "0");
    const hour = String(6 + (i % 14)).padStart(2, "0");
    await q.run("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'article', null, ?, ?)", [id, now, now]);
    for (const lang of ["fr", "en"]) {
      const at = `${month}-${day}T${hour}:${lang === "fr" ? "00" : "30"}:00.000Z`;
      const slug = `calendrier-banc-${i}`;
      await q.run(
        `insert into page_translations (page_id, lang, path, slug, title, description, image, excerpt, draft, published, publish_at, published_at, updated_at, updated_by, cover_alt, author_id, tags)
         values (?, ?, ?, ?, ?, '', null, null, ?, ?, ?, ?, ?, null, null, null, '[]')`,
        [id, lang, lang === "fr" ? `/blog/${slug}` : `/en/blog/${slug}`, slug, `Article programmé ${i} (${lang})`, body, body, at, at, now],
      );
    }
  }
  await q.run("commit");
}

/** Median and p95 of the month's render, opened RUNS times by going back a month and forward again. */
export async function measureCalendar(origin, cookie) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/admin/blog-scheduler`);
    await page.getByTestId("blog-calendar").waitFor({ timeout: 60_000 });
    const expected = CALENDAR_ARTICLES * 2;
    const month = nextMonth();
    const here = await page.getByTestId("calendar-month").textContent();
    const ms = [];
    const apiMs = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const took = await page.evaluate(
        async ([want, m]) => {
          const chips = () => document.querySelectorAll(`[data-day^="${m}"] [data-testid="calendar-chip"]`).length;
          const next = document.querySelector('button[aria-label="Mois suivant"]');
          const t0 = performance.now();
          next.click();
          await new Promise((resolve) => {
            const check = () => (chips() >= want ? resolve() : requestAnimationFrame(check));
            check();
          });
          // The paint that shows them.
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const end = performance.now();
          // Of which the month's list API, click to its last byte (the rest is React and the paint).
          const api = performance
            .getEntriesByType("resource")
            .filter((e) => e.name.includes("/api/articles") && e.startTime >= t0)
            .at(-1);
          return { took: end - t0, api: api ? api.responseEnd - t0 : null };
        },
        [expected, month],
      );
      // The first two open a cold page (code, first answer): left out like the other benches' warm-up.
      if (i >= 2) {
        ms.push(took.took);
        if (took.api !== null) apiMs.push(took.api);
      }
      if (i === RUNS && process.env.BENCH_CALENDAR_PROFILE) await profileOnce(page, expected, month, process.env.BENCH_CALENDAR_PROFILE);
      await page.getByRole("button", { name: "Mois précédent" }).click();
      await page.waitForFunction((h) => document.querySelector('[data-testid="calendar-month"]')?.textContent === h, here, { timeout: 60_000 });
    }
    if (apiMs.length) console.log(`  calendar month: list API answered ${quantile(apiMs, 0.5).toFixed(1)} ms after the click (median); the rest is rendering`);
    return { median: quantile(ms, 0.5), p95: quantile(ms, 0.95), cpu: null };
  } finally {
    await browser.close();
  }
}

/** BENCH_CALENDAR_PROFILE=file.cpuprofile: the main thread's CPU profile of one month change (DevTools opens it). */
async function profileOnce(page, expected, month, file) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await page.getByRole("button", { name: "Mois précédent" }).click();
  await page.waitForTimeout(500);
  await cdp.send("Profiler.start");
  await page.getByRole("button", { name: "Mois suivant" }).click();
  await page.waitForFunction(([want, m]) => document.querySelectorAll(`[data-day^="${m}"] [data-testid="calendar-chip"]`).length >= want, [expected, month]);
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(file, JSON.stringify(profile));
  console.log(`  calendar month: CPU profile written to ${file}`);
}
