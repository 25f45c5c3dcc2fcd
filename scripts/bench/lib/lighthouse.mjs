// Lighthouse, default mobile config (Moto G Power emulation, simulated Slow 4G + 4x CPU throttling),
// driving Debian's Chromium through chrome-launcher. Pages run one after another (2 cores).
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import { BenchError, onCleanup, tempDir, trackPid } from "./proc.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** chrome-launcher is Lighthouse's own dependency: resolve it from there, wherever npm put it. */
async function loadChromeLauncher() {
  const fromLighthouse = createRequire(import.meta.resolve("lighthouse"));
  return import(pathToFileURL(fromLighthouse.resolve("chrome-launcher")).href);
}

export async function launchChrome(chromePath) {
  const { launch } = await loadChromeLauncher();
  // Our own profile folder, so that it is removed even when the run is interrupted.
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent", userDataDir: tempDir("chrome") });
  const untrack = trackPid(chrome.pid);
  const remove = onCleanup(() => chrome.kill());
  return {
    port: chrome.port,
    async close() {
      remove();
      await chrome.kill();
      untrack();
    },
  };
}

/**
 * One Lighthouse run of the performance category (default mobile settings) on a running Chrome; returns its
 * report. A loaded machine sometimes spoils a trace (NO_NAVSTART, NO_FCP): such a run is tried again, twice.
 */
export async function performanceAudit(url, port) {
  let r;
  for (let attempt = 0; attempt < 3 && !(r && !r.lhr.runtimeError); attempt++) {
    r = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] }).catch(() => undefined);
  }
  if (!r || r.lhr.runtimeError) throw new Error(`${url}: ${r?.lhr.runtimeError?.message ?? "no result"}`);
  return r.lhr;
}

/** Audits that pull a category below its target, most costly first. */
function failingAudits(lhr, category) {
  const cat = lhr.categories[category];
  const out = [];
  for (const ref of cat.auditRefs) {
    const a = lhr.audits[ref.id];
    if (!a || ["notApplicable", "manual", "informative"].includes(a.scoreDisplayMode)) continue;
    if (a.scoreDisplayMode === "error") {
      out.push({ id: a.id, title: a.title, score: null, weight: ref.weight, detail: `audit error: ${a.errorMessage ?? "?"}` });
      continue;
    }
    if (a.score === null) continue;
    // Performance audits are graded (0..1); 0.9 is Lighthouse's own "good" threshold.
    const limit = category === "performance" ? 0.9 : 1;
    if (a.score < limit) out.push({ id: a.id, title: a.title, score: a.score, weight: ref.weight, detail: a.displayValue ?? "", items: sampleItems(a) });
  }
  return out.sort((x, y) => y.weight - x.weight || (x.score ?? 0) - (y.score ?? 0));
}

/** A few offending elements or URLs, so the audit can be fixed without opening the HTML report. */
function sampleItems(audit) {
  const items = audit.details?.items;
  if (!Array.isArray(items)) return [];
  const out = [];
  for (const it of items) {
    const node = it.node ?? it.element;
    let text = null;
    if (node?.type === "node" && node.snippet) {
      const why = node.explanation ? ` — ${node.explanation.replace(/\s+/g, " ").slice(0, 200)}` : "";
      text = `${node.snippet.slice(0, 160)}${why}`;
    } else if (typeof it.href === "string") text = `"${it.text ?? ""}" → ${it.href}`;
    else if (typeof it.url === "string") text = it.url;
    else if (it.source?.url) text = `${it.source.url}:${it.source.line ?? ""}`;
    if (text) out.push(text.slice(0, 240));
    if (out.length === 3) break;
  }
  return out;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/**
 * Runs Lighthouse `runs` times on one page; each category gets the median score, the failing audits
 * come from the run whose performance score is the median. Saves the HTML report of that run.
 */
export async function auditPage(page, { port, runs, reportDir }) {
  const results = [];
  let lastError = "";
  for (let i = 0; i < runs; i++) {
    // A loaded machine sometimes spoils a trace (NO_NAVSTART, NO_FCP): such a run is tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const r = await lighthouse(page.url, { port, output: "html", logLevel: "error", onlyCategories: CATEGORIES, disableFullPageScreenshot: true });
        if (!r) throw new Error("Lighthouse returned nothing");
        if (r.lhr.runtimeError) throw new Error(`${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
        results.push(r);
        break;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        await new Promise((res) => setTimeout(res, 2000));
      }
    }
  }
  if (results.length === 0) throw new BenchError(`Lighthouse could not audit ${page.url}: ${lastError}`);
  const medianPerf = median(results.map((r) => r.lhr.categories.performance.score));
  const chosen = results.find((r) => r.lhr.categories.performance.score === medianPerf) ?? results[0];
  const { lhr } = chosen;

  mkdirSync(reportDir, { recursive: true });
  const reportFile = path.join(reportDir, `${page.name.replace(/\s+/g, "-")}.html`);
  writeFileSync(reportFile, chosen.report);

  const scores = {};
  const failing = {};
  for (const c of CATEGORIES) {
    scores[c] = Math.round(median(results.map((r) => r.lhr.categories[c].score ?? 0)) * 100);
    if (scores[c] < TARGETS[c]) failing[c] = failingAudits(lhr, c);
  }
  const metrics = Object.fromEntries(METRICS.map((id) => [id, { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? "" }]));
  const warnings = lhr.runWarnings ?? [];
  return {
    scores,
    failing,
    metrics,
    warnings,
    runs: results.length,
    allPerformance: results.map((r) => Math.round(r.lhr.categories.performance.score * 100)),
    reportFile,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}
