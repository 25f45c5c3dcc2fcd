#!/usr/bin/env node
// What a browser's visits do to the cached home page's cost: one server process (WEB_CONCURRENCY=1, a fresh
// SQLite folder) run under valgrind's callgrind, which counts the instructions the process executes instead
// of timing them, so that the figure does not move with whatever else the machine is doing. wrk asks for the
// home page over one connection (no batching of requests), the main thread's instructions per response are
// read, Chromium then visits the ten public pages `--passes` times with all their files, and the count is read
// again. The main thread is where requests are answered; V8's compiler and marker threads, which valgrind
// runs one at a time with it, are reported apart. With --baseline=DIR, another worktree's build is measured
// the same way, after this one (never at the same time: two processes under valgrind disturb each other's
// compiler timing). Both builds must exist (`npx react-router build`).
//   npm run bench:browsed -- [--baseline=../base] [--passes=3] [--runs=1]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { runBench } from "./lib/alternating.mjs";
import { discoverPages } from "./lib/pages.mjs";
import { BenchError, ensureTools, freePort, processCpuSeconds, serverEnv, sleep, startProcess, stopProcess, tempDir, waitForHttp, which } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WARM_SECONDS = 20;
const MEASURE_SECONDS = 15;

function parseArgs(argv) {
  const o = { baseline: null, passes: 3, runs: 1 };
  for (const arg of argv) {
    const [k, v] = arg.split(/=(.*)/s);
    if (k === "--baseline") o.baseline = path.resolve(v);
    else if (k === "--passes") o.passes = Math.max(1, Number(v));
    else if (k === "--runs") o.runs = Math.max(1, Number(v));
    else throw new BenchError(`unknown option ${arg}; usage: npm run bench:browsed -- [--baseline=DIR] [--passes=N] [--runs=N]`);
  }
  return o;
}

/** callgrind_control finds the process through files named after the user and HOST it saw at start. */
const VG_ENV = { USER: os.userInfo().username, HOST: "127.0.0.1" };

async function measureTree(tree, { passes, chromiumPath, wrkBin }) {
  const outDir = tempDir("callgrind");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = serverEnv({ buildDir: "build", port, dataDir: tempDir("data") }, { PUBLIC_URL: origin, DATABASE_URL: "", WEB_CONCURRENCY: "1", ...VG_ENV });
  const args = ["--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes", "--smc-check=all-non-file", `--callgrind-out-file=${outDir}/out.%p`];
  const child = startProcess("valgrind", [...args, process.execPath, path.join(tree.dir, "server.js")], { cwd: tree.dir, env });
  if (!(await waitForHttp(`${origin}/healthz`, child, 300_000)))
    throw new BenchError(`${tree.name}: the server did not start under valgrind:\n${child.output.slice(-10).join("\n")}`);
  const control = (...a) => execFileSync("callgrind_control", [...a, String(child.pid)], { env: { ...process.env, ...VG_ENV }, stdio: "ignore" });
  const wrk = (seconds) => {
    const r = spawnSync(wrkBin, ["-t1", "-c1", `-d${seconds}s`, "-H", "Accept-Encoding: gzip", `${origin}/`], { encoding: "utf8" });
    const n = Number(/(\d+) requests in/.exec(r.stdout)?.[1]);
    if (!n || /Non-2xx|Socket errors/.test(r.stdout)) throw new BenchError(`${tree.name}: wrk failed:\n${r.stdout}${r.stderr}`);
    return n;
  };
  let dumps = 0;
  const measure = () => {
    wrk(WARM_SECONDS);
    control("-z");
    control("-i", "on");
    const responses = wrk(MEASURE_SECONDS);
    control("-i", "off");
    control("-d");
    dumps++;
    const totals = (name) => Number(/^totals: (\d+)/m.exec(readFileSync(path.join(outDir, name), "utf8"))?.[1] ?? 0);
    const files = readdirSync(outDir).filter((f) => f.includes(`.${dumps}-`));
    const main = files.find((f) => f.endsWith(`.${dumps}-01`));
    if (!main) throw new BenchError(`${tree.name}: callgrind wrote no dump for the main thread`);
    const all = files.reduce((sum, f) => sum + totals(f), 0);
    return { responses, mainPerResponse: Math.round(totals(main) / responses), allPerResponse: Math.round(all / responses) };
  };
  const { pages } = await discoverPages(origin);
  const before = measure();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    for (let p = 0; p < passes; p++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      for (const pg of pages) if (pg.path) await page.goto(origin + pg.path, { waitUntil: "load", timeout: 300_000 });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  // The first requests of built files compress them in the thread pool: wait until the process is idle.
  for (let i = 0; i < 60; i++) {
    const a = processCpuSeconds(child.pid)?.all ?? 0;
    await sleep(2000);
    if ((processCpuSeconds(child.pid)?.all ?? 0) - a < 0.1) break;
  }
  const after = measure();
  await stopProcess(child);
  return { before, after, growth: +(after.mainPerResponse / before.mainPerResponse).toFixed(3) };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const { chromium: chromiumPath, wrk: wrkBin } = ensureTools();
  for (const tool of ["valgrind", "callgrind_control"]) if (!which(tool)) throw new BenchError(`missing ${tool}: run \`sudo apt-get install -y valgrind\``);
  const trees = [{ name: "this build", dir: REPO }];
  if (o.baseline) trees.push({ name: `baseline (${path.basename(o.baseline)})`, dir: o.baseline });
  for (const t of trees)
    if (!existsSync(path.join(t.dir, "build/server/index.js"))) throw new BenchError(`${t.dir}/build is missing: run \`npx react-router build\` there`);
  const results = [];
  for (let run = 1; run <= o.runs; run++) {
    for (const tree of trees) {
      console.log(`${tree.name}, run ${run}/${o.runs}: starting under callgrind…`);
      const r = await measureTree(tree, { passes: o.passes, chromiumPath, wrkBin });
      results.push({ tree: tree.name, run, ...r });
      console.log(
        `  main thread, instructions per cached home-page response: ${r.before.mainPerResponse} before, ${r.after.mainPerResponse} after ${o.passes} browser passes (× ${r.growth}); all threads ${r.before.allPerResponse} → ${r.after.allPerResponse}`,
      );
    }
  }
  mkdirSync(path.join(REPO, "bench-results"), { recursive: true });
  writeFileSync(path.join(REPO, "bench-results/browsed.json"), JSON.stringify({ date: new Date().toISOString(), passes: o.passes, results }, null, 2));
  console.log("Written to bench-results/browsed.json");
}

runBench("bench:browsed", main);
