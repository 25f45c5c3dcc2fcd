#!/usr/bin/env node
// Analytics benchmark (issue 4, §5), separate from run.mjs, which can call `runAnalyticsBench()`:
//   1. the page-view beacon's weight, and everything the consent feature adds to a public page, minified
//      and gzipped (esbuild, React and the dictionaries left out: they are on the page anyway);
//   2. the server's cost of recording one page view (median over many), alone and through the whole
//      beacon handler (rate limit, body checks, crawler test, record), on SQLite and PostgreSQL;
//   3. get_analytics_data's queries over 1 million stored page views (top pages over 30 and 90 days,
//      daily views, current visitors), and for comparison the same top pages by scanning raw rows.
// The server code runs in this process through tsx, on a fresh temporary database per engine.
// PostgreSQL is used when TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test) answers.
// Prints a table; writes bench-results/analytics-latest.json. Exit 1 only if a measurement cannot run.
//   node scripts/bench/analytics.mjs [--rows=1000000] [--samples=3000] [--engines=sqlite,postgres]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const TARGETS = { beaconGzipBytes: 2048, recordMedianMs: 1, topPagesMs: 200 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Minified + gzipped size of what `source` pulls in from app/, React and the dictionaries excluded. */
async function gzipOf(source, name) {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: REPO, loader: "ts", sourcefile: `${name}.ts` },
    bundle: true,
    write: false,
    minify: true,
    format: "esm",
    target: "es2020",
    jsx: "automatic",
    alias: { "~": path.join(REPO, "app") },
    external: ["react", "react-dom", "react/jsx-runtime"],
    plugins: [
      {
        name: "not-this-feature",
        setup(b) {
          // Already on every public page (dictionaries, route table): not what this feature adds.
          b.onResolve({ filter: /^~\/lib\/i18n\// }, (a) => ({ path: a.path, external: true }));
          // The tag loader is its own chunk, fetched only after consent: measured apart.
          b.onResolve({ filter: /analytics\/tags$/ }, (a) => (a.importer.endsWith("apply.ts") ? { path: a.path, external: true } : undefined));
        },
      },
    ],
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export async function measureWeights() {
  return {
    beacon: await gzipOf(`export { sendPageView, forgetVisitor } from "~/lib/analytics/beacon";`, "beacon"),
    bannerAndConsent: await gzipOf(
      `export { CookieBanner } from "~/components/public/CookieBanner"; export { reopenConsent } from "~/lib/consent/consent";`,
      "banner",
    ),
    tagsAfterConsent: await gzipOf(`export { applyTags } from "~/lib/analytics/tags";`, "tags"),
  };
}

async function pgAdmin(query) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return await c.query(query);
  } finally {
    await c.end();
  }
}

