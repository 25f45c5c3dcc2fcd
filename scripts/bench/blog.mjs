#!/usr/bin/env node
// Blog speed with 1,000 articles in each language, on SQLite and PostgreSQL: the blog list page and an
// article rendered on an HTML-cache miss (a query string makes every request a miss), the RSS feed and
// the scheduler's list API. Targets (issue 13): each ≤ 50 ms median.
//   npm run bench:blog                 (builds into a private BUILD_DIR first)
//   npm run bench:blog -- --skip-build (uses build/ as it is)
//   npm run bench:blog -- --build-dir=/abs/path/build (an existing build, e.g. of an older commit: A/B runs)
// Besides the wall-clock median, "server CPU ms" is the Node server's own CPU time per request (utime +
// stime from /proc, Linux only): it stays meaningful when other work loads the machine, unlike latency.
// PostgreSQL's own CPU time is not in it.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (default) names the PostgreSQL server; unreachable: SQLite only.
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { build } from "./lib/app-server.mjs";
import { cleanupAll, freePort, removeAtEnd, serverEnv, startProcess, stopProcess, tempDir, waitForHttp } from "./lib/proc.mjs";
import { freshPgDatabase, PG_URL, quantile } from "./lib/pg.mjs";
import { CALENDAR_ARTICLES, CALENDAR_TARGET_MS, measureCalendar, nextMonth, seedCalendarMonth } from "./blog-calendar.mjs";

const repo = path.resolve(import.meta.dirname, "../..");
const PER_LANG = 1000;
const RUNS = 60;
const WARMUP = 8;
const TARGET_MS = 50;
const ADMIN = { email: "bench@archimed.test", password: "bench-password-123" };
const skipBuild = process.argv.includes("--skip-build");
const givenBuild = process.argv.find((a) => a.startsWith("--build-dir="))?.slice("--build-dir=".length);

const median = (a) => quantile(a, 0.5);
const p95 = (a) => quantile(a, 0.95);

