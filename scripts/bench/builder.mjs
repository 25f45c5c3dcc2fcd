#!/usr/bin/env node
// Builder speed benchmark (issue 5): `node scripts/bench/builder.mjs`. See docs/benchmarks.md, "Builder speed".
//
// Builds the production app into its own folder, starts the real server with a fresh database, stores a
// generated draft of exactly 100 blocks and 500 elements on a new custom page, opens it in the Archimed
// builder in headless Chromium (1440×900), and measures in the page:
//   - comparing two revisions of such a page in the Révisions dialog (builder/compare-speed.mjs, decision 050);
//   - opening the builder: navigation start → the first painted frame holding all 500 elements (3 loads);
//   - input → next painted frame of: selecting an element (click), typing one character in inline editing,
//     duplicating (toolbar button), deleting (toolbar button), Alt+ArrowDown and Ctrl+Z, each repeated on
//     elements spread over the whole page (top to bottom), scrolled into view outside the measured window, and a
//     per-device edit (issue 11: in Mobile view, the text size of a selected element, keyboard on its field).
//     Every element, column and block of the page carries tablet and mobile values (decision 022).
// The latency of a sample is the Event Timing `duration` of its input (input timestamp → presentation of
// the next frame, what INP uses); below 16 ms Chromium emits no entry, and the sample then keeps the rAF
// figure (input timestamp → end of the main-thread work of the next frame), which is also reported for
// every sample as a cross-check. Each sample also gets the main thread's CPU time (from performance marks
// in a light Chromium trace), which, unlike latency, does not grow when other programs share the CPU.
// Prints a table and writes bench-results/builder.{json,md}. Exit 0 even when a target is missed (it is a
// report); exit 1 only when the measurement could not run.
//
// The code is in scripts/bench/builder/: page-fixture (the generated page), in-page (code run in the page),
// measure (loads, input windows, samples), gestures (the measured interactions), report (table and Markdown).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { assertAlive, build } from "./lib/app-server.mjs";
import {
  cleanupAll,
  cleanupSync,
  cpuTimes,
  onCleanup,
  removeAtEnd,
  sleep,
  startProcess,
  stopProcess,
  tempDir,
  freePort,
  waitForQuietCpu,
} from "./lib/proc.mjs";
import {
  BLOCKS,
  BenchError,
  CHROMIUM,
  ELEMENTS,
  ET_THRESHOLD,
  LAUNCH_ARGS,
  OUT,
  REPO,
  RESULT_NAME,
  TARGET_INTERACTION_MS,
  TARGET_OPEN_MS,
  fmt,
  quantile,
} from "./builder/config.mjs";
import { measureInteractions } from "./builder/gestures.mjs";
import { interactionHarness, openWatcher, traceMarks } from "./builder/in-page.mjs";
import { FULL_TRACE, Session, measureOpen, newContext } from "./builder/measure.mjs";
import { api, benchDocument, createBenchPage, signIn } from "./builder/page-fixture.mjs";
import { measureExport } from "./builder/export-speed.mjs";
import { measureCompare } from "./builder/compare-speed.mjs";
import { busyBetween, markdown, rows, table } from "./builder/report.mjs";

const USAGE = `usage: node scripts/bench/builder.mjs [options]
  --samples=N          measured repetitions of each interaction (default 15, 5..60)
  --loads=N            measured page loads for "open" (default 3, 1..9)
  --build-dir=DIR      reuse an existing build (a .build-bench-builder* folder, kept) instead of building
  --keep-build         keep the build folder made by this run (its name is printed), for --build-dir
  --trace              also record Chromium performance traces: the first measured load
                       (bench-results/builder-open-trace.json) and the interactions
                       (bench-results/builder-trace.json); DevTools' Performance panel opens them
                       (BENCH_TRACE_NO_PROFILER=1 leaves V8's sampler out of them: lighter, closer timings;
                       BENCH_TRACE_INVALIDATIONS=1 adds what caused each style recalculation and Blink's steps in it)
  --cpu-profile        also record a V8 CPU profile of the first measured load and of the interactions (bench-results/builder-*.cpuprofile,
                       DevTools' Performance panel opens it; build with --minify false for readable names)
  --large              a page of 200 blocks and 1,000 elements (opening target 1.5 s), results in builder-large.*
  --helpers-only       only the editor's helpers (icon search, pre-publish check) and the export, no browser
  --compare-only       only the comparison of two revisions in the Révisions dialog (decision 050)
  --help`;

