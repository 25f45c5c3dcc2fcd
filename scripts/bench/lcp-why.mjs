#!/usr/bin/env node
// Why a public page's LCP is what it is, under Lighthouse's default mobile throttling (issue 21):
//   node scripts/bench/lcp-why.mjs [--design=brand:#3b82f6,headings:fraunces,text:inter] [--path=/] [--runs=3]
// Serves this checkout's build/ (run `npx react-router build` first) with the design published, audits the page
// and prints per run the score, the simulated FCP, LCP and TBT, the LCP element and its phases (time to first
// byte, load delay, load time, render delay), and the requests the page made with their observed start and end
// (before throttling) and size: what competes with the LCP image for the simulated link; then the long tasks
// after the first paint that Lighthouse's TBT counts, and each script's simulated evaluation time.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppServer } from "./lib/app-server.mjs";
import { BENCH_ADMIN, parseDesignOption, publishDesign } from "./lib/design.mjs";
import { launchChrome, performanceAudit } from "./lib/lighthouse.mjs";
import { cleanupAll, ensureTools } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const o = { design: null, path: "/", runs: 3 };
for (const arg of process.argv.slice(2)) {
  const [k, v] = arg.split(/=(.*)/s);
  if (k === "--design") o.design = parseDesignOption(v);
  else if (k === "--path") o.path = v;
  else if (k === "--runs") o.runs = Math.max(1, Number(v));
  else throw new Error(`unknown option ${arg}\nusage: node scripts/bench/lcp-why.mjs [--design=SPEC] [--path=/] [--runs=N]`);
}

try {
  const tools = ensureTools();
  if (o.design) Object.assign(process.env, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password });
  const app = await startAppServer(REPO, { skipBuild: true });
  if (o.design) await publishDesign(app.origin, o.design);
  const chrome = await launchChrome(tools.chromium);
  for (let run = 1; run <= o.runs; run++) {
    const lhr = await performanceAudit(`${app.origin}${o.path}`, chrome.port);
    const a = lhr.audits;
    const ms = (k) => Math.round(a[k].numericValue);
    console.log(
      `\nrun ${run}: score ${Math.round(lhr.categories.performance.score * 100)}  FCP ${ms("first-contentful-paint")} ms  LCP ${ms("largest-contentful-paint")} ms  TBT ${ms("total-blocking-time")} ms  SI ${ms("speed-index")} ms`,
    );
    const lcpEl = a["largest-contentful-paint-element"]?.details?.items ?? [];
    const node = lcpEl[0]?.items?.[0]?.node;
    if (node) console.log(`  LCP element: ${node.nodeLabel?.slice(0, 60)}  ${node.snippet?.slice(0, 120)}`);
    for (const p of lcpEl[1]?.items ?? []) console.log(`    ${p.phase.padEnd(14)} ${Math.round(p.timing)} ms`);
    const m = a.metrics?.details?.items?.[0] ?? {};
    console.log(
      `  observed (no throttling): FCP ${m.observedFirstContentfulPaint} ms, LCP ${m.observedLargestContentfulPaint} ms, DOMContentLoaded ${m.observedDomContentLoaded} ms, load ${m.observedLoad} ms`,
    );
    const tasks = (a["main-thread-tasks"]?.details?.items ?? []).filter((t) => t.duration >= 3 && t.startTime < (m.observedLargestContentfulPaint ?? 0) + 50);
    console.log(
      `  main-thread tasks of 3 ms or more up to LCP + 50 ms: ${tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(", ")}`,
    );
    // Lighthouse's TBT counts, between FCP and the page going quiet, what each task takes past 50 ms once its
    // observed time is multiplied by the simulated CPU slowdown (4): observed tasks of 12.5 ms or more.
    const longer = (a["main-thread-tasks"]?.details?.items ?? []).filter((t) => t.duration >= 12.5 && t.startTime >= (m.observedFirstContentfulPaint ?? 0));
    console.log(
      `  tasks of 12.5 ms or more after FCP (TBT's): ${longer.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(", ") || "none"}`,
    );
    for (const s of a["bootup-time"]?.details?.items ?? [])
      console.log(
        `  script ${String(s.url)
          .replace(/^https?:\/\/[^/]+/, "")
          .slice(0, 50)
          .padEnd(50)} evaluation ${Math.round(s.scripting)} ms, parse/compile ${Math.round(s.scriptParseCompile)} ms (simulated)`,
      );
    const reqs = a["network-requests"]?.details?.items ?? [];
    for (const q of reqs)
      console.log(
        `  ${String(Math.round(q.networkRequestTime)).padStart(5)}→${String(Math.round(q.networkEndTime)).padStart(5)} ms  ${String(Math.round((q.transferSize ?? 0) / 1024)).padStart(4)} KB  ${q.priority?.padEnd(8) ?? ""} ${q.resourceType?.padEnd(10) ?? ""} ${new URL(q.url).pathname.slice(0, 70)}`,
      );
  }
  await chrome.close();
} finally {
  await cleanupAll();
}
