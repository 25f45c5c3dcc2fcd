// Before/after rounds for the per-request benchmarks (uncached.mjs, assets.mjs): each tree's server gets a
// warm-up round, then rounds alternate between the trees, the order reversed every other round so that
// neither always runs right after the other. The CPU per request is the median of the rounds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { median, quantile } from "./pg.mjs";
import { BenchError, cleanupAll } from "./proc.mjs";

/**
 * `run(tree, requests)` measures one round and returns { cpuUsPerRequest, latencies, note? } (note: what
 * was sent, shown beside the figures). Returns, per tree name, the median CPU per request, each round's,
 * the latency p50/p95 over all rounds and the last note.
 */
export async function alternatingRounds(trees, { rounds, requests, warmup }, run) {
  const per = new Map(trees.map((t) => [t.name, { cpu: [], latencies: [], note: undefined }]));
  for (const t of trees) await run(t, warmup);
  for (let r = 0; r < rounds; r++) {
    for (const t of r % 2 ? [...trees].reverse() : trees) {
      const got = await run(t, requests);
      const p = per.get(t.name);
      p.cpu.push(got.cpuUsPerRequest);
      p.latencies.push(...got.latencies);
      p.note = got.note ?? p.note;
    }
  }
  return Object.fromEntries(
    trees.map(({ name }) => {
      const p = per.get(name);
      const figures = {
        cpuUsPerRequest: Math.round(median(p.cpu)),
        cpuRounds: p.cpu.map(Math.round),
        latencyMs: { p50: +median(p.latencies).toFixed(2), p95: +quantile(p.latencies, 0.95).toFixed(2) },
      };
      return [name, p.note ? { ...figures, sent: p.note } : figures];
    }),
  );
}

/** One line per tree under the case's name. */
export function roundsText(caseName, row, treeNames) {
  const cell = (t) =>
    `${t}: ${row[t].cpuUsPerRequest} µs CPU/request (rounds ${row[t].cpuRounds.join(", ")}), latency p50 ${row[t].latencyMs.p50} / p95 ${row[t].latencyMs.p95} ms${row[t].sent ? `, ${row[t].sent}` : ""}`;
  return `${caseName}\n  ${treeNames.map(cell).join("\n  ")}`;
}

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * Every case in turn, measured by alternatingRounds and printed as it ends, between the machine's load
 * average at the start and at the end. `run(tree, caseIndex, requests)` measures one round.
 */
export async function compareCases(trees, caseNames, options, run) {
  console.log(`load average at the start: ${loadAverage()}`);
  const results = [];
  for (const [i, name] of caseNames.entries()) {
    const row = { case: name, ...(await alternatingRounds(trees, options, (t, n) => run(t, i, n))) };
    results.push(row);
    console.log(
      roundsText(
        name,
        row,
        trees.map((t) => t.name),
      ),
    );
  }
  console.log(`load average at the end: ${loadAverage()}`);
  return results;
}

/** Runs a benchmark's main: a BenchError is one line under the benchmark's name, and everything started is stopped. */
export function runBench(label, main) {
  main()
    .catch((e) => {
      console.error(e instanceof BenchError ? `${label}: ${e.message}` : e);
      process.exitCode = 1;
    })
    .finally(cleanupAll);
}

/** The options both comparisons take: --baseline=DIR, --requests=N (per round), --rounds=N, --concurrency=N. */
export function parseComparisonArgs(argv, defaults, command) {
  const o = { requests: 200, rounds: 4, concurrency: 4, baseline: null, ...defaults };
  for (const arg of argv) {
    const [k, v] = arg.split(/=(.*)/s);
    if (k === "--requests") o.requests = Math.max(10, Number(v));
    else if (k === "--rounds") o.rounds = Math.max(1, Number(v));
    else if (k === "--concurrency") o.concurrency = Math.max(1, Number(v));
    else if (k === "--baseline") o.baseline = path.resolve(v);
    else throw new Error(`unknown option ${arg}\nusage: ${command} [--baseline=DIR] [--requests=N] [--rounds=N] [--concurrency=N]`);
  }
  return o;
}
