#!/usr/bin/env node
// Publishing a design change on a 1,000-page site (issue 21): 1,000 published custom pages (the home page's
// document) beside the seeded ones, every page requested once so the HTML cache holds them all, the warm
// hits measured, then a brand colour change published through the API. Reported: the publication's own
// time, the server's CPU in the 2 s after it with no request (no re-render storm: pages render again only
// when asked), the first request's time, and the median and p99 over the first request of every page
// after publishing; every page is checked to carry the new colour.
//   node scripts/bench/design-publish.mjs                 (builds into a private BUILD_DIR first)
//   node scripts/bench/design-publish.mjs --skip-build    (uses build/ as it is)
//   node scripts/bench/design-publish.mjs --build-dir=/abs/path/build
// SQLite, one server process (WEB_CONCURRENCY=1). Shared machine: the load average is printed with the figures.
import { loadavg } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { build } from "./lib/app-server.mjs";
import { cleanupAll, freePort, groupCpuSeconds, removeAtEnd, serverEnv, sleep, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { quantile } from "./lib/pg.mjs";

const repo = path.resolve(import.meta.dirname, "../..");
const PAGES = 1000;
const NEW_BRAND = "#3b82f6";
const ADMIN = { email: "bench@archimed.test", password: "bench-password-123" };
const skipBuild = process.argv.includes("--skip-build");
const givenBuild = process.argv.find((a) => a.startsWith("--build-dir="))?.slice("--build-dir=".length);

/** CPU time so far in ms of the server and its workers (its process group), or null off Linux. */
function cpuMs(pid) {
  const seconds = groupCpuSeconds(pid);
  return seconds === null ? null : seconds * 1000;
}

/** 1,000 published custom pages in French, each the home page's published document. */
function seedPages(dataDir) {
  const db = new Database(path.join(dataDir, "site.db"));
  db.pragma("busy_timeout = 5000");
  const { published } = db
    .prepare("select t.published from page_translations t join pages p on p.id = t.page_id where p.system_key = 'home' and t.lang = 'fr'")
    .get();
  const iso = new Date().toISOString();
  const page = db.prepare("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'custom', null, ?, ?)");
  const tr = db.prepare(
    `insert into page_translations (page_id, lang, path, slug, title, description, draft, published, published_at, updated_at, updated_by)
     values (?, 'fr', ?, ?, ?, 'Page de banc.', ?, ?, ?, ?, null)`,
  );
  db.transaction(() => {
    for (let i = 0; i < PAGES; i++) {
      page.run(`bench-${i}`, iso, iso);
      tr.run(`bench-${i}`, `/page/banc-${i}`, `banc-${i}`, `Page de banc ${i}`, published, published, iso, iso);
    }
  })();
  db.close();
  return Array.from({ length: PAGES }, (_, i) => `/page/banc-${i}`);
}

async function timed(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return { ms: performance.now() - t0, body };
}

const api = (origin, cookie, method, p, body) =>
  fetch(`${origin}${p}`, { method, headers: { cookie, "content-type": "application/json", origin }, body: body && JSON.stringify(body) }).then(async (r) => {
    const json = await r.json();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  });

async function run(buildDir) {
  const dataDir = tempDir("design-publish-bench");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { PUBLIC_URL: origin, WEB_CONCURRENCY: "1", HTML_CACHE_ENTRIES: "5000", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // First start: migrates and seeds the site; then the 1,000 pages are added and the server starts again on them.
  let child = startProcess(process.execPath, ["server.js"], { cwd: repo, env: serverEnv({ buildDir, port, dataDir }, env) });
  if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`server did not start:\n${child.output.join("\n")}`);
  await stopProcess(child);
  const paths = seedPages(dataDir);
  child = startProcess(process.execPath, ["server.js"], { cwd: repo, env: serverEnv({ buildDir, port, dataDir }, env) });
  try {
    if (!(await waitForHttp(`${origin}/healthz`, child, 60_000))) throw new Error(`server did not start:\n${child.output.join("\n")}`);
    const login = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    if (!cookie.startsWith("sid=")) throw new Error(`login failed: ${login.status}`);

    // Warm the cache: every page once (a render each), then every page again (hits).
    for (const p of paths) await timed(`${origin}${p}`);
    const warm = [];
    for (const p of paths) warm.push((await timed(`${origin}${p}`)).ms);

    const view = await api(origin, cookie, "GET", "/api/design");
    const design = { ...view.design, colors: { ...view.design.colors, light: { ...view.design.colors.light, brand: NEW_BRAND } } };
    const saved = await api(origin, cookie, "PUT", "/api/design", { version: view.version, design });
    const cpu0 = cpuMs(child.pid);
    const t0 = performance.now();
    await api(origin, cookie, "POST", "/api/design/publish", { version: saved.version });
    const publishMs = performance.now() - t0;
    await sleep(2000);
    const cpuAfter = cpuMs(child.pid);
    const idleCpu = cpu0 === null || cpuAfter === null ? null : cpuAfter - cpu0;

    const after = [];
    let stale = 0;
    for (const p of paths) {
      const { ms, body } = await timed(`${origin}${p}`);
      after.push(ms);
      if (!body.includes(`--color-brand-yellow:${NEW_BRAND}`)) stale++;
    }
    return { warm, after, publishMs, idleCpu, stale };
  } finally {
    await stopProcess(child);
  }
}

try {
  let buildDir = givenBuild ?? "build";
  if (!skipBuild && !givenBuild) {
    buildDir = `.build-bench-design-${process.pid}`;
    removeAtEnd(path.join(repo, buildDir));
    console.log(`build (BUILD_DIR=${buildDir}): ${(build(repo, buildDir) / 1000).toFixed(1)} s`);
  }
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  const r = await run(buildDir);
  const f = (n) => n.toFixed(1);
  console.table([
    { measure: "warm cache hit, before publishing", "first ms": f(r.warm[0]), "median ms": f(quantile(r.warm, 0.5)), "p99 ms": f(quantile(r.warm, 0.99)) },
    {
      measure: "first request of each page after publishing",
      "first ms": f(r.after[0]),
      "median ms": f(quantile(r.after, 0.5)),
      "p99 ms": f(quantile(r.after, 0.99)),
    },
  ]);
  console.log(`POST /api/design/publish: ${f(r.publishMs)} ms`);
  console.log(`server CPU in the 2 s after publishing, no request: ${r.idleCpu === null ? "—" : `${f(r.idleCpu)} ms`} (a re-render storm would show seconds)`);
  console.log(`pages still on the old design after publishing: ${r.stale} of ${PAGES}`);
  console.log(
    `load average at start: ${load}; at end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (r.stale) process.exitCode = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
