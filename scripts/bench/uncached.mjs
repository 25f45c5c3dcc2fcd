#!/usr/bin/env node
// Requests that reach React Router (no cached page to answer them): the server's CPU per request and its
// latency, this build beside another worktree's, rounds alternating between the two servers. Each server is
// one process (WEB_CONCURRENCY=1) on a fresh SQLite folder; the CPU is that process's own, from /proc, so the
// figure says what a request costs the server whatever else the machine runs (the latencies do not).
// Both builds must exist (`npx react-router build` in each tree).
//   node scripts/bench/uncached.mjs --baseline=../base [--requests=200] [--rounds=4] [--concurrency=4]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { startAppServer } from "./lib/app-server.mjs";
import { signIn } from "./builder/page-fixture.mjs";
import { compareCases, parseComparisonArgs, runBench } from "./lib/alternating.mjs";
import { BenchError, processCpuSeconds } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ADMIN = { email: "bench-uncached@archimed.local", password: "bench-uncached-password-1234" };

const parseArgs = (argv) => parseComparisonArgs(argv, { requests: 200 }, "node scripts/bench/uncached.mjs");

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
  // The warm-up round compiles the code and prepares the statements.
  const options = { rounds: o.rounds, requests: o.requests, warmup: Math.min(50, o.requests) };
  return compareCases(
    trees,
    cases("").map((c) => c.name),
    options,
    (t, i, n) => round(t, cases(t.cookie)[i], n, o.concurrency),
  );
}

runBench("uncached", main);