function parseArgs(argv) {
  const o = { samples: 15, loads: 3, buildDir: null, keepBuild: false, trace: false, cpuProfile: false, helpersOnly: false, compareOnly: false };
  for (const arg of argv) {
    const [k, v] = arg.split("=");
    const n = Number(v);
    if (k === "--samples" && n >= 5 && n <= 60) o.samples = Math.floor(n);
    else if (k === "--loads" && n >= 1 && n <= 9) o.loads = Math.floor(n);
    else if (k === "--build-dir" && v && /^\.build-bench-builder[\w-]*$/.test(v)) o.buildDir = v;
    else if (k === "--keep-build") o.keepBuild = true;
    else if (k === "--trace") o.trace = true;
    else if (k === "--cpu-profile") o.cpuProfile = true;
    else if (k === "--large") continue;
    else if (k === "--helpers-only") o.helpersOnly = true;
    else if (k === "--compare-only") o.compareOnly = true;
    else if (k === "--help" || k === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new BenchError(`unknown or invalid option ${arg}\n${USAGE}`);
  }
  return o;
}
// ------------------------------------------------------------------------------------------------ clean-up
// Everything started or created is registered (lib/proc.mjs) and removed at the end, also on failure or Ctrl-C.

process.on("exit", cleanupSync);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    cleanupSync();
    process.exit(1);
  });
}

// ------------------------------------------------------------------------------------------------ server

/** `node server.js` on a free loopback port, fresh SQLite data folder, known admin; resolves when it is ready. */
async function startServer(buildDir, admin) {
  const dataDir = tempDir("builder");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: origin,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  const child = startProcess(process.execPath, ["server.js"], { cwd: REPO, env });
  const logs = () => child.output.join("\n");
  const started = Date.now();
  let exited = false;
  child.exited.then(() => (exited = true));
  while (!/Serveur prêt sur http:\/\/localhost:\d+/.test(logs())) {
    if (exited || Date.now() - started > 60_000) {
      await stopProcess(child);
      throw new Error(`the server did not start; its output:\n${child.output.slice(-20).join("\n")}`);
    }
    await sleep(100);
  }
  return { origin, child, logs };
}

