#!/usr/bin/env node
// Requests that reach React Router (no cached page to answer them): the server's CPU per request and its
// latency, this build beside another worktree's, rounds alternating between the two servers. Each server is
// one process (WEB_CONCURRENCY=1) on a fresh SQLite folder; the CPU is that process's own, from /proc, so the
// figure says what a request costs the server whatever else the machine runs (the latencies do not).
// Both builds must exist (`npx react-router build` in each tree).
//   node scripts/bench/uncached.mjs --baseline=../base [--requests=200] [--rounds=4] [--concurrency=4]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { startAppServer } from "./lib/app-server.mjs";
import { signIn } from "./builder/page-fixture.mjs";
import { median, quantile } from "./lib/pg.mjs";
import { BenchError, cleanupAll, processCpuSeconds } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ADMIN = { email: "bench-uncached@archimed.local", password: "bench-uncached-password-1234" };

function parseArgs(argv) {
  const o = { requests: 200, rounds: 4, concurrency: 4, baseline: null };
  for (const arg of argv) {
    const [k, v] = arg.split(/=(.*)/s);
    if (k === "--requests") o.requests = Math.max(10, Number(v));
    else if (k === "--rounds") o.rounds = Math.max(1, Number(v));
    else if (k === "--concurrency") o.concurrency = Math.max(1, Number(v));
    else if (k === "--baseline") o.baseline = path.resolve(v);
    else throw new Error(`unknown option ${arg}\nusage: node scripts/bench/uncached.mjs [--baseline=DIR] [--requests=N] [--rounds=N] [--concurrency=N]`);
  }
  return o;
}

/** What a member's browser and a visitor's send that no cache answers. */
function cases(cookie) {
  const member = { cookie };
  return [
    { name: "session check (GET /api/auth/session, member)", path: "/api/auth/session", headers: member },
    { name: "article list (GET /api/articles, member)", path: "/api/articles", headers: member },
    { name: "home page rendered for a member (GET /, session cookie)", path: "/", headers: member },
    { name: "unknown address (GET /nulle-part, visitor)", path: "/nulle-part", headers: {} },
  ];
}

/** One round: `n` requests, `concurrency` at a time; the server's CPU over the round and each latency. */
async function round(tree, c, n, concurrency) {
  const latencies = [];
  let next = 0;
  let failed = 0;
  const before = processCpuSeconds(tree.server.child.pid)?.all ?? NaN;
  const worker = async () => {
    while (next < n) {
      next++;
      const t0 = performance.now();
      const res = await fetch(`${tree.server.origin}${c.path}`, { headers: c.headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status >= 500) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = (processCpuSeconds(tree.server.child.pid)?.all ?? NaN) - before;
  if (failed) throw new BenchError(`${c.path}: ${failed} answers of ${n} were 5xx`);
  return { cpuUsPerRequest: (cpu / n) * 1e6, latencies };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  Object.assign(process.env, { WEB_CONCURRENCY: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const trees = [{ name: "this", repo: REPO }, ...(o.baseline ? [{ name: "baseline", repo: o.baseline }] : [])];
  for (const t of trees) {
    t.server = await startAppServer(t.repo, { skipBuild: true });
    t.cookie = `sid=${await signIn(t.server.origin, ADMIN)}`;
  }
  console.log(`load average at the start: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  const results = [];
  for (const [i, c] of cases("").entries()) {
    const per = new Map(trees.map((t) => [t.name, { cpu: [], latencies: [] }]));
    // A warm-up round each (code compiled, statements prepared), then rounds alternating the trees.
    for (const t of trees) await round(t, cases(t.cookie)[i], Math.min(50, o.requests), o.concurrency);
    for (let r = 0; r < o.rounds; r++) {
      for (const t of r % 2 ? [...trees].reverse() : trees) {
        const got = await round(t, cases(t.cookie)[i], o.requests, o.concurrency);
        per.get(t.name).cpu.push(got.cpuUsPerRequest);
        per.get(t.name).latencies.push(...got.latencies);
      }
    }
    const row = { case: c.name };
    for (const t of trees) {
      const p = per.get(t.name);
      row[t.name] = {
        cpuUsPerRequest: Math.round(median(p.cpu)),
        cpuRounds: p.cpu.map(Math.round),
        latencyMs: { p50: +median(p.latencies).toFixed(2), p95: +quantile(p.latencies, 0.95).toFixed(2) },
      };
    }
    results.push(row);
    const cell = (t) =>
      `${t}: ${row[t].cpuUsPerRequest} µs CPU/request (rounds ${row[t].cpuRounds.join(", ")}), latency p50 ${row[t].latencyMs.p50} / p95 ${row[t].latencyMs.p95} ms`;
    console.log(`${c.name}\n  ${trees.map((t) => cell(t.name)).join("\n  ")}`);
  }
  console.log(`load average at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  return results;
}

main()
  .catch((e) => {
    console.error(e instanceof BenchError ? `uncached: ${e.message}` : e);
    process.exitCode = 1;
  })
  .finally(cleanupAll);
