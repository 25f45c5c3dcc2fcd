#!/usr/bin/env node
// The files a first visit downloads besides the page (the public script, the stylesheet, a font): the
// server's CPU per request, latency and bytes sent, this build beside another worktree's, rounds
// alternating between the two servers. Each server is one process (WEB_CONCURRENCY=1) on a fresh SQLite
// folder; the CPU is that process's own, from /proc. Both builds must exist (`npx react-router build`).
//   npm run bench:assets -- --baseline=../base [--requests=1000] [--rounds=4] [--concurrency=4]
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startAppServer } from "./lib/app-server.mjs";
import { compareCases, parseComparisonArgs, runBench } from "./lib/alternating.mjs";
import { BenchError, processCpuSeconds } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const parseArgs = (argv) => parseComparisonArgs(argv, { requests: 1000 }, "npm run bench:assets --");

/** GET as a browser asks for a file (brotli accepted); the body is counted, not decoded. */
function download(origin, pathname) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${pathname}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } }, (res) => {
      let bytes = 0;
      res.on("data", (c) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode, bytes, encoding: res.headers["content-encoding"] ?? "none" }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout on ${pathname}`)));
    req.on("error", reject);
  });
}

/** The home page's largest script, its stylesheet and its first font (the names differ from build to build). */
async function filesOf(origin) {
  const html = await (await fetch(`${origin}/`)).text();
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const style = html.match(/<link[^>]+href="(\/assets\/[^"]+\.css)"/)?.[1];
  const font = html.match(/href="(\/assets\/[^"]+\.woff2)"/)?.[1];
  if (!scripts.length || !style || !font) throw new BenchError("the home page names no script, stylesheet or preloaded font under /assets/");
  // What the page's scripts import, as the browser follows it: relative names inside /assets/.
  const seen = new Map();
  for (let queue = [...new Set(scripts)]; queue.length;) {
    const s = queue.shift();
    if (seen.has(s)) continue;
    const text = await (await fetch(`${origin}${s}`)).text();
    seen.set(s, text.length);
    for (const m of text.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) queue.push(`/assets/${m[1]}`);
  }
  const script = [...seen].sort((a, b) => b[1] - a[1])[0][0];
  return [
    { name: `the largest script a visit of the home page loads, ${script} (brotli accepted)`, path: script },
    { name: "its stylesheet (brotli accepted)", path: style },
    { name: "a font (woff2)", path: font },
  ];
}

async function round(tree, pathname, n, concurrency) {
  const latencies = [];
  let next = 0;
  let last;
  const before = processCpuSeconds(tree.server.child.pid)?.all ?? NaN;
  const worker = async () => {
    while (next < n) {
      next++;
      const t0 = performance.now();
      last = await download(tree.server.origin, pathname);
      latencies.push(performance.now() - t0);
      if (last.status !== 200) throw new BenchError(`${pathname}: HTTP ${last.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = (processCpuSeconds(tree.server.child.pid)?.all ?? NaN) - before;
  return { cpuUsPerRequest: (cpu / n) * 1e6, latencies, note: `${last.bytes} bytes, ${last.encoding}` };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  Object.assign(process.env, { WEB_CONCURRENCY: "1" });
  const trees = [{ name: "this", repo: REPO }, ...(o.baseline ? [{ name: "baseline", repo: o.baseline }] : [])];
  for (const t of trees) {
    t.server = await startAppServer(t.repo, { skipBuild: true });
    t.files = await filesOf(t.server.origin);
  }
  // The warm-up round reads and compresses each file once and compiles the code.
  const options = { rounds: o.rounds, requests: o.requests, warmup: Math.min(20, o.requests) };
  return compareCases(
    trees,
    trees[0].files.map((c) => c.name),
    options,
    (t, i, n) => round(t, t.files[i].path, n, o.concurrency),
  );
}

runBench("assets", main);