/** builder/editor-helpers.ts through tsx: its JSON line, or null when it could not run. */
function measureEditorHelpers() {
  const run = spawnSync(path.join(REPO, "node_modules/.bin/tsx"), ["scripts/bench/builder/editor-helpers.ts"], {
    cwd: REPO,
    encoding: "utf8",
    timeout: 120_000,
  });
  const line = (run.stdout ?? "").trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/**
 * The editor's helpers (issue 22): icon search per keystroke and the pre-publish check of a 1,000-element
 * page, timed in Node on the builder's own modules (builder/editor-helpers.ts), and the export of the largest
 * seeded page through the running server (builder/export-speed.mjs).
 */
async function measureHelpers(origin, sid, notes) {
  const editorHelpers = measureEditorHelpers();
  if (editorHelpers) {
    const { iconSearch: i, prePublish: c } = editorHelpers;
    console.log(
      `\nEditor helpers: icon search over ${i.icons} icons ${i.medianMs.toFixed(2)} ms per keystroke (median of ${i.keystrokes}, p95 ${i.p95Ms.toFixed(2)} ms, first search ${i.coldMs.toFixed(1)} ms; target ${i.targetMs} ms); pre-publish check of ${c.elements} elements ${c.medianMs.toFixed(1)} ms (median of ${c.runs}, p95 ${c.p95Ms.toFixed(1)} ms; target ${c.targetMs} ms)`,
    );
  } else notes.push("the editor helpers' timings could not run (scripts/bench/builder/editor-helpers.ts)");

  // The Exporter (issue 22): the largest seeded page exported through the running server.
  let exportSpeed = null;
  try {
    exportSpeed = await measureExport(origin, sid);
    const e = exportSpeed;
    console.log(
      `Export of the largest seeded page (${e.page}, draft ${Math.round(e.draftBytes / 1024)} KB, file ${Math.round(e.fileBytes / 1024)} KB): ${fmt(e.medianMs)} median of ${e.runs}, p95 ${fmt(e.p95Ms)} (target ${e.targetMs} ms)`,
    );
  } catch (e) {
    notes.push(`the export timing could not run: ${e.message}`);
  }
  return { editorHelpers, exportSpeed };
}

/** Comparing two revisions of a page of the benchmark's size in the Révisions dialog (decision 050). */
async function compareRevisions(browser, server, sid, options, notes) {
  try {
    const c = await measureCompare(browser, server.origin, sid, benchDocument().document, { samples: Math.min(options.samples, 10) });
    console.log(
      `\nCompare two revisions (${c.elements} elements, ${c.summary}): ${fmt(c.medianMs)} median, p95 ${fmt(c.p95Ms)} (target ${c.targetMs} ms; the first choice, reading the revision too, ${fmt(c.firstMs)}); every block shown ${fmt(c.allBlocksMedianMs)} median, p95 ${fmt(c.allBlocksP95Ms)}`,
    );
    return c;
  } catch (e) {
    notes.push(`the comparison of two revisions could not be measured: ${e.message}`);
    return null;
  } finally {
    assertAlive(server);
  }
}

// ------------------------------------------------------------------------------------------------ main

async function main() {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) throw new BenchError(`no Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH`);
  const notes = [];

  let buildDir = options.buildDir;
  if (buildDir) {
    if (!existsSync(path.join(REPO, buildDir, "server/index.js"))) throw new BenchError(`${buildDir} holds no build`);
    console.log(`Using the existing build ${buildDir}`);
  } else {
    buildDir = `.build-bench-builder-${process.pid}`;
    if (!options.keepBuild) removeAtEnd(path.join(REPO, buildDir));
    // Others may be mid-change in the tree: a failed build is retried twice, 15 s apart.
    for (let attempt = 1; ; attempt++) {
      const t = Date.now();
      try {
        build(REPO, buildDir);
        console.log(
          `Built into ${buildDir} in ${((Date.now() - t) / 1000).toFixed(0)} s${options.keepBuild ? " (kept: pass --build-dir=" + buildDir + " next time)" : ""}`,
        );
        break;
      } catch (e) {
        if (attempt === 3) throw new BenchError(e.message);
        console.log(`Build failed (${e.message.split("\n")[0]}); retrying in 15 s…`);
        await sleep(15_000);
      }
    }
  }

  const admin = { email: "bench@archimed.local", password: randomBytes(12).toString("base64url") };
  const server = await startServer(buildDir, admin).catch((e) => Promise.reject(new BenchError(e.message)));
  console.log(`Server on ${server.origin}`);
  const sid = await signIn(server.origin, admin);
  if (options.compareOnly) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
    onCleanup(() => browser.close());
    const notes = [];
    await compareRevisions(browser, server, sid, options, notes);
    for (const n of notes) console.log(`note: ${n}`);
    return;
  }
  if (options.helpersOnly) {
    const notes = [];
    console.log(
      `Load average at the start: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    await measureHelpers(server.origin, sid, notes);
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    for (const n of notes) console.log(`note: ${n}`);
    return;
  }
  const { document, byType } = benchDocument();
  const pageId = await createBenchPage(server.origin, sid, document);
  const url = `${server.origin}/admin/archimed-editor?page=${encodeURIComponent(pageId)}&lang=fr`;
  console.log(
    `Page ${pageId}: ${BLOCKS} blocks, ${ELEMENTS} elements (${Object.entries(byType)
      .map(([t, c]) => `${c} ${t}`)
      .join(", ")})`,
  );

  // The draft request is on the critical path of opening: its server time, measured from here.
  const draftTimes = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    await api(server.origin, "GET", `/api/pages/${pageId}/fr`, { cookie: `sid=${sid}` });
    if (i > 0) draftTimes.push(performance.now() - t);
  }
  const draftApiMs = quantile(draftTimes, 0.5);
  console.log(`GET /api/pages/:id/fr (the draft the builder loads): ${fmt(draftApiMs)} median of 5`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  onCleanup(() => browser.close());
  if (options.trace || options.cpuProfile) mkdirSync(OUT, { recursive: true });
  const busy = await waitForQuietCpu(0.25, 10_000);
  const busyBefore = busy === null ? null : Math.round(busy * 100);
  if (busyBefore !== null && busyBefore > 25)
    notes.push(
      `other programs used ${busyBefore} % of the CPU just before measuring (waited up to 10 s for it to fall under 25 %): figures are slower than on an idle machine`,
    );
  const cpuStart = cpuTimes();
  const loadAvgStart = os.loadavg().map((x) => Number(x.toFixed(2)));

  console.log(`\nOpen (${options.loads} loads after one warm-up load, each in a fresh browser context):`);
  const warmup = await measureOpen(browser, server.origin, sid, url);
  console.log(`  warm-up ${fmt(warmup.ms)}`);
  const loads = [];
  for (let i = 0; i < options.loads; i++) {
    assertAlive(server);
    const l = await measureOpen(
      browser,
      server.origin,
      sid,
      url,
      options.trace && i === 0 ? path.join(OUT, "builder-open-trace.json") : null,
      options.cpuProfile && i === 0 ? path.join(OUT, "builder-open.cpuprofile") : null,
    );
    loads.push(l);
    console.log(
      `  load ${i + 1}: ${fmt(l.ms)}  (HTML ${fmt(l.documentResponseEnd)}, scripts ${fmt(l.scriptsEnd)}, draft ${fmt(l.draftRequestStart)}→${fmt(l.draftResponseEnd)}, first full frame ${fmt(l.frame)}, longest task ${fmt(l.longestTask)}, main-thread CPU ${fmt(l.cpu?.ms)})`,
    );
  }
  const openCpus = loads.map((l) => l.cpu?.ms).filter((x) => typeof x === "number");
  const open = {
    median: quantile(
      loads.map((l) => l.ms),
      0.5,
    ),
    cpuMedian: quantile(openCpus, 0.5),
    draftApiMs,
    loads,
    warmup,
  };

  console.log(`\nInteractions (${options.samples} samples each, spread from the top to the bottom of the page):`);
  const context = await newContext(browser, server.origin, sid);
  await context.addInitScript(interactionHarness);
  await context.addInitScript(openWatcher, ELEMENTS);
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__benchOpen?.result, null, { timeout: 60_000, polling: 100 });
  if (await page.evaluate(() => window.__benchNoEventTiming === true)) notes.push("this Chromium has no Event Timing: every figure is the rAF one");
  await sleep(1000);
  const session = new Session(page);
  await session.settle();
  const tracePath = path.join(OUT, "builder-trace.json");
  // Always a light trace (performance marks only, for the main thread's CPU time per input); with
  // --trace, the full timeline, saved.
  await browser.startTracing(page, {
    ...(options.trace ? { path: tracePath } : {}),
    screenshots: false,
    categories: options.trace ? FULL_TRACE : ["blink.user_timing"],
  });
  if (options.cpuProfile) {
    session.profiler = await context.newCDPSession(page);
    await session.profiler.send("Profiler.enable");
    await session.profiler.send("Profiler.setSamplingInterval", { interval: 100 });
  }
  let interactions;
  let trace = null;
  try {
    interactions = await measureInteractions(session, options.samples);
  } finally {
    trace = await browser.stopTracing().catch(() => null);
  }
  const { pairs } = trace ? traceMarks(trace) : { pairs: new Map() };
  for (const r of Object.values(interactions)) {
    for (const sample of r.samples) sample.cpu = pairs.get(sample.key)?.cpu ?? null;
    const cpus = r.samples.map((x) => x.cpu).filter((x) => x !== null);
    r.cpuMedian = quantile(cpus, 0.5);
    r.cpuP95 = quantile(cpus, 0.95);
  }
  if (pairs.size === 0) notes.push("the trace held no input marks: main-thread CPU times are missing");
  if (options.cpuProfile) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, "builder-profile.json"), `${JSON.stringify(session.profiles, null, 2)}\n`);
    for (const [name, { profile }] of Object.entries(session.slowest)) {
      writeFileSync(
        path.join(
          OUT,
          `builder-${name
            .replace(/[^a-z]+/gi, "-")
            .replace(/-+$/, "")
            .toLowerCase()}.cpuprofile`,
        ),
        JSON.stringify(profile),
      );
    }
    console.log("\nCPU profile of the measured windows (self time summed over the samples of each interaction):");
    for (const [name, p] of Object.entries(session.profiles)) {
      console.log(`  ${name} (${p.windows} windows, ${Math.round(p.totalMs)} ms sampled):`);
      for (const f of p.top.slice(0, 12)) console.log(`    ${f.ms.toFixed(1).padStart(7)} ms  ${f.fn}`);
      console.log("    inclusive, application code:");
      for (const f of p.topInclusive.filter((x) => /^(use[A-Z]|[A-Z])/.test(x.fn)).slice(0, 15)) console.log(`    ${f.ms.toFixed(1).padStart(7)} ms  ${f.fn}`);
    }
    console.log("  (summary in bench-results/builder-profile.json; the busiest window of each interaction in bench-results/builder-*.cpuprofile)");
  }
  if (options.trace) console.log(`  trace: ${path.relative(REPO, tracePath)}`);
  if (pageErrors.length) notes.push(`page errors during the run: ${[...new Set(pageErrors)].slice(0, 5).join(" | ")}`);
  await context.close();
  assertAlive(server);

  const compare = await compareRevisions(browser, server, sid, options, notes);

  const { editorHelpers, exportSpeed } = await measureHelpers(server.origin, sid, notes);

  const busyDuring = busyBetween(cpuStart, cpuTimes());
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? "?",
      node: process.version,
      chromium: browser.version(),
      loadAvgStart,
      loadAvgEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
      busyBefore,
      // Includes this benchmark's own browser and server.
      cpuBusyDuringPercent: busyDuring === null ? null : Math.round(busyDuring * 100),
    },
    options,
    document: { blocks: BLOCKS, elements: ELEMENTS, byType },
    targets: { openMs: TARGET_OPEN_MS, interactionMs: TARGET_INTERACTION_MS, interactionStatistic: "p95", eventTimingThresholdMs: ET_THRESHOLD },
    open,
    interactions,
    editorHelpers,
    exportSpeed,
    compare,
    notes,
    durationSec: Math.round((Date.now() - started) / 1000),
  };
  results.summary = rows(results);

  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, `${RESULT_NAME}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(OUT, `${RESULT_NAME}.md`), markdown(results));
  console.log(`\n${table(results)}\n`);
  console.log(
    `Load average ${results.machine.loadAvgStart.join(" / ")} → ${results.machine.loadAvgEnd.join(" / ")}; CPU busy during the run ${results.machine.cpuBusyDuringPercent ?? "?"} % (this benchmark included).`,
  );
  for (const n of notes) console.log(`note: ${n}`);
  console.log(`Wrote bench-results/${RESULT_NAME}.json and bench-results/${RESULT_NAME}.md (${results.durationSec} s).`);
}

main()
  .then(async () => {
    await cleanupAll();
    process.exit(0);
  })
  .catch(async (e) => {
    console.error(`\nThe builder benchmark could not run: ${e instanceof BenchError ? e.message : (e.stack ?? e)}`);
    await cleanupAll();
    process.exit(1);
  });
