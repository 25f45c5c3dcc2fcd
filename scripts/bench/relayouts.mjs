#!/usr/bin/env node
// Layout work after the first paint of the public pages, this build beside another worktree's (decision 056):
// for each page, N loads in headless Chromium at a phone's width with a Chromium trace, counting the layouts
// after First Contentful Paint that touch most of the page (over half its layout objects dirty: a web font
// arriving late re-lays out every line) and the milliseconds of all layout after it. Counts do not depend on
// how busy the machine is; the milliseconds do. Both builds must exist (`npx react-router build` in each tree).
//   node scripts/bench/relayouts.mjs --baseline=../base --design=brand:#3b82f6,headings:fraunces,text:inter --loads=5
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startAppServer } from "./lib/app-server.mjs";
import { BENCH_ADMIN, parseDesignOption, publishDesign } from "./lib/design.mjs";
import { discoverPages } from "./lib/pages.mjs";
import { median } from "./lib/pg.mjs";
import { cleanupAll, ensureTools } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const o = { loads: 5, baseline: null, design: null };
  for (const arg of argv) {
    const [k, v] = arg.split(/=(.*)/s);
    if (k === "--loads") o.loads = Math.max(1, Number(v));
    else if (k === "--baseline") o.baseline = path.resolve(v);
    else if (k === "--design") o.design = parseDesignOption(v);
    else throw new Error(`unknown option ${arg}\nusage: node scripts/bench/relayouts.mjs [--baseline=DIR] [--design=SPEC] [--loads=N]`);
  }
  return o;
}

/** One load: the renderer's Layout events after its first contentful paint. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"] });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error(`${url}: no firstContentfulPaint in the trace`);
  const layouts = events.filter((e) => e.name === "Layout" && e.ph === "X" && e.pid === fcp.pid && e.ts > fcp.ts);
  const full = layouts.filter((e) => e.args?.beginData?.dirtyObjects > e.args?.beginData?.totalObjects / 2);
  return { full: full.length, ms: layouts.reduce((n, e) => n + e.dur, 0) / 1000 };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const tools = ensureTools();
  if (o.design) Object.assign(process.env, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password });
  const trees = [{ name: "this", repo: REPO }, ...(o.baseline ? [{ name: "baseline", repo: o.baseline }] : [])];
  for (const t of trees) {
    t.server = await startAppServer(t.repo, { skipBuild: true });
    if (o.design) await publishDesign(t.server.origin, o.design);
    t.pages = (await discoverPages(t.server.origin)).pages.filter((p) => !p.missing);
  }
  const browser = await chromium.launch({ executablePath: tools.chromium, args: ["--headless=new"] });
  try {
    for (const page of trees[0].pages) {
      const cells = [];
      for (const t of trees) {
        const url = t.pages.find((p) => p.name === page.name).url;
        const runs = [];
        for (let i = 0; i < o.loads; i++) runs.push(await measure(browser, url));
        cells.push(
          `${t.name}: full layouts after FCP ${runs.map((r) => r.full).join(" ")}, layout after FCP median ${median(runs.map((r) => r.ms)).toFixed(1)} ms`,
        );
      }
      console.log(`${page.name.padEnd(12)} ${cells.join(" | ")}`);
    }
  } finally {
    await browser.close();
  }
}

main()
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
