#!/usr/bin/env node
// `npm run bench`: builds the production bundle, starts the real server on a free loopback port with a
// fresh database, and measures, in one run:
//   1. Lighthouse mobile scores of the public pages (home, a solution, the blog list, an article; FR+EN),
//   2. the gzipped JavaScript each of those pages loads, and that none of it is back-office code,
//   3. home page requests/s and p99 latency under wrk, Node side by side with nginx serving the same HTML.
// Prints a summary and writes bench-results/latest.{json,md}. Exit 0 even when a target is missed (it
// is a report); exit 1 only when a measurement could not run. See docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertAlive, startAppServer } from "./lib/app-server.mjs";
import { BENCH_ADMIN, parseDesignOption, publishDesign } from "./lib/design.mjs";
import { launchBrowser, measurePageJs } from "./lib/js-weight.mjs";
import { auditPage, launchChrome } from "./lib/lighthouse.mjs";
import { loadTest } from "./lib/load.mjs";
import { discoverPages } from "./lib/pages.mjs";
import { BenchError, cleanupAll, cleanupSync, ensureTools, waitForQuietCpu } from "./lib/proc.mjs";
import { buildChecks, failingAuditsText, kb, loadTable, markdown, pagesTable, scriptsText, summaryText } from "./lib/report.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(REPO, "bench-results");

const USAGE = `usage: npm run bench [-- options]
  --no-build          use the existing build/ (default: run \`npx react-router build\` first)
  --lh-runs=N         Lighthouse runs per page, median kept (default 3)
  --lh-budget=S       time for the whole Lighthouse phase: fewer runs per page when it would
                      be exceeded, never fewer than 1 (default 270)
  --duration=S        wrk measuring time per server in seconds (default 15)
  --rounds=N          split it into N rounds alternating between the servers (default 3)
  --warmup=S          wrk warm-up per server in seconds (default 3)
  --connections=N     wrk connections (default 64)
  --skip-load         skip the wrk/nginx part
  --skip-lighthouse   skip Lighthouse (JavaScript weight and load test only)
  --load-only         the load test only (no Lighthouse, no JavaScript weight)
  --bare-processes=N  processes of the bare node:http reference server (default 1; the app
                      starts one per core)
  --baseline=DIR      also serve DIR's build/ (another worktree, e.g. an earlier commit
                      built there) and measure it in the same wrk rounds
  --design=SPEC       publish a changed design before measuring, e.g.
                      brand:#3b82f6,headings:fraunces,text:inter (also teal:, ink:; typefaces:
                      jakarta, inter, outfit, sourceSerif, fraunces, system)`;