/** Fresh storage for one engine: a temp SQLite folder, or a new PostgreSQL database. */
async function storage(engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "archimed-bench-analytics-"));
  if (engine === "sqlite") return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_an_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await pgAdmin(`create database ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await pgAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * 1 million page views over 90 days on 400 paths (a few very popular, a long tail: u³), 200 000
 * visitors; then the daily totals the server would have kept, computed from them. Done in SQL so that
 * seeding takes seconds, with the same distribution on both engines.
 */
async function seed(m, engine, rows) {
  const { sql } = await import("kysely");
  const db = m.runtime().db.kysely;
  const span = 90 * 86_400;
  if (engine === "sqlite") {
    await sql`
      with recursive s(i) as (select 1 union all select i + 1 from s where i < ${rows}),
      -- Materialised, or SQLite would draw a new random() for each use of u.
      r as materialized (select i, (abs(random()) % 1000000) / 1000000.0 as u, abs(random()) % ${span} as secs from s)
      insert into page_views (visitor_id, path, lang, referrer_host, created_at)
      select 'v' || (i % 200000), '/blog/article-' || cast(u * u * u * 400 as integer), 'fr',
             case when i % 3 = 0 then 'www.google.com' else null end,
             strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || secs || ' seconds')
      from r`.execute(db);
  } else {
    await sql`
      insert into page_views (visitor_id, path, lang, referrer_host, created_at)
      select 'v' || (i % 200000), '/blog/article-' || floor(u * u * u * 400)::int, 'fr',
             case when i % 3 = 0 then 'www.google.com' else null end,
             to_char((now() at time zone 'utc') - secs * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from (select i, random() as u, floor(random() * ${span}) as secs from generate_series(1, ${rows}) as i) r`.execute(db);
  }
  await sql`
    insert into page_view_daily (day, path, views)
    select substr(created_at, 1, 10), path, count(*) from page_views group by substr(created_at, 1, 10), path
    on conflict (day, path) do update set views = page_view_daily.views + excluded.views`.execute(db);
  await sql`analyze`.execute(db);
}

async function timeIt(fn, runs) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { medianMs: median(times), p95Ms: pct(times, 95), maxMs: Math.max(...times), runs, last };
}

async function benchEngine(m, engine, { rows, samples }) {
  const store = await storage(engine);
  const env = {
    ...store.env,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "bench@archimed.test",
    ADMIN_PASSWORD: "benchmark-password-123",
    ANALYTICS_BEACONS_PER_MINUTE: "10000",
    PATH: process.env.PATH,
  };
  try {
    await m.boot(env);
    const { kysely } = m.runtime().db;
    const known = (await kysely.selectFrom("page_translations").select("path").execute()).map((r) => r.path);
    const vid = (i) => `bench${String(i).padStart(17, "0")}`;

    // Recording alone: the insert and the daily total, in one transaction (SQLite) or statement (PostgreSQL).
    for (let i = 0; i < 200; i++) await m.recordPageView({ path: known[i % known.length], visitorId: vid(i), referrerHost: null });
    let i = 0;
    const record = await timeIt(() => m.recordPageView({ path: known[i % known.length], visitorId: vid(i++), referrerHost: "www.google.com" }), samples);

    // The whole beacon handler as the router calls it (no HTTP parsing): rate limit, body, crawler, record.
    const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    let j = 0;
    const handler = await timeIt(async () => {
      const n = j++;
      const request = new Request("http://localhost/api/analytics/collect", {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": ua },
        body: JSON.stringify({ p: known[n % known.length], v: vid(n), r: null }),
      });
      // One client per 5 000 beacons keeps under the per-minute limit, as many visitors would.
      const res = await m.collectAction({ request, context: { ip: `10.0.${Math.floor(n / 5000)}.1`, nonce: "" }, params: {} });
      if (res.status !== 204) throw new Error(`beacon handler answered ${res.status}: ${await res.text()}`);
    }, samples);

    const t0 = performance.now();
    await seed(m, engine, rows);
    const seedMs = performance.now() - t0;
    const count = Number(
      (
        await kysely
          .selectFrom("page_views")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      ).n,
    );
    const dailyRows = Number(
      (
        await kysely
          .selectFrom("page_view_daily")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      ).n,
    );

    const top30 = await timeIt(() => m.topPages(30), 25);
    const top90 = await timeIt(() => m.topPages(90), 25);
    const daily = await timeIt(() => m.dailyViews(30), 25);
    const active = await timeIt(() => m.activeUsers(), 25);
    // What the aggregate saves: the same answer from the raw rows.
    const { sql } = await import("kysely");
    const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const rawScan = await timeIt(
      () => sql`select path, count(*) as views from page_views where created_at >= ${since} group by path order by views desc limit 10`.execute(kysely),
      3,
    );
    const strip = ({ last: _last, ...rest }) => rest;
    return {
      engine,
      storedPageViews: count,
      dailyAggregateRows: dailyRows,
      seedSeconds: +(seedMs / 1000).toFixed(1),
      recordPageView: strip(record),
      beaconHandler: strip(handler),
      topPages30: { ...strip(top30), first: top30.last[0] },
      topPages90: strip(top90),
      dailyViews30: strip(daily),
      activeUsers: strip(active),
      topPagesRawScan30: strip(rawScan),
    };
  } finally {
    await m.shutdown().catch(() => {});
    await store.drop().catch((e) => console.error(`  clean-up failed: ${e.message}`));
  }
}

async function postgresAvailable() {
  try {
    await pgAdmin("select 1");
    return true;
  } catch {
    return false;
  }
}

export async function runAnalyticsBench({ rows = 1_000_000, samples = 3000, engines } = {}) {
  const list = engines ?? ((await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"]);
  const { tsImport } = await import("tsx/esm/api");
  const m = await tsImport(pathToFileURL(path.join(REPO, "scripts/bench/analytics-entry.ts")).href, import.meta.url);
  const weights = await measureWeights();
  const results = [];
  for (const engine of list) results.push(await benchEngine(m, engine, { rows, samples }));
  const checks = [
    {
      what: "beacon, gzipped",
      value: `${weights.beacon.gzip} B`,
      target: `≤ ${TARGETS.beaconGzipBytes} B`,
      ok: weights.beacon.gzip <= TARGETS.beaconGzipBytes,
    },
    ...results.flatMap((r) => [
      {
        what: `${r.engine}: record one page view, median`,
        value: `${r.recordPageView.medianMs.toFixed(3)} ms`,
        target: `≤ ${TARGETS.recordMedianMs} ms`,
        ok: r.recordPageView.medianMs <= TARGETS.recordMedianMs,
      },
      {
        what: `${r.engine}: top pages (30 d) over ${r.storedPageViews.toLocaleString("en")} views, median`,
        value: `${r.topPages30.medianMs.toFixed(2)} ms`,
        target: `≤ ${TARGETS.topPagesMs} ms`,
        ok: r.topPages30.medianMs <= TARGETS.topPagesMs,
      },
      {
        what: `${r.engine}: top pages (30 d), p95 of 25`,
        value: `${r.topPages30.p95Ms.toFixed(2)} ms`,
        target: `≤ ${TARGETS.topPagesMs} ms`,
        ok: r.topPages30.p95Ms <= TARGETS.topPagesMs,
      },
    ]),
  ];
  // The figures are only as quiet as the machine: the load average says how busy it was.
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
    rows,
    samples,
    weights,
    engines: results,
    checks,
  };
}

function print(report) {
  const w = report.weights;
  console.log(`\nWeight (minified, gzip -9):`);
  console.log(`  beacon                         ${w.beacon.gzip} B  (${w.beacon.raw} B raw)`);
  console.log(`  banner + consent + beacon      ${w.bannerAndConsent.gzip} B  (on every public page)`);
  console.log(`  tag loader (after consent)     ${w.tagsAfterConsent.gzip} B  (own chunk, fetched only after acceptance)`);
  for (const r of report.engines) {
    const f = (x) => `median ${x.medianMs.toFixed(3)} ms, p95 ${x.p95Ms.toFixed(3)} ms, max ${x.maxMs.toFixed(2)} ms (${x.runs} runs)`;
    console.log(
      `\n${r.engine}: ${r.storedPageViews.toLocaleString("en")} page views stored (${r.dailyAggregateRows} daily rows, seeded in ${r.seedSeconds} s)`,
    );
    console.log(`  record one page view           ${f(r.recordPageView)}`);
    console.log(`  whole beacon handler           ${f(r.beaconHandler)}`);
    console.log(`  top pages, 30 days             ${f(r.topPages30)}  → first ${JSON.stringify(r.topPages30.first)}`);
    console.log(`  top pages, 90 days             ${f(r.topPages90)}`);
    console.log(`  daily views, 30 days           ${f(r.dailyViews30)}`);
    console.log(`  current visitors (5 min)       ${f(r.activeUsers)}`);
    console.log(`  top pages by raw scan (for comparison, not used) ${f(r.topPagesRawScan30)}`);
  }
  console.log(`\nTargets (load average ${report.loadAverage.join(" ")} on ${report.cpus} cores):`);
  for (const c of report.checks) console.log(`  ${c.ok ? "PASS" : "MISS"}  ${c.what}: ${c.value} (${c.target})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = {};
  for (const arg of process.argv.slice(2)) {
    const [k, v] = arg.split("=");
    if (k === "--rows" && Number(v) >= 1000) opts.rows = Math.floor(Number(v));
    else if (k === "--samples" && Number(v) >= 10) opts.samples = Math.floor(Number(v));
    else if (k === "--engines") opts.engines = v.split(",").filter((e) => e === "sqlite" || e === "postgres");
    else {
      console.error(`unknown option ${arg}\nusage: node scripts/bench/analytics.mjs [--rows=1000000] [--samples=3000] [--engines=sqlite,postgres]`);
      process.exit(1);
    }
  }
  try {
    const report = await runAnalyticsBench(opts);
    print(report);
    mkdirSync(path.join(REPO, "bench-results"), { recursive: true });
    writeFileSync(path.join(REPO, "bench-results", "analytics-latest.json"), JSON.stringify(report, null, 2));
    console.log(`\nwritten: bench-results/analytics-latest.json`);
  } catch (e) {
    console.error(`analytics benchmark failed: ${e instanceof Error ? e.stack : e}`);
    process.exit(1);
  }
}
