// Measuring: page loads ("open"), the measured input windows (Session) and one interaction's samples.
import { writeFileSync } from "node:fs";
import { sleep } from "../lib/proc.mjs";
import { BenchError, ELEMENTS, VIEWPORT, quantile } from "./config.mjs";
import { openWatcher, pageFns, traceMarks } from "./in-page.mjs";

// ------------------------------------------------------------------------------------------------ measuring

/** Self time per function (and per script) of a V8 CPU profile, printed: where an opening's time goes. */
export function printProfileTop(name, profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const perScript = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === "(idle)") return;
    const script = url ? url.split("/").pop().split("?")[0] : functionName;
    const key = `${functionName || "(anonymous)"} ${script}${url ? `:${lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    perScript.set(script, (perScript.get(script) ?? 0) + dt);
    total += dt;
  });
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(
    `  CPU profile of ${name} (${Math.round(total)} ms busy): by script ${top(perScript, 8)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(", ")}`,
  );
  for (const [k, v] of top(self, 15)) console.log(`    ${v.toFixed(1).padStart(7)} ms  ${k}`);
}

export async function newContext(browser, origin, sid) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "fr-FR" });
  await context.addCookies([{ name: "sid", value: sid, url: origin, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** Trace categories of --trace (what DevTools' Performance panel records, plus input latency). */
export const FULL_TRACE = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "blink.user_timing",
  "loading",
  "latencyInfo",
  "v8.execute",
  ...(process.env.BENCH_TRACE_NO_PROFILER ? [] : ["disabled-by-default-v8.cpu_profiler"]),
  // What made each style recalculation and layout necessary, and Blink's own steps inside them (heavier traces).
  ...(process.env.BENCH_TRACE_INVALIDATIONS ? ["disabled-by-default-devtools.timeline.invalidationTracking", "blink"] : []),
];

/** One page load in a fresh context (empty HTTP cache): navigation start → first frame painted with every element. */
export async function measureOpen(browser, origin, sid, url, tracePath = null, profilePath = null) {
  const context = await newContext(browser, origin, sid);
  try {
    await context.addInitScript(openWatcher, ELEMENTS);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // --cpu-profile: a V8 profile of the page from navigation to the first full frame (1 ms sampling).
    const profiler = profilePath ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.setSamplingInterval", { interval: 1000 });
      await profiler.send("Profiler.start");
    }
    // A light trace (performance marks only): gives the main thread's CPU time up to the first full frame.
    await browser.startTracing(page, tracePath ? { path: tracePath, categories: FULL_TRACE } : { categories: ["blink.user_timing"] });
    let trace = null;
    try {
      await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
      try {
        await page.waitForFunction(() => window.__benchOpen?.result, null, { timeout: 60_000, polling: 100 });
      } catch {
        const n = await page.evaluate(() => document.querySelectorAll("[data-builder-element]").length).catch(() => "?");
        throw new BenchError(`the builder did not show the ${ELEMENTS} elements within 60 s (${n} shown; page errors: ${errors.join(" | ") || "none"})`);
      }
      if (profiler) {
        const { profile } = await profiler.send("Profiler.stop");
        writeFileSync(profilePath, JSON.stringify(profile));
        printProfileTop("opening", profile);
      }
      await sleep(1500); // long tasks right after the first paint
    } finally {
      trace = await browser.stopTracing().catch(() => null);
    }
    const cpu = trace ? openCpu(trace) : null;
    const timings = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const draft = performance.getEntriesByType("resource").find((r) => /\/api\/pages\/[^/]+\/fr$/.test(new URL(r.name).pathname));
      const scripts = performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script" || r.name.endsWith(".js"));
      const { result, longtasks } = window.__benchOpen;
      const after = longtasks.filter((t) => t.start + t.duration > result.painted);
      return {
        ms: result.painted,
        frame: result.frame,
        documentResponseEnd: nav?.responseEnd ?? null,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        scriptsEnd: scripts.length ? Math.max(...scripts.map((s) => s.responseEnd)) : null,
        draftRequestStart: draft?.startTime ?? null,
        draftResponseEnd: draft?.responseEnd ?? null,
        longestTask: longtasks.reduce((m, t) => Math.max(m, t.duration), 0),
        longTasksBeforePaint: longtasks.filter((t) => t.start < result.painted).map((t) => [Math.round(t.start), Math.round(t.duration)]),
        busyUntil: after.length ? Math.max(...after.map((t) => t.start + t.duration)) : result.painted,
        // Scripts, styles and API calls: when each started and ended (ms since navigation start).
        resources: performance
          .getEntriesByType("resource")
          .filter((r) => r.startTime < result.painted && /\.(js|css)$|\/api\//.test(new URL(r.name).pathname))
          .map((r) => ({ url: new URL(r.name).pathname, start: Math.round(r.startTime), end: Math.round(r.responseEnd), bytes: r.encodedBodySize })),
      };
    });
    return { ...timings, cpu };
  } finally {
    await context.close();
  }
}

/**
 * CPU time of the page's main thread up to the first frame with every element: `tts` of the
 * bench:open-painted mark, minus that of the thread's navigationStart when the trace has one with a CPU
 * clock (usually not: each load gets a fresh renderer, whose work before navigation start is little).
 */
export function openCpu(buffer) {
  const { marks, events } = traceMarks(buffer);
  const painted = marks.get("bench:open-painted");
  if (!painted || typeof painted.tts !== "number") return null;
  const nav = events
    .filter((e) => e.name === "navigationStart" && e.pid === painted.pid && e.tid === painted.tid && typeof e.tts === "number" && e.ts <= painted.ts)
    .at(-1);
  return { ms: (painted.tts - (nav?.tts ?? 0)) / 1000, fromNavigationStart: Boolean(nav) };
}

/** Picks `n` items satisfying `ok`, spread evenly from the top to the bottom of `list`, shifted by `phase` (0..1). */
export function spread(list, n, phase, ok, used) {
  const picked = [];
  for (let k = 0; k < n; k++) {
    const start = Math.floor(((k + phase) / n) * list.length);
    for (let j = 0; j < list.length; j++) {
      const item = list[(start + j) % list.length];
      if (ok(item) && !used.has(item.id)) {
        used.add(item.id);
        picked.push(item);
        break;
      }
    }
  }
  if (picked.length < n) throw new BenchError(`only ${picked.length} of ${n} suitable elements found`);
  return picked;
}

/** Microseconds of a CPU profile spent idle. */
export function sumIdle(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (idle.has(id)) us += profile.timeDeltas[i + 1] ?? 0;
  });
  return us;
}

