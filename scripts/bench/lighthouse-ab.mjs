#!/usr/bin/env node
// Lighthouse side by side: this checkout's build/ and another worktree's build/ (--baseline=DIR), each served
// by its own server with the same published design, audited in alternate runs page by page (A B, B A, …), so
// that a machine getting busier or quieter weighs on both alike. Performance only, Lighthouse's default mobile
// config. Prints per page the median score, FCP, LCP and TBT of each tree, the font bytes each page fetched,
// and the median paired LCP difference. Both builds must exist (`npx react-router build` in each tree).
//   node scripts/bench/lighthouse-ab.mjs --baseline=../base --design=brand:#3b82f6,headings:fraunces,text:inter --runs=3
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAppServer } from "./lib/app-server.mjs";
import { BENCH_ADMIN, parseDesignOption, publishDesign } from "./lib/design.mjs";
import { launchChrome, performanceAudit } from "./lib/lighthouse.mjs";
import { discoverPages } from "./lib/pages.mjs";
import { median } from "./lib/pg.mjs";
import { cleanupAll, ensureTools, waitForQuietCpu } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const o = { runs: 3, baseline: null, design: null, pages: null };
  for (const arg of argv) {
    const [k, v] = arg.split(/=(.*)/s);
    if (k === "--runs") o.runs = Math.max(1, Number(v));
    else if (k === "--baseline") o.baseline = path.resolve(v);
    else if (k === "--design") o.design = parseDesignOption(v);
    else if (k === "--pages") o.pages = v.split(",");
    else
      throw new Error(
        `unknown option ${arg}\nusage: node scripts/bench/lighthouse-ab.mjs --baseline=DIR [--design=SPEC] [--runs=N] [--pages=home fr,contact en]`,
      );
  }
  if (!o.baseline) throw new Error("--baseline=DIR is required (another worktree with its build/)");
  return o;
}

async function audit(url, port) {
  const lhr = await performanceAudit(url, port);
  const a = lhr.audits;
  const fonts = (a["network-requests"]?.details?.items ?? []).filter((i) => i.resourceType === "Font");
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: a["first-contentful-paint"].numericValue,
    lcp: a["largest-contentful-paint"].numericValue,
    tbt: a["total-blocking-time"].numericValue,
    fontBytes: fonts.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    fonts: fonts.map((i) => new URL(i.url).pathname.replace(/^\/assets\//, "")),
  };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const tools = ensureTools();
  if (o.design) Object.assign(process.env, { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password });
  const trees = [
    { name: "this", repo: REPO },
    { name: "baseline", repo: o.baseline },
  ];
  for (const t of trees) {
    t.server = await startAppServer(t.repo, { skipBuild: true });
    if (o.design) await publishDesign(t.server.origin, o.design);
    t.pages = (await discoverPages(t.server.origin)).pages.filter((p) => !p.missing && (!o.pages || o.pages.includes(p.name)));
    console.log(`${t.name}: ${t.repo} on ${t.server.origin}`);
  }
  await waitForQuietCpu();
  const chrome = await launchChrome(tools.chromium);
  const rows = [];
  try {
    for (const page of trees[0].pages) {
      const runs = { this: [], baseline: [] };
      for (let i = 0; i < o.runs; i++) {
        for (const t of i % 2 ? [...trees].reverse() : trees) {
          const p = t.pages.find((x) => x.name === page.name);
          runs[t.name].push(await audit(p.url, chrome.port));
        }
      }
      const sum = (rs) => ({
        scores: rs.map((r) => r.score).join(", "),
        score: median(rs.map((r) => r.score)),
        fcp: median(rs.map((r) => r.fcp)),
        lcp: median(rs.map((r) => r.lcp)),
        tbt: median(rs.map((r) => r.tbt)),
        fontKB: median(rs.map((r) => r.fontBytes)) / 1024,
      });
      const row = {
        page: page.name,
        this: sum(runs.this),
        baseline: sum(runs.baseline),
        dLcp: median(runs.this.map((r, i) => r.lcp - runs.baseline[i].lcp)),
      };
      rows.push(row);
      const f = (s) =>
        `${String(s.score).padStart(3)} (${s.scores}) FCP ${(s.fcp / 1000).toFixed(2)} LCP ${(s.lcp / 1000).toFixed(2)} TBT ${Math.round(s.tbt)} fonts ${s.fontKB.toFixed(0)} KB`;
      console.log(`${page.name.padEnd(12)} this ${f(row.this)} | baseline ${f(row.baseline)} | LCP Δ ${Math.round(row.dLcp)} ms`);
      console.log(`${"".padEnd(12)} fonts: this ${runs.this[0].fonts.join(" ")} | baseline ${runs.baseline[0].fonts.join(" ")}`);
    }
  } finally {
    await chrome.close();
  }
  const all = (k, f) => median(rows.map((r) => r[k][f]));
  console.log(
    `\nmedians over pages: this score ${all("this", "score")}, LCP ${(all("this", "lcp") / 1000).toFixed(2)} s | baseline score ${all("baseline", "score")}, LCP ${(all("baseline", "lcp") / 1000).toFixed(2)} s | paired LCP Δ ${Math.round(
      median(rows.map((r) => r.dLcp)),
    )} ms`,
  );
}

main()
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
