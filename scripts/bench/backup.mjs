#!/usr/bin/env node
// Backup and restore of a large site, on SQLite and PostgreSQL (issue 14): time, the server's peak memory
// (RSS sampled every 100 ms: it streams, so memory stays bounded whatever the size), the archive's size,
// and the home page's p50/p99 while a backup runs beside the same figures without one (baseline).
//   npm run bench:backup                  1,000 pages, 1,000,000 page views, 1 GB of media (100 × 10 MB)
//   npm run bench:backup -- --small       50 pages, 20,000 page views, 20 MB of media (a quick run)
//   npm run bench:backup -- --skip-build  uses build/ as it is
//   BENCH_ENGINES=sqlite runs one engine; NODE_OPTIONS reaches the server (e.g. --max-old-space-size=192).
//   BENCH_PG_URL=postgres://… names the PostgreSQL server (default the test one); unreachable: SQLite only.
// Media are random bytes (incompressible, like photos and videos) written to DATA_DIR/media.
import { randomBytes, randomFillSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { build } from "./lib/app-server.mjs";
import { cleanupAll, freePort, removeAtEnd, serverEnv, sleep, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { freshPgDatabase, PG_URL, quantile } from "./lib/pg.mjs";

const repo = path.resolve(import.meta.dirname, "../..");
const small = process.argv.includes("--small");
const skipBuild = process.argv.includes("--skip-build");
const SIZE = small ? { pages: 50, views: 20_000, files: 10, fileMb: 2 } : { pages: 1000, views: 1_000_000, files: 100, fileMb: 10 };
const ADMIN = { email: "bench@archimed.test", password: "bench-password-123" };
const LOAD_CONCURRENCY = 2;

const pct = quantile;
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const storageKey = () => [...randomBytes(24)].map((b) => ALPHABET[b & 31]).join("") + ".jpg";

/** Pages, page views and media files, written straight into the database and the media folder. */
async function generate(engine, dataDir, url) {
  const t0 = Date.now();
  const now = new Date().toISOString();
  if (engine === "sqlite") {
    const db = new Database(path.join(dataDir, "site.db"));
    db.pragma("busy_timeout = 10000");
    const doc = db.prepare("select draft, published from page_translations where path = '/'").get();
    const page = db.prepare("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'custom', null, ?, ?)");
    const tr = db.prepare(
      "insert into page_translations (page_id, lang, path, slug, title, description, draft, published, published_at, updated_at) values (?, ?, ?, ?, ?, '', ?, ?, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < SIZE.pages; i++) {
        page.run(`bench-${i}`, now, now);
        tr.run(`bench-${i}`, "fr", `/page/bench-${i}`, `bench-${i}`, `Page ${i}`, doc.draft, doc.published, now, now);
        tr.run(`bench-${i}`, "en", `/en/page/bench-${i}-en`, `bench-${i}-en`, `Page ${i}`, doc.draft, doc.published, now, now);
      }
    })();
    db.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n limit ?)
      insert into page_views (visitor_id, path, lang, referrer_host, created_at)
      select 'visitor-' || (i % 50000), '/page/bench-' || (i % ?), case when i % 2 = 0 then 'fr' else 'en' end, case when i % 3 = 0 then 'google.com' else null end,
             printf('2026-%02d-%02dT%02d:%02d:00.000Z', 1 + i % 12, 1 + i % 28, i % 24, i % 60) from n`,
    ).run(SIZE.views, SIZE.pages);
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const doc = (await client.query("select draft, published from page_translations where path = '/'")).rows[0];
    await client.query("begin");
    for (let i = 0; i < SIZE.pages; i++) {
      await client.query("insert into pages (id, kind, system_key, created_at, updated_at) values ($1, 'custom', null, $2, $2)", [`bench-${i}`, now]);
      for (const [lang, p] of [
        ["fr", `/page/bench-${i}`],
        ["en", `/en/page/bench-${i}-en`],
      ]) {
        await client.query(
          "insert into page_translations (page_id, lang, path, slug, title, description, draft, published, published_at, updated_at) values ($1, $2, $3, $4, $5, '', $6, $7, $8, $8)",
          [`bench-${i}`, lang, p, p.split("/").pop(), `Page ${i}`, doc.draft, doc.published, now],
        );
      }
    }
    await client.query("commit");
    await client.query(
      `insert into page_views (visitor_id, path, lang, referrer_host, created_at)
      select 'visitor-' || (i % 50000), '/page/bench-' || (i % $2), case when i % 2 = 0 then 'fr' else 'en' end, case when i % 3 = 0 then 'google.com' else null end,
             to_char(timestamp '2026-01-01' + (i || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from generate_series(1, $1) as i`,
      [SIZE.views, SIZE.pages],
    );
    await client.end();
  }
  const media = path.join(dataDir, "media");
  mkdirSync(media, { recursive: true });
  const buf = Buffer.alloc(SIZE.fileMb * 1048576);
  for (let i = 0; i < SIZE.files; i++) writeFileSync(path.join(media, storageKey()), randomFillSync(buf));
  return Date.now() - t0;
}

function rssOf(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Home page requests (anonymous, HTML cache) while `until()` is false; latencies in ms. */
async function homeLoad(origin, until) {
  const lat = [];
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (!until()) {
        const t = performance.now();
        const res = await fetch(`${origin}/`);
        await res.arrayBuffer();
        lat.push(performance.now() - t);
        await sleep(20);
      }
    }),
  );
  return lat;
}

async function operation(origin, cookie, pid, start) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const t0 = performance.now();
  let done = false;
  const load = homeLoad(origin, () => done);
  const started = await start();
  if (started.status !== 202) throw new Error(`refusé : ${started.status} ${await started.text()}`);
  let status;
  for (;;) {
    await sleep(250);
    status = await (await fetch(`${origin}/api/backups`, { headers: { cookie } })).json();
    if (status.job && status.job.outcome !== "running") break;
  }
  const ms = performance.now() - t0;
  done = true;
  const lat = await load;
  clearInterval(sampler);
  if (status.job.outcome !== "done") throw new Error(status.job.message);
  return { ms, peak, lat, status };
}

async function runEngine(engine, buildDir) {
  const dataDir = tempDir(`backup-${engine}`);
  const pgDb = engine === "postgres" ? await freshPgDatabase("bench_backup") : null;
  if (engine === "postgres" && !pgDb) return null;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = serverEnv(
    { buildDir, port, dataDir },
    { DATABASE_URL: pgDb?.url ?? "", WEB_CONCURRENCY: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  );
  let server = startProcess(process.execPath, ["server.js"], { cwd: repo, env });
  try {
    if (!(await waitForHttp(`${origin}/healthz`, server, 60_000))) throw new Error(`le serveur n'a pas démarré :\n${server.output.join("\n")}`);
    const genMs = await generate(engine, dataDir, pgDb?.url);
    console.log(
      `  ${engine}: generated ${SIZE.pages} pages, ${SIZE.views} page views, ${SIZE.files} × ${SIZE.fileMb} MB media in ${(genMs / 1000).toFixed(1)} s`,
    );
    const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    if (!cookie.startsWith("sid=")) throw new Error(`connexion refusée : ${login.status}`);
    // Warm the HTML cache, then the baseline: the same load, no backup, for a few seconds.
    for (let i = 0; i < 20; i++) await (await fetch(`${origin}/`)).arrayBuffer();
    const idleRss = rssOf(server.pid);
    let stop = false;
    const baseLoad = homeLoad(origin, () => stop);
    await sleep(small ? 3000 : 8000);
    stop = true;
    const base = await baseLoad;
    const backup = await operation(origin, cookie, server.pid, () =>
      fetch(`${origin}/api/backups`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" }),
    );
    const archive = backup.status.backups[0];
    const restore = await operation(origin, cookie, server.pid, () =>
      fetch(`${origin}/api/backups/${archive.id}/restore`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ confirm: true }),
      }),
    );
    return { engine, idleRss, base, backup, restore, archiveSize: archive.size };
  } catch (e) {
    console.error(`  ${engine}: server output:\n${server.output.join("\n")}`);
    throw e;
  } finally {
    await stopProcess(server);
    await pgDb?.drop().catch(() => {});
  }
}