function parseArgs(argv) {
  const o = {
    build: true,
    lhRuns: 3,
    lhBudget: 270,
    rounds: 3,
    duration: 15,
    warmup: 3,
    connections: 64,
    load: true,
    lighthouse: true,
    js: true,
    baseline: null,
    bareProcesses: 1,
    design: null,
  };
  for (const arg of argv) {
    const [k, v] = arg.split("=");
    const n = Number(v);
    if (k === "--no-build") o.build = false;
    else if (k === "--skip-load") o.load = false;
    else if (k === "--skip-lighthouse") o.lighthouse = false;
    else if (k === "--load-only") o.lighthouse = o.js = false;
    else if (k === "--baseline" && v) o.baseline = path.resolve(v);
    else if (k === "--design" && v) o.design = parseDesignOption(arg.slice("--design=".length));
    else if (k === "--bare-processes" && n >= 1 && n <= 64) o.bareProcesses = Math.floor(n);
    else if (k === "--lh-runs" && n >= 1 && n <= 9) o.lhRuns = Math.floor(n);
    else if (k === "--lh-budget" && n >= 10 && n <= 3600) o.lhBudget = Math.floor(n);
    else if (k === "--duration" && n >= 1 && n <= 120) o.duration = Math.floor(n);
    else if (k === "--rounds" && n >= 1 && n <= 10) o.rounds = Math.floor(n);
    else if (k === "--warmup" && n >= 0 && n <= 60) o.warmup = Math.floor(n);
    else if (k === "--connections" && n >= 1 && n <= 1024) o.connections = Math.floor(n);
    else if (k === "--help" || k === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new BenchError(`unknown or invalid option ${arg}\n${USAGE}`);
  }
  return o;
}

/** First line a tool prints about its version (nginx and wrk print it on stderr, wrk exits 1). */
function version(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return (
    `${r.stdout ?? ""}\n${r.stderr ?? ""}`
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ?? "?"
  );
}

const stamp = (d) => d.toISOString().replace(/[:]/g, "-").replace(/\..+/, "");
const section = (title) => console.log(`\n=== ${title} ===`);

async function main() {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  const date = new Date();
  const loadAvg = os.loadavg().map((x) => x.toFixed(2));
  const tools = ensureTools();

  section("Server");
  // A known admin, to publish the design with (the seeded one's password is generated otherwise).
  if (options.design) Object.assign(process.env, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password });
  const server = await startAppServer(REPO, { skipBuild: !options.build });
  console.log(`  node server.js on ${server.origin} (DATA_DIR ${server.dataDir})`);
  // Published before any page is fetched, so every audited page (and the HTML cache) has it.
  const design = options.design ? await publishDesign(server.origin, options.design) : null;
  if (design) console.log(`  design published: brand ${design.colors.light.brand}, headings ${design.fonts.heading}, text ${design.fonts.body}`);
  const { pages, notes } = await discoverPages(server.origin);
  for (const p of pages) console.log(`  ${p.name.padEnd(12)} ${p.missing ? `not found: ${p.missing}` : `${p.path} → HTTP ${p.status}`}`);
  const measured = pages.filter((p) => !p.missing);
  const errors = [];

  const results = {
    date: date.toISOString(),
    options,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? "?",
      memGiB: Math.round(os.totalmem() / 1024 ** 3),
      loadAvg,
      node: process.version,
      chromium: version(tools.chromium, ["--version"]),
      lighthouse: "",
      wrk: version(tools.wrk, ["-v"]).replace(/ Copyright.*/, ""),
      nginx: version(tools.nginx, ["-v"]).replace(/^nginx version: /, ""),
    },
    pages,
    design: design && { brand: design.colors.light.brand, ink: design.colors.light.ink, headings: design.fonts.heading, text: design.fonts.body },
    load: null,
    notes,
    errors,
  };

  /** Other programs' CPU use before a phase; a busy machine lowers every figure of that phase. */
  results.busyCpu = {};
  const quiet = async (phase) => {
    const busy = await waitForQuietCpu();
    results.busyCpu[phase] = busy === null ? null : Math.round(busy * 100);
    if (busy !== null && busy > 0.25)
      notes.push(
        `${phase}: other programs used ${Math.round(busy * 100)} % of the CPU just before this phase; its figures are lower than on an idle machine: run again when it is idle`,
      );
  };

  if (options.lighthouse) {
    section(`Lighthouse (mobile, simulated throttling, ${options.lhRuns} run${options.lhRuns > 1 ? "s" : ""} per page)`);
    await quiet("lighthouse");
    const chrome = await launchChrome(tools.chromium);
    try {
      const phaseStart = Date.now();
      let runsDone = 0;
      for (const [i, p] of measured.entries()) {
        const t = Date.now();
        // Keeps the whole run within its time: on a busy machine, fewer runs per page.
        const spent = (Date.now() - phaseStart) / 1000;
        const perRun = runsDone ? spent / runsDone : 10;
        const runs = Math.max(1, Math.min(options.lhRuns, Math.floor((options.lhBudget - spent) / (perRun * (measured.length - i)))));
        if (runs < options.lhRuns)
          notes.push(
            `lighthouse: ${p.name} had ${runs} run${runs > 1 ? "s" : ""} instead of ${options.lhRuns}, to stay within --lh-budget=${options.lhBudget} s`,
          );
        assertAlive(server);
        runsDone += runs;
        try {
          p.lighthouse = await auditPage(p, { port: chrome.port, runs, reportDir: path.join(OUT, "lighthouse") });
        } catch (e) {
          assertAlive(server); // a dead server explains a failed audit better than Chrome's error page
          if (!(e instanceof BenchError)) throw e;
          // One page that cannot be audited does not void the others: reported, and the exit code is 1.
          errors.push(e.message);
          console.log(`  ${p.name.padEnd(12)} ERROR: ${e.message}`);
          continue;
        }
        results.machine.lighthouse = p.lighthouse.lighthouseVersion;
        const s = p.lighthouse.scores;
        console.log(
          `  ${p.name.padEnd(12)} perf ${s.performance} (runs: ${p.lighthouse.allPerformance.join(", ")})  a11y ${s.accessibility}  bp ${s["best-practices"]}  seo ${s.seo}   (${((Date.now() - t) / 1000).toFixed(0)} s)`,
        );
        for (const w of p.lighthouse.warnings) console.log(`    warning: ${w.split("\n")[0]}`);
      }
    } finally {
      await chrome.close();
    }
  }

  if (options.js) await measureJs(tools, server, measured);

  if (options.load) {
    section(`Home page under load (wrk -t2 -c${options.connections}, ${options.duration} s per server in ${options.rounds} rounds)`);
    await quiet("load");
    assertAlive(server);
    // The baseline tree's own build/, its own fresh data folder; its home page is rendered once before the rounds.
    const base = options.baseline ? await startAppServer(options.baseline, { skipBuild: true }) : null;
    if (base) {
      console.log(`  baseline: ${options.baseline} on ${base.origin}`);
      await discoverPages(base.origin);
    }
    results.load = await loadTest({
      wrkBin: tools.wrk,
      nginxBin: tools.nginx,
      origin: server.origin,
      serverPid: server.child.pid,
      seconds: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      rounds: options.rounds,
      plainProcesses: options.bareProcesses,
      baseline: base && { origin: base.origin, pid: base.child.pid, tree: path.relative(REPO, options.baseline) || "." },
    });
  }

  results.durationSec = Math.round((Date.now() - started) / 1000);
  const checks = buildChecks(results);
  results.checks = checks;

  mkdirSync(OUT, { recursive: true });
  const md = markdown(results, checks);
  const json = JSON.stringify(results, null, 2);
  for (const name of ["latest", `bench-${stamp(date)}`]) {
    writeFileSync(path.join(OUT, `${name}.json`), json);
    writeFileSync(path.join(OUT, `${name}.md`), md);
  }

  section("Scripts loaded per page");
  console.log(scriptsText(results));
  section("Failing audits (categories under target)");
  console.log(failingAuditsText(results));
  section("Summary");
  console.log(pagesTable(results));
  console.log();
  console.log(loadTable(results.load));
  for (const n of notes) console.log(`note: ${n}`);
  for (const e of errors) console.log(`error: ${e}`);
  console.log(
    `\n${summaryText(checks)} — ${results.durationSec} s. Written to ${path.relative(REPO, OUT)}/latest.{json,md} (Lighthouse HTML reports in ${path.relative(REPO, OUT)}/lighthouse/).`,
  );
  return errors;
}

