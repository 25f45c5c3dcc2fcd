// Turns the measurements into checks (figure, target, PASS/FAIL) and renders them as markdown tables,
// used both for the terminal and for bench-results/*.md.
import { CATEGORIES, TARGETS } from "./lighthouse.mjs";
import { JS_BUDGET_BYTES } from "./js-weight.mjs";
import { RATIO_TARGET } from "./load.mjs";

const LABEL = { performance: "performance", accessibility: "accessibility", "best-practices": "best practices", seo: "SEO" };
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v) => (v == null ? "?" : v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(1)} ms`);

/** One entry per figure with a target. */
export function buildChecks(results) {
  const checks = [];
  for (const p of results.pages) {
    if (p.missing) {
      checks.push({ figure: "page", page: p.name, value: "not measured", target: p.missing, result: "N/A" });
      continue;
    }
    if (p.status !== 200) checks.push({ figure: "HTTP status", page: p.name, value: p.status, target: 200, result: "FAIL" });
    for (const c of results.options.lighthouse ? CATEGORIES : []) {
      const v = p.lighthouse?.scores?.[c];
      checks.push({
        figure: `Lighthouse ${LABEL[c]}`,
        page: p.name,
        value: v ?? "error",
        target: c === "performance" ? `≥ ${TARGETS[c]}` : `${TARGETS[c]}`,
        result: v != null && v >= TARGETS[c] ? "PASS" : "FAIL",
      });
    }
    if (p.js) {
      checks.push({
        figure: "JS gzip",
        page: p.name,
        value: kb(p.js.gzipBytes),
        target: `≤ ${kb(JS_BUDGET_BYTES)}`,
        result: p.js.gzipBytes <= JS_BUDGET_BYTES ? "PASS" : "FAIL",
      });
      checks.push({
        figure: "back-office code",
        page: p.name,
        value: p.js.backOffice.length ? p.js.backOffice.map((b) => b.url.split("/").pop()).join(", ") : "none",
        target: "none",
        result: p.js.backOffice.length ? "FAIL" : "PASS",
      });
    }
  }
  const l = results.load;
  if (l) {
    checks.push({
      figure: "home req/s, Node / nginx",
      page: "/",
      value: `${Math.round(l.node.rps)} / ${Math.round(l.nginx.rps)} = ${l.ratio.toFixed(2)}`,
      target: `≥ ${RATIO_TARGET}`,
      result: l.ratio >= RATIO_TARGET ? "PASS" : "FAIL",
    });
  }
  return checks;
}

function table(header, rows) {
  const cells = [header, ...rows].map((r) => r.map((c) => String(c ?? "")));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(cells[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

const mark = (pass) => (pass ? "PASS" : "FAIL");

/** The per-page matrix: each cell is the figure and PASS/FAIL against the target in its header. */
export function pagesTable(results) {
  const header = [
    "page",
    "path",
    `perf (≥ ${TARGETS.performance})`,
    "a11y (100)",
    "best pr. (100)",
    "SEO (100)",
    `JS gzip (≤ ${kb(JS_BUDGET_BYTES)})`,
    "back-office JS (none)",
  ];
  const rows = results.pages.map((p) => {
    if (p.missing) return [p.name, "—", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"];
    const s = p.lighthouse?.scores ?? {};
    const lh = CATEGORIES.map((c) => (!results.options.lighthouse ? "skipped" : s[c] == null ? "error" : `${s[c]} ${mark(s[c] >= TARGETS[c])}`));
    const none = results.options.js === false ? "skipped" : "error";
    const js = p.js ? `${kb(p.js.gzipBytes)} ${mark(p.js.gzipBytes <= JS_BUDGET_BYTES)}` : none;
    const bo = p.js ? (p.js.backOffice.length ? `FAIL (${backOfficeSummary(p.js.backOffice)})` : "none PASS") : none;
    return [p.name, p.status === 200 ? p.path : `${p.path} (HTTP ${p.status})`, ...lh, js, bo];
  });
  return table(header, rows);
}

function backOfficeSummary(flagged) {
  const names = flagged.filter((b) => b.inName.length).length;
  const content = flagged.length - names;
  return [names && `${names} chunk name${names > 1 ? "s" : ""}`, content && `${content} chunk${content > 1 ? "s" : ""} by content`].filter(Boolean).join(", ");
}

export function loadTable(load) {
  if (!load) return "(load test not run)";
  const { node, nginx, ratio, plainNode: plain, baseline } = load;
  const col = (f) => [node, nginx, plain, baseline].filter(Boolean).map(f);
  const header = [
    "home page /, wrk over loopback",
    "Node server",
    "nginx (same HTML, gzip_static)",
    ...(plain ? [`bare node:http, same bytes, ${load.plainProcesses ?? 1} process${(load.plainProcesses ?? 1) > 1 ? "es" : ""} (info)`] : []),
    ...(baseline ? [`baseline ${load.baselineTree} (info: ratio ${load.baselineRatio.toFixed(2)})`] : []),
    "target",
    "result",
  ];
  return table(header, [
    ["requests per second", ...col((r) => Math.round(r.rps)), `Node ≥ ${RATIO_TARGET} × nginx`, `ratio ${ratio.toFixed(2)} ${mark(ratio >= RATIO_TARGET)}`],
    ["req/s per round", ...col((r) => (r.rounds ?? []).join(", ")), "—", "info"],
    [
      "server CPU per response",
      ...col((r) => (r.cpuMicrosPerRequest == null ? "?" : `${Math.round(r.cpuMicrosPerRequest)} µs`)),
      "—",
      load.cpuRatio ? `info: nginx/Node CPU cost ${load.cpuRatio.toFixed(2)}` : "info",
    ],
    ["p99 latency (worst round)", ...col((r) => ms(r.latencyMs.p99)), "—", "info"],
    ["p50 latency (worst round)", ...col((r) => ms(r.latencyMs.p50)), "—", "info"],
    ["bytes per response, headers included", ...col((r) => r.bytesPerRequest), "same gzipped page", "info"],
    ["errors (socket / non-2xx)", ...col(errs), "0", [node, nginx].every((r) => errs(r) === "0 / 0") ? "PASS" : "CHECK"],
  ]);
}

function errs(r) {
  const s = r.socketErrors ? Object.values(r.socketErrors).reduce((a, b) => a + b, 0) : 0;
  return `${s} / ${r.non2xx}`;
}

export function metricsTable(results) {
  const ids = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  const rows = results.pages
    .filter((p) => p.lighthouse)
    .map((p) => [
      p.name,
      ...ids.map((id) => p.lighthouse.metrics[id]?.display ?? ""),
      p.lighthouse.allPerformance.join(", "),
      Math.round(p.lighthouse.benchmarkIndex ?? 0),
    ]);
  return table(["page", "FCP", "LCP", "TBT", "CLS", "Speed Index", "perf score per run", "CPU benchmarkIndex"], rows);
}

/** Failing audits grouped across pages: one line per (category, audit), with the pages it fails on. */
export function failingAuditsText(results) {
  const groups = new Map();
  for (const p of results.pages) {
    for (const [cat, audits] of Object.entries(p.lighthouse?.failing ?? {})) {
      for (const a of audits) {
        const key = `${cat}\0${a.id}`;
        if (!groups.has(key)) groups.set(key, { cat, ...a, pages: [] });
        groups.get(key).pages.push(`${p.name}${a.detail ? ` (${a.detail})` : ""}`);
      }
    }
  }
  if (!results.options.lighthouse) return "Lighthouse was skipped (--skip-lighthouse).";
  if (groups.size === 0) return "None: every category is at its target on every page.";
  const lines = [];
  for (const g of [...groups.values()].sort((a, b) => a.cat.localeCompare(b.cat) || b.pages.length - a.pages.length)) {
    lines.push(`- [${LABEL[g.cat]}] \`${g.id}\` — ${g.title}${g.weight ? ` (weight ${g.weight})` : ""}`);
    lines.push(`  pages: ${g.pages.join("; ")}`);
    for (const item of g.items ?? []) lines.push(`  e.g. ${item.replace(/\n/g, " ")}`);
  }
  return lines.join("\n");
}