async function main() {
  const buildDir = skipBuild ? "build" : `.build-bench-${process.pid}`;
  if (!skipBuild) {
    removeAtEnd(path.join(repo, buildDir));
    console.log(`  build: ${(build(repo, buildDir) / 1000).toFixed(1)} s`);
  }
  const rows = [];
  // BENCH_ENGINES=sqlite (or postgres) runs one engine only.
  for (const engine of (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",")) {
    const r = await runEngine(engine, buildDir);
    if (!r) {
      console.log(`  PostgreSQL unreachable at ${PG_URL}: skipped`);
      continue;
    }
    rows.push(r);
    console.log(
      `  ${engine}: backup ${(r.backup.ms / 1000).toFixed(1)} s, restore ${(r.restore.ms / 1000).toFixed(1)} s, peak RSS ${mb(r.backup.peak)} / ${mb(r.restore.peak)}`,
    );
  }
  console.log(
    `\nBackup bench (${small ? "--small" : "full"}): ${SIZE.pages} pages, ${SIZE.views.toLocaleString("en")} page views, ${mb(SIZE.files * SIZE.fileMb * 1048576)} of media; machine shared, figures noisy\n`,
  );
  console.log(
    "| engine | backup | archive | restore (verify + safety backup + restore) | server RSS idle → peak backup / peak restore | home p50 / p99 baseline | home p50 / p99 during backup | during restore |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const f = (a) => `${pct(a, 0.5).toFixed(1)} / ${pct(a, 0.99).toFixed(1)} ms (n=${a.length})`;
    console.log(
      `| ${r.engine} | ${(r.backup.ms / 1000).toFixed(1)} s | ${mb(r.archiveSize)} | ${(r.restore.ms / 1000).toFixed(1)} s | ${mb(r.idleRss)} → ${mb(r.backup.peak)} / ${mb(r.restore.peak)} | ${f(r.base)} | ${f(r.backup.lat)} | ${f(r.restore.lat)} |`,
    );
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