async function measureJs(tools, server, measured) {
  section("JavaScript per page (gzip -9 of each script fetched)");
  const browser = await launchBrowser(tools.chromium);
  try {
    for (const p of measured) {
      assertAlive(server);
      p.js = await measurePageJs(browser.browser, p).catch((e) => {
        assertAlive(server);
        throw e;
      });
      console.log(
        `  ${p.name.padEnd(12)} ${kb(p.js.gzipBytes).padStart(9)} in ${p.js.scripts.length} scripts${p.js.backOffice.length ? `  BACK-OFFICE: ${p.js.backOffice.map((b) => b.url).join(", ")}` : ""}`,
      );
    }
  } finally {
    await browser.close();
  }
}

let code = 0;
const onSignal = (signal) => {
  console.error(`\nbench: ${signal}, cleaning up`);
  cleanupSync();
  process.exit(130);
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);
process.on("exit", cleanupSync);

try {
  const errors = await main();
  if (errors.length) {
    code = 1;
    console.error(
      `\nbench: ${errors.length} measurement${errors.length > 1 ? "s" : ""} could not run (see "error:" above); the other figures are in the report.`,
    );
  }
} catch (error) {
  code = 1;
  const reason = error instanceof BenchError ? error.message : error instanceof Error ? error.stack : String(error);
  console.error(`\nbench: measurement could not run: ${reason}`);
} finally {
  await cleanupAll();
}
process.exit(code);