/** Scripts per page; pages that load exactly the same scripts are listed together. */
export function scriptsText(results) {
  const groups = new Map();
  for (const p of results.pages.filter((x) => x.js)) {
    const key = p.js.scripts.map((s) => `${s.url}:${s.gzip}`).join("|") + `|${p.js.pageErrors.join("|")}`;
    if (!groups.has(key)) groups.set(key, { js: p.js, pages: [] });
    groups.get(key).pages.push(`${p.name} (${p.path})`);
  }
  const lines = [];
  for (const { js, pages } of groups.values()) {
    lines.push(
      `- ${pages.join(", ")}: ${kb(js.gzipBytes)} gzip-9 from ${js.scripts.length} scripts (${kb(js.rawBytes)} uncompressed; inline scripts ${kb(js.inlineGzipBytes)} gzip, not counted)`,
    );
    for (const s of js.scripts)
      lines.push(
        `  - ${s.url} — ${kb(s.gzip)} (served ${s.servedAs ?? "?"}, ${kb(s.raw)} uncompressed)${s.status !== 200 ? ` (HTTP ${s.status})` : ""}${s.backOffice ? " ← back-office match" : ""}`,
      );
    for (const b of js.backOffice) {
      lines.push(
        `  ! ${b.url}: ${b.inName.length ? `name matches ${b.inName.join("/")}; ` : ""}${b.inContent} match(es) of admin|builder|archimed-editor in its content, e.g.`,
      );
      for (const s of b.snippets) lines.push(`      …${s}…`);
    }
    for (const e of js.pageErrors) lines.push(`  ! page error: ${e}`);
  }
  return lines.join("\n");
}