export class Session {
  constructor(page) {
    this.page = page;
    /** With --cpu-profile: a CDP session; each measured window is profiled and summed per interaction. */
    this.profiler = null;
    this.phase = "";
    this.profiles = {};
    this.slowest = {};
    this.armed = 0;
    /** Key of the last armed input (matches its performance marks in the trace). */
    this.key = null;
  }
  async arm(types) {
    this.key = `s${++this.armed}`;
    await this.eval(([t, k]) => window.__bench.arm(t, k), [types, this.key]);
  }
  async profileStart() {
    if (this.profiler) await this.profiler.send("Profiler.start");
  }
  async profileStop() {
    if (!this.profiler) return;
    const { profile } = await this.profiler.send("Profiler.stop");
    const acc = (this.profiles[this.phase] ??= { windows: 0, totalMs: 0, selfMs: {}, totalByFn: {} });
    acc.windows++;
    // The busiest window of each interaction is kept whole, to open in DevTools.
    const busy = profile.endTime - profile.startTime - sumIdle(profile);
    if (!this.slowest[this.phase] || busy > this.slowest[this.phase].busy) this.slowest[this.phase] = { busy, profile };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const keyOf = (node) => {
      const cf = node.callFrame;
      const file = cf.url ? cf.url.replace(/^.*\//, "") : "";
      return `${cf.functionName || "(anonymous)"}${file ? ` ${file}:${cf.lineNumber + 1}` : ""}`;
    };
    const deltas = profile.timeDeltas ?? [];
    profile.samples.forEach((nodeId, i) => {
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const key = keyOf(byId.get(nodeId));
      acc.selfMs[key] = (acc.selfMs[key] ?? 0) + ms;
      acc.totalMs += ms;
      // Inclusive time: every distinct function on the stack of this sample.
      const seen = new Set();
      for (let id = nodeId; id !== undefined; id = parent.get(id)) {
        const k = keyOf(byId.get(id));
        if (seen.has(k)) continue;
        seen.add(k);
        acc.totalByFn[k] = (acc.totalByFn[k] ?? 0) + ms;
      }
    });
    const top = (o, n) =>
      Object.entries(o)
        .map(([fn, ms]) => ({ fn, ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, n);
    acc.top = top(acc.selfMs, 40);
    acc.topInclusive = top(acc.totalByFn, 80);
  }
  eval(fn, arg) {
    return this.page.evaluate(fn, arg);
  }
  settle() {
    return this.eval(pageFns.settle);
  }
  state() {
    return this.eval(pageFns.state);
  }
  async scrollTo(elementId) {
    if (!(await this.eval(pageFns.scrollTo, elementId))) throw new Error(`element ${elementId} is not in the canvas`);
    await sleep(120); // images coming into view start loading and decoding
    await this.settle();
  }
  /** Moves the mouse over a point and presses the button, outside the measured window. */
  async pressAt(point) {
    await this.page.mouse.move(point.x, point.y);
    await this.settle();
    await this.page.mouse.down();
    await this.settle();
  }
  /** Measured: releases the mouse (pointerup → mouseup → click) and collects the latency. */
  async measuredRelease() {
    await this.arm(["pointerup", "mouseup", "click"]);
    await this.profileStart();
    await this.page.mouse.up();
    const r = await this.eval(() => window.__bench.collect());
    await this.profileStop();
    return { ...r, key: this.key };
  }
  /** Measured: presses `key` (held modifiers pressed before, outside the window) and collects the latency. */
  async measuredKey(key, modifiers = []) {
    for (const m of modifiers) await this.page.keyboard.down(m);
    await this.settle();
    await this.arm(["keydown"]);
    await this.profileStart();
    await this.page.keyboard.down(key);
    const r = await this.eval(() => window.__bench.collect());
    await this.profileStop();
    await this.page.keyboard.up(key);
    for (const m of [...modifiers].reverse()) await this.page.keyboard.up(m);
    return { ...r, key: this.key };
  }
  /** Unmeasured: selects an element by clicking it. */
  async select(elementId) {
    await this.scrollTo(elementId);
    const p = await this.eval(pageFns.clickPoint, elementId);
    if (!p) throw new Error(`no clickable point on ${elementId}`);
    await this.page.mouse.click(p.x, p.y);
    await this.settle();
    if ((await this.state()).selected !== elementId) throw new Error(`clicking ${elementId} did not select it`);
  }
}

/**
 * Runs one interaction `samples` times. `step(target)` prepares (unmeasured), measures and verifies, and
 * returns the measurement; a failed step is recorded and skipped.
 */
export async function runInteraction(session, name, targets, step) {
  session.phase = name;
  const samples = [];
  const failures = [];
  for (const target of targets) {
    try {
      const m = await step(target);
      if (m.error) throw new Error(m.error);
      samples.push({ target: target.id, elementType: target.type, ...m, value: m.et ? m.et.duration : m.raf });
    } catch (e) {
      failures.push(`${target.id}: ${e.message.split("\n")[0]}`);
    }
    await sleep(350); // the builder backs the draft up in localStorage 300 ms after a change
  }
  if (samples.length < Math.ceil(targets.length / 2))
    throw new BenchError(`${name}: only ${samples.length} of ${targets.length} samples could be measured:\n  ${failures.join("\n  ")}`);
  const values = samples.map((s) => s.value);
  const rafs = samples.map((s) => s.raf);
  return {
    name,
    n: samples.length,
    median: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    max: Math.max(...values),
    rafMedian: quantile(rafs, 0.5),
    rafP95: quantile(rafs, 0.95),
    etEntries: samples.filter((s) => s.et).length,
    samples,
    failures,
  };
}