/** Runs SQL on the engine; "?" placeholders for both. */
function sqlRunner(engine, dataDir, url) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: url });
    const ready = client.connect();
    return {
      run: async (text, params = []) => {
        await ready;
        let i = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++i}`),
            params,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(dataDir, "site.db"));
  db.pragma("busy_timeout = 5000");
  return {
    run: async (text, params = []) => {
      const st = db.prepare(text);
      return st.reader ? st.all(...params) : (st.run(...params), []);
    },
    close: async () => db.close(),
  };
}

/** 1,000 published articles per language, each with the body of a seeded article, tags and dates. */
async function seedArticles(q) {
  const [doc] = await q.run("select published from page_translations t join pages p on p.id = t.page_id where p.kind = 'article' and t.lang = 'fr' limit 1");
  const body = doc.published;
  const now = Date.now();
  await q.run("begin");
  for (let i = 0; i < PER_LANG; i++) {
    const id = `bench-${i}`;
    const iso = new Date(now - (i + 1) * 3600_000).toISOString();
    await q.run("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'article', null, ?, ?)", [id, iso, iso]);
    for (const lang of ["fr", "en"]) {
      const slug = `article-banc-${i}`;
      const tags = [`Thème ${i % 12}`, `Série ${i % 5}`];
      await q.run(
        `insert into page_translations (page_id, lang, path, slug, title, description, image, excerpt, draft, published, publish_at, published_at, updated_at, updated_by, cover_alt, author_id, tags)
         values (?, ?, ?, ?, ?, ?, '/media/seed/blog-reservation-salon.jpg', ?, ?, ?, ?, ?, ?, null, 'Couverture', null, ?)`,
        [
          id,
          lang,
          lang === "fr" ? `/blog/${slug}` : `/en/blog/${slug}`,
          slug,
          `Article de banc ${i} (${lang})`,
          "Description de l'article de banc.",
          "Extrait de l'article de banc.",
          body,
          body,
          iso,
          iso,
          iso,
          JSON.stringify(tags),
        ],
      );
      for (const t of tags)
        await q.run("insert into article_tags (page_id, lang, tag_slug, tag) values (?, ?, ?, ?)", [
          id,
          lang,
          t
            .toLowerCase()
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")
            .replace(/[^a-z0-9]+/g, "-"),
          t,
        ]);
    }
  }
  await q.run("commit");
}

async function time(url, init = {}) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return performance.now() - t0;
}

/** CPU time so far in ms of the process and its descendants (the cluster's worker); null where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    let total = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    for (const c of children) total += cpuMs(Number(c)) ?? 0;
    return total;
  } catch {
    return null;
  }
}

async function measure(url, init, pid) {
  for (let i = 0; i < WARMUP; i++) await time(url, init);
  const ms = [];
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < RUNS; i++) ms.push(await time(url, init));
  const cpu1 = cpuMs(pid);
  return { median: median(ms), p95: p95(ms), cpu: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / RUNS };
}

async function runEngine(engine, buildDir) {
  const dataDir = tempDir("blog-bench");
  const pgDb = engine === "postgres" ? await freshPgDatabase("bench_blog") : null;
  if (engine === "postgres" && !pgDb) {
    console.log(`PostgreSQL unreachable at ${PG_URL}: skipped`);
    return null;
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, ["server.js"], {
    cwd: repo,
    env: serverEnv(
      { buildDir, port, dataDir },
      { PUBLIC_URL: origin, WEB_CONCURRENCY: "1", DATABASE_URL: pgDb?.url ?? "", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    ),
  });
  try {
    if (!(await waitForHttp(`${origin}/healthz`, child, 30_000))) throw new Error(`server did not start:\n${child.output.join("\n")}`);
    const q = sqlRunner(engine, dataDir, pgDb?.url);
    const t0 = Date.now();
    await seedArticles(q);
    const [doc] = await q.run("select published from page_translations where page_id = 'bench-0' and lang = 'fr'");
    await seedCalendarMonth(q, doc.published);
    await q.close();
    console.log(`  ${engine}: ${PER_LANG} articles × 2 languages inserted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    if (!cookie.startsWith("sid=")) throw new Error(`login failed: ${login.status}`);
    const results = {
      "blog list /blog (miss)": await measure(`${origin}/blog?page=1`, {}, child.pid),
      "blog list page 50 (miss)": await measure(`${origin}/blog?page=50`, {}, child.pid),
      "blog list by tag (miss)": await measure(`${origin}/blog?tag=theme-3`, {}, child.pid),
      "article (miss)": await measure(`${origin}/blog/article-banc-500?miss=1`, {}, child.pid),
      "RSS feed /blog/rss.xml": await measure(`${origin}/blog/rss.xml`, {}, child.pid),
      "scheduler list API": await measure(`${origin}/api/articles`, { headers: { cookie } }, child.pid),
      [`scheduler API, month of ${CALENDAR_ARTICLES} articles`]: await measure(
        `${origin}/api/articles?month=${nextMonth()}`,
        { headers: { cookie } },
        child.pid,
      ),
      [`calendar month, ${CALENDAR_ARTICLES} articles (Chromium)`]: { ...(await measureCalendar(origin, cookie)), target: CALENDAR_TARGET_MS },
    };
    return results;
  } finally {
    await stopProcess(child);
    await pgDb?.drop().catch(() => {});
  }
}

try {
  let buildDir = givenBuild ?? "build";
  if (!skipBuild && !givenBuild) {
    buildDir = `.build-bench-blog-${process.pid}`;
    removeAtEnd(path.join(repo, buildDir));
    console.log(`build (BUILD_DIR=${buildDir}): ${(build(repo, buildDir) / 1000).toFixed(1)} s`);
  }
  const table = [];
  for (const engine of ["sqlite", "postgres"]) {
    const r = await runEngine(engine, buildDir);
    if (!r) continue;
    for (const [name, v] of Object.entries(r))
      table.push({
        engine,
        measure: name,
        "median ms": v.median.toFixed(1),
        "p95 ms": v.p95.toFixed(1),
        "server CPU ms": v.cpu === null ? "—" : v.cpu.toFixed(1),
        target: v.median <= (v.target ?? TARGET_MS) ? `✓ ≤ ${v.target ?? TARGET_MS}` : `✗ > ${v.target ?? TARGET_MS}`,
      });
  }
  console.table(table);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
