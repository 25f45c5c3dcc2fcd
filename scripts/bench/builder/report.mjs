// The printed table and bench-results/builder*.md.
import { BLOCKS, ELEMENTS, TARGET_INTERACTION_MS, TARGET_OPEN_MS, VIEWPORT, fmt } from "./config.mjs";

// ------------------------------------------------------------------------------------------------ machine load

export const busyBetween = (a, b) => (a && b && b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : null);

const pair = (a, b) => (a === null || a === undefined ? "—" : `${fmt(a)} / ${fmt(b)}`);

export function rows(results) {
  const o = results.open;
  const out = [
    {
      figure: `open the builder (${BLOCKS} blocks, ${ELEMENTS} elements)`,
      median: o.median,
      p95: null,
      target: TARGET_OPEN_MS,
      pass: o.median <= TARGET_OPEN_MS,
      raf: "—",
      cpu: o.cpuMedian === null ? "—" : `${fmt(o.cpuMedian)} (median)`,
      n: o.loads.length,
    },
  ];
  const names = {
    select: "select an element (click)",
    type: "type one character (inline editing)",
    duplicate: "duplicate (toolbar button)",
    delete: "delete (toolbar button)",
    move: "keyboard move (Alt+ArrowDown)",
    undo: "undo (Ctrl+Z)",
    device: "per-device edit (Mobile view: text size)",
    layersMove: "Structure panel: move a block (Alt+ArrowDown)",
  };
  for (const [k, label] of Object.entries(names)) {
    const r = results.interactions[k];
    out.push({
      figure: label,
      median: r.median,
      p95: r.p95,
      target: TARGET_INTERACTION_MS,
      pass: r.p95 <= TARGET_INTERACTION_MS,
      raf: pair(r.rafMedian, r.rafP95),
      cpu: pair(r.cpuMedian, r.cpuP95),
      n: r.n,
    });
  }
  // Comparing two revisions (decision 050): choosing the second one → the next painted frame of the result.
  const c = results.compare;
  if (c) {
    out.push({
      figure: `compare two revisions (${c.elements} elements; changed blocks shown)`,
      median: c.medianMs,
      p95: c.p95Ms,
      target: c.targetMs,
      pass: c.p95Ms <= c.targetMs,
      raf: "—",
      cpu: "—",
      n: c.samples,
    });
    out.push({
      figure: "compare two revisions, identical blocks shown too",
      median: c.allBlocksMedianMs,
      p95: c.allBlocksP95Ms,
      target: c.targetMs,
      pass: c.allBlocksP95Ms <= c.targetMs,
      raf: "—",
      cpu: "—",
      n: c.allBlocksSamples,
    });
  }
  return out;
}

export function table(results) {
  const head = ["figure", "median", "p95", "target", "result", "rAF median / p95", "main-thread CPU", "n"];
  const body = rows(results).map((r) => [r.figure, fmt(r.median), fmt(r.p95), `≤ ${r.target} ms`, r.pass ? "PASS" : "FAIL", r.raf, r.cpu, String(r.n)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

export function markdown(results) {
  const m = results.machine;
  const lines = [
    `# Builder speed: ${results.date}`,
    "",
    `Page of ${BLOCKS} blocks and ${ELEMENTS} elements (${Object.entries(results.document.byType)
      .map(([t, c]) => `${c} ${t}`)
      .join(
        ", ",
      )}), headless Chromium ${m.chromium}, ${VIEWPORT.width}×${VIEWPORT.height}, ${m.cpus} × ${m.cpuModel}, Node ${m.node}. Load average ${m.loadAvgStart.join(" / ")} when measuring started, ${m.loadAvgEnd.join(" / ")} at the end; other programs used ${m.busyBefore === null ? "?" : `${m.busyBefore} %`} of the CPU just before measuring, and the whole machine ${m.cpuBusyDuringPercent === null ? "?" : `${m.cpuBusyDuringPercent} %`} during the run (this benchmark included).`,
    "",
    "Latency = input → next painted frame (Event Timing `duration`; the rAF figure when under 16 ms). Interactions pass when their p95 is within the target, opening when its median is. Main-thread CPU = CPU time the page's main thread spent from the input handler to the end of the frame's rendering (median / p95): what the latency cannot go under, whatever else runs on the machine.",
    "",
    "| figure | median | p95 | target | result | rAF median / p95 | main-thread CPU | samples |",
    "|---|---:|---:|---:|---|---:|---:|---:|",
    ...rows(results).map(
      (r) => `| ${r.figure} | ${fmt(r.median)} | ${fmt(r.p95)} | ≤ ${r.target} ms | ${r.pass ? "PASS" : "**FAIL**"} | ${r.raf} | ${r.cpu} | ${r.n} |`,
    ),
    "",
    `Open: the draft API answers in ${fmt(results.open.draftApiMs)} (median of 5, measured from Node). Each load (fresh browser context, empty cache): ${results.open.loads.map((l) => `${fmt(l.ms)} (HTML ${fmt(l.documentResponseEnd)}, scripts ${fmt(l.scriptsEnd)}, draft requested ${fmt(l.draftRequestStart)} and received ${fmt(l.draftResponseEnd)}, longest task ${fmt(l.longestTask)}, main-thread CPU ${fmt(l.cpu?.ms)})`).join("; ")}.`,
    "",
    "Interaction samples (ms, * = from an Event Timing entry, else the rAF figure):",
    "",
  ];
  for (const r of Object.values(results.interactions)) {
    lines.push(
      `- ${r.name}: ${r.samples.map((s) => `${Math.round(s.value)}${s.et ? "*" : ""}`).join(", ")}${r.failures.length ? ` — failed: ${r.failures.join("; ")}` : ""}${r.passedOver?.length ? ` (${r.passedOver.length} elements without a clickable point passed over)` : ""}`,
    );
  }
  if (results.compare) {
    const c = results.compare;
    lines.push(
      "",
      `Comparing revisions: revision 1 (${c.blocks.rev1} blocks) with revision 2 (${c.blocks.rev2} blocks: one block in ten retyped, two deleted, two added, one moved), "${c.summary}"; the first choice, which also reads revision 2 from the server, ${fmt(c.firstMs)}; then from the cache: ${c.samplesMs.map((x) => Math.round(x)).join(", ")} ms; every block shown: ${c.allBlocksMs.map((x) => Math.round(x)).join(", ")} ms.`,
    );
  }
  if (results.notes.length) lines.push("", "Notes:", "", ...results.notes.map((n) => `- ${n}`));
  return `${lines.join("\n")}\n`;
}