export function summaryText(checks) {
  const count = (r) => checks.filter((c) => c.result === r).length;
  return `${count("PASS")} PASS, ${count("FAIL")} FAIL${count("N/A") ? `, ${count("N/A")} not measured` : ""} (of ${checks.length} checks)`;
}

export function markdown(results, checks) {
  const m = results.machine;
  return `# Benchmark results — ${results.date}

Machine: ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, load average at start ${m.loadAvg.join(" / ")}; Node ${m.node}; ${m.chromium}; Lighthouse ${m.lighthouse}; ${m.wrk}; ${m.nginx}. CPU used by other programs just before each phase: ${
    Object.entries(results.busyCpu ?? {})
      .map(([k, v]) => `${k} ${v ?? "?"} %`)
      .join(", ") || "not sampled"
  }. Run took ${results.durationSec} s.${
    results.design
      ? `\n\nDesign published before measuring (\`--design\`): brand ${results.design.brand}, ink ${results.design.ink}, headings ${results.design.headings}, text ${results.design.text}.`
      : ""
  }

## Public pages (Lighthouse mobile, gzipped JavaScript)

${pagesTable(results)}

## Home page under load

${loadTable(results.load)}

Command: \`${results.load?.node.command.replace(/http:\/\/127\.0\.0\.1:\d+\//, "<url>") ?? ""}\`, ${results.options.rounds} rounds per server alternating Node, nginx, bare node:http${results.load?.baseline ? ` and the baseline (${results.load.baselineTree})` : ""}, after ${results.options.warmup} s of warm-up each.

## Summary

${summaryText(checks)}

## Failing audits

${failingAuditsText(results)}

## Lighthouse metrics

${metricsTable(results)}

## Scripts loaded per page

${scriptsText(results)}
${results.errors?.length ? `\n## Errors\n\n${results.errors.map((n) => `- ${n}`).join("\n")}\n` : ""}${results.notes.length ? `\n## Notes\n\n${results.notes.map((n) => `- ${n}`).join("\n")}\n` : ""}`;
}
