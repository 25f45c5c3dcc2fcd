#!/usr/bin/env node
// Builder speed benchmark (issue 5): `node scripts/bench/builder.mjs`. See docs/benchmarks.md, "Builder speed".
//
// Builds the production app into its own folder, starts the real server with a fresh database, stores a
// generated draft of exactly 100 blocks and 500 elements on a new custom page, opens it in the Archimed
// builder in headless Chromium (1440×900), and measures in the page:
//   - opening the builder: navigation start → the first painted frame holding all 500 elements (3 loads);
//   - input → next painted frame of: selecting an element (click), typing one character in inline editing,
//     duplicating (toolbar button), deleting (toolbar button), Alt+ArrowDown and Ctrl+Z, each repeated on
//     elements spread over the whole page (top to bottom), scrolled into view outside the measured window, and a
//     per-device edit (issue 11: in Mobile view, the text size of a selected element, keyboard on its field).
//     Every element, column and block of the page carries tablet and mobile values (decision 022).
// The latency of a sample is the Event Timing `duration` of its input (input timestamp → presentation of
// the next frame, what INP uses); below 16 ms Chromium emits no entry, and the sample then keeps the rAF
// figure (input timestamp → end of the main-thread work of the next frame), which is also reported for
// every sample as a cross-check. Each sample also gets the main thread's CPU time (from performance marks
// in a light Chromium trace), which, unlike latency, does not grow when other programs share the CPU.
// Prints a table and writes bench-results/builder.{json,md}. Exit 0 even when a target is missed (it is a
// report); exit 1 only when the measurement could not run.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { cpuTimes, freePort, killGroup, sleep, stopProcess, waitForQuietCpu } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(REPO, "bench-results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const VIEWPORT = { width: 1440, height: 900 };
// --large (issue 12): the page doubled, 200 blocks and 1,000 elements, opening target 1.5 s.
const LARGE = process.argv.includes("--large");
const BLOCKS = LARGE ? 200 : 100;
const ELEMENTS = LARGE ? 1000 : 500;
const TARGET_OPEN_MS = LARGE ? 1500 : 1000;
const RESULT_NAME = LARGE ? "builder-large" : "builder";
const TARGET_INTERACTION_MS = 50;
/** Event Timing reports only inputs whose duration reaches this (16 ms is the smallest Chromium allows). */
const ET_THRESHOLD = 16;

const USAGE = `usage: node scripts/bench/builder.mjs [options]
  --samples=N          measured repetitions of each interaction (default 15, 5..60)
  --loads=N            measured page loads for "open" (default 3, 1..9)
  --build-dir=DIR      reuse an existing build (a .build-bench-builder* folder, kept) instead of building
  --keep-build         keep the build folder made by this run (its name is printed), for --build-dir
  --trace              also record Chromium performance traces: the first measured load
                       (bench-results/builder-open-trace.json) and the interactions
                       (bench-results/builder-trace.json); DevTools' Performance panel opens them
                       (BENCH_TRACE_NO_PROFILER=1 leaves V8's sampler out of them: lighter, closer timings)
  --cpu-profile        also record a V8 CPU profile of the first measured load and of the interactions (bench-results/builder-*.cpuprofile,
                       DevTools' Performance panel opens it; build with --minify false for readable names)
  --large              a page of 200 blocks and 1,000 elements (opening target 1.5 s), results in builder-large.*
  --help`;

class BenchError extends Error {}

function parseArgs(argv) {
  const o = { samples: 15, loads: 3, buildDir: null, keepBuild: false, trace: false, cpuProfile: false };
  for (const arg of argv) {
    const [k, v] = arg.split("=");
    const n = Number(v);
    if (k === "--samples" && n >= 5 && n <= 60) o.samples = Math.floor(n);
    else if (k === "--loads" && n >= 1 && n <= 9) o.loads = Math.floor(n);
    else if (k === "--build-dir" && v && /^\.build-bench-builder[\w-]*$/.test(v)) o.buildDir = v;
    else if (k === "--keep-build") o.keepBuild = true;
    else if (k === "--trace") o.trace = true;
    else if (k === "--cpu-profile") o.cpuProfile = true;
    else if (k === "--large") continue;
    else if (k === "--help" || k === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new BenchError(`unknown or invalid option ${arg}\n${USAGE}`);
  }
  return o;
}

// ------------------------------------------------------------------------------------------------ clean-up
// Everything started or created is registered here and removed at the end, also on failure or Ctrl-C.

const children = new Set();
const tempPaths = new Set();
let browser = null;

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  browser = null;
  await Promise.all([...children].map((c) => stopProcess(c)));
  for (const p of tempPaths) rmSync(p, { recursive: true, force: true });
  tempPaths.clear();
}

function cleanupSync() {
  for (const child of children) killGroup(child, "SIGKILL");
  for (const p of tempPaths) rmSync(p, { recursive: true, force: true });
}

process.on("exit", cleanupSync);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    cleanupSync();
    process.exit(1);
  });
}

// ------------------------------------------------------------------------------------------------ server

function build(buildDir) {
  rmSync(path.join(REPO, buildDir), { recursive: true, force: true });
  const res = spawnSync("npx", ["react-router", "build"], {
    cwd: REPO,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ""}\n${res.stderr ?? ""}`.split("\n");
    const first = Math.max(
      0,
      out.findIndex((l) => /error|failed|✗/i.test(l)),
    );
    throw new Error(
      `\`BUILD_DIR=${buildDir} npx react-router build\` failed (exit ${res.status}):\n${out
        .slice(first, first + 15)
        .join("\n")
        .trim()}`,
    );
  }
  for (const p of ["server/index.js", "client"]) {
    if (!existsSync(path.join(REPO, buildDir, p))) throw new Error(`${buildDir}/${p} is missing after the build`);
  }
}

/** `node server.js` on a free loopback port, fresh SQLite data folder, known admin; resolves when it is ready. */
async function startServer(buildDir, admin) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "archimed-bench-builder-"));
  tempPaths.add(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: origin,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  const child = spawn(process.execPath, ["server.js"], { cwd: REPO, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.exited = new Promise((r) => child.on("exit", (code, signal) => r({ code, signal })));
  child.on("exit", () => children.delete(child));
  let output = "";
  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (/Serveur prêt sur http:\/\/localhost:\d+/.test(output)) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => (output += c.toString()));
    child.exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    await stopProcess(child);
    throw new Error(`the server did not start; its output:\n${output.split("\n").slice(-20).join("\n")}`);
  }
  return { origin, child, logs: () => output };
}

function assertAlive(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new BenchError(`the server exited during the run; its last output:\n${server.logs().split("\n").slice(-15).join("\n")}`);
  }
}

// ------------------------------------------------------------------------------------------------ API

async function api(origin, method, url, { body, cookie } = {}) {
  const res = await fetch(origin + url, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new BenchError(`${method} ${url} → HTTP ${res.status}: ${text.slice(0, 400)}`);
  return { json: text ? JSON.parse(text) : null, headers: res.headers };
}

async function signIn(origin, admin) {
  const { headers } = await api(origin, "POST", "/api/auth/login", { body: admin });
  const sid = (headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""]).map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!sid) throw new BenchError("sign-in answered without a sid cookie");
  return sid;
}

/** A custom page whose French draft is the generated document; returns its id. */
async function createBenchPage(origin, sid, document) {
  const cookie = `sid=${sid}`;
  const slug = `bench-builder-${Date.now().toString(36)}`;
  const { json: created } = await api(origin, "POST", "/api/pages", {
    cookie,
    body: { fr: { title: "Banc d'essai du constructeur", slug }, en: { title: "Builder benchmark", slug } },
  });
  const pageId = created.page.id;
  const { json: current } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  await api(origin, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie, body: { doc: document, version: current.draft.version } });
  const { json: stored } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  const count = stored.draft.doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements))).length;
  if (stored.draft.doc.blocks.length !== BLOCKS || count !== ELEMENTS)
    throw new BenchError(`the stored draft has ${stored.draft.doc.blocks.length} blocks and ${count} elements`);
  return pageId;
}

// ------------------------------------------------------------------------------------------------ document
// A realistic page: five block templates in turn (4 + 5 + 9 + 4 + 3 = 25 elements), twenty times.
// Per 500 elements: 140 headings, 140 texts, 20 lists, 60 buttons, 40 images, 60 icons, 20 spacers, 20 dividers.

const id = (prefix) => prefix + randomBytes(8).toString("hex");
// Issue 11: per-device values on every element, column and block (tablet and mobile overrides, decision 022).
const DEVICE_STYLES = {
  heading: { tablet: { fontSize: "30px", marginBottom: "12px" }, mobile: { fontSize: "26px", textAlign: "left" } },
  text: { tablet: { fontSize: "16px" }, mobile: { fontSize: "16px", marginBottom: "8px" } },
  list: { tablet: { fontSize: "16px" }, mobile: { fontSize: "15px" } },
};
const deviceStylesOf = (type) => DEVICE_STYLES[type] ?? { tablet: { marginBottom: "12px" }, mobile: { marginBottom: "8px", textAlign: "center" } };
const el = (type, content, extra = {}) => ({ id: id("element-"), type, content, styles: {}, deviceStyles: deviceStylesOf(type), ...extra });
const col = (width, elements) => ({ id: id("column-"), width, deviceWidths: { tablet: width, mobile: 12 }, elements });
const blk = (styles, ...columns) => ({
  id: id("block-"),
  type: "container",
  styles,
  deviceStyles: { tablet: { paddingTop: "40px", paddingBottom: "40px" }, mobile: { paddingTop: "32px", paddingBottom: "32px" } },
  sections: [{ id: id("section-"), columns }],
});

const IMAGES = [
  "atelier-equipe",
  "accueil-hero",
  "boutique-click-collect",
  "partenaires-reseau",
  "publication-cafe",
  "publication-fleurs",
  "click-collect-commande",
  "blog-reservation-salon",
];
const TOPICS = [
  "la réservation en ligne",
  "le site vitrine",
  "les réseaux sociaux",
  "le click and collect",
  "la fidélité client",
  "le référencement local",
  "les avis clients",
  "la newsletter",
];
const ICON_PATHS = [
  '<circle cx="12" cy="12" r="10"/><polyline points="12 6 12 12 16 14"/>',
  '<rect x="3" y="4" width="18" height="18" rx="2"/><line x1="3" y1="10" x2="21" y2="10"/>',
  '<polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2"/>',
];
const svgIcon = (i) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICON_PATHS[i % ICON_PATHS.length]}</svg>`;

function paragraphs(n, i) {
  const topic = TOPICS[i % TOPICS.length];
  const out = [];
  for (let p = 0; p < n; p++) {
    out.push(
      `<p>Bloc ${i + 1}, paragraphe ${p + 1} : pour ${topic}, nous partons de votre activité réelle, de vos horaires et de vos clients. ` +
        `<strong>Chaque étape est expliquée</strong>, chiffrée et suivie, et vous gardez la main sur vos contenus sans dépendre d'un prestataire. ` +
        `Les résultats se lisent dans vos statistiques dès la <a href="/contact">première semaine</a>.</p>`,
    );
  }
  return out.join("");
}

const STYLE = {
  h2: { fontSize: "clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)", fontWeight: "800", lineHeight: "1.15" },
  h3: { fontSize: "21px", fontWeight: "700", lineHeight: "1.3" },
  body: { fontSize: "17px", lineHeight: "1.7" },
  button: { backgroundColor: "#ffc104", color: "#14171c", padding: "14px 28px", borderRadius: "9999px", fontSize: "17px" },
  icon: { backgroundColor: "#ffc104", color: "#14171c", padding: "14px", borderRadius: "16px" },
};
const BACKGROUNDS = ["transparent", "#f6f7f9", "#fff8e1", "#e8f5f3"];

const TEMPLATES = [
  // 1 column: heading, three paragraphs, button, spacer (4)
  (i) => [
    col(12, [
      el("heading", `Titre du bloc ${i + 1}`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(3, i), { styles: STYLE.body }),
      el("button", "Demander une démo", { href: "/contact", styles: STYLE.button }),
      el("spacer", "", { styles: { height: "32px" } }),
    ]),
  ],
  // 2 columns: heading, text, list | image, button (5)
  (i) => [
    col(7, [
      el("heading", `Ce que vous obtenez (${i + 1})`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(2, i), { styles: STYLE.body }),
      el(
        "list",
        `<ul>${["Mise en place en une semaine", "Formation de votre équipe", "Suivi mensuel des résultats", "Support par téléphone"].map((x) => `<li>${x}</li>`).join("")}</ul>`,
        { styles: STYLE.body },
      ),
    ]),
    col(5, [
      el("image", `/media/seed/${IMAGES[i % IMAGES.length]}.jpg`, { alt: `Illustration du bloc ${i + 1}`, styles: { width: "100%", borderRadius: "20px" } }),
      el("button", "En savoir plus", { href: "/solutions/reservation", styles: STYLE.button }),
    ]),
  ],
  // 3 columns: icon, heading, text (9)
  (i) =>
    [0, 1, 2].map((k) =>
      col(4, [
        el("icon", svgIcon(i + k), { styles: STYLE.icon }),
        el("heading", `Atout ${k + 1} du bloc ${i + 1}`, { level: 3, styles: STYLE.h3 }),
        el("text", paragraphs(1, i + k), { styles: STYLE.body }),
      ]),
    ),
  // 2 columns: image | heading, text, button (4)
  (i) => [
    col(6, [
      el("image", `/media/seed/${IMAGES[(i + 3) % IMAGES.length]}.jpg`, { alt: `Photo du bloc ${i + 1}`, styles: { width: "100%", borderRadius: "20px" } }),
    ]),
    col(6, [
      el("heading", `Un exemple concret (${i + 1})`, { level: 2, styles: STYLE.h2 }),
      el("text", paragraphs(2, i + 1), { styles: STYLE.body }),
      el("button", "Voir les offres", { href: "/offres", styles: STYLE.button }),
    ]),
  ],
  // 1 column: divider, heading, text (3)
  (i) => [
    col(12, [
      el("divider", "", { styles: { borderTop: "1px solid #d5dbe1", marginTop: "8px", marginBottom: "8px" } }),
      el("heading", `Questions fréquentes (${i + 1})`, { level: 3, styles: STYLE.h3 }),
      el("text", paragraphs(2, i + 2), { styles: STYLE.body }),
    ]),
  ],
];

function benchDocument() {
  const blocks = [];
  for (let i = 0; i < BLOCKS; i++)
    blocks.push(
      blk({ backgroundColor: BACKGROUNDS[i % BACKGROUNDS.length], paddingTop: "48px", paddingBottom: "48px" }, ...TEMPLATES[i % TEMPLATES.length](i)),
    );
  const elements = blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements)));
  if (elements.length !== ELEMENTS) throw new Error(`generator made ${elements.length} elements`);
  const byType = {};
  for (const e of elements) byType[e.type] = (byType[e.type] ?? 0) + 1;
  return { document: { version: 1, blocks }, byType };
}

// ------------------------------------------------------------------------------------------------ in-page code

/** Open watcher (init script): the first frame holding `target` elements, then the end of its rendering. */
function openWatcher(target) {
  const longtasks = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    /* no long task timing */
  }
  window.__benchOpen = { longtasks, result: null };
  // A live collection: reading its length each frame costs next to nothing, unlike a selector query
  // over the whole page (which the measured page would pay for on every frame).
  const frames = document.getElementsByClassName("builder-element");
  const check = () => {
    const n = frames.length;
    if (n < target) return requestAnimationFrame(check);
    const frame = performance.now();
    const channel = new MessageChannel();
    // A task posted from the rAF runs once this frame's style, layout and paint are done.
    channel.port1.onmessage = () => {
      performance.mark("bench:open-painted");
      window.__benchOpen.result = { count: n, frame, painted: performance.now() };
    };
    channel.port2.postMessage(0);
  };
  requestAnimationFrame(check);
}

/**
 * Interaction harness (init script). arm(types, key) listens, in the capture phase on window (before React's
 * listeners on the root), for the first of `types`; collect() returns, for that input, the Event Timing
 * entries of the same input and the rAF figures: `frame` (next requestAnimationFrame), `painted` (a task
 * posted from that rAF: the frame's main-thread rendering is done) and `nextFrame` (the rAF after).
 * It also leaves two performance marks per input, bench:input:KEY and bench:painted:KEY, whose trace
 * events carry the main thread's CPU clock.
 */
function interactionHarness() {
  const events = [];
  const longtasks = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        events.push({
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          interactionId: e.interactionId,
        });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    window.__benchNoEventTiming = true;
  }
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    /* no long task timing */
  }
  let current = null;
  window.__bench = {
    arm(types, key) {
      current?.disarm();
      const s = { types, t0: null, type: null, handlerAt: null, frame: null, painted: null, nextFrame: null };
      const on = (e) => {
        if (s.t0 !== null) return;
        s.t0 = e.timeStamp;
        s.type = e.type;
        s.handlerAt = performance.now();
        // Marks appear in the Chromium trace with the main thread's CPU clock (tts): see traceMarks().
        performance.mark(`bench:input:${key}`);
        requestAnimationFrame(() => {
          s.frame = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            s.painted = performance.now();
            performance.mark(`bench:painted:${key}`);
          };
          channel.port2.postMessage(0);
          requestAnimationFrame(() => (s.nextFrame = performance.now()));
        });
      };
      for (const t of types) window.addEventListener(t, on, true);
      s.disarm = () => {
        for (const t of types) window.removeEventListener(t, on, true);
      };
      current = s;
    },
    /** Resolves once the input was seen, its frames ran and Event Timing had time to report it. */
    collect() {
      const s = current;
      const began = performance.now();
      return new Promise((resolve) => {
        const poll = () => {
          const now = performance.now();
          if (s.t0 === null || s.nextFrame === null || s.painted === null) {
            if (now - began > 10_000) {
              s.disarm();
              return resolve({ error: s.t0 === null ? `no ${s.types.join("/")} event reached the page` : "no frame after the input" });
            }
            return setTimeout(poll, 25);
          }
          if (now - s.nextFrame < 150) return setTimeout(poll, 25);
          s.disarm();
          const mine = events.filter((e) => s.types.includes(e.name) && e.start >= s.t0 - 1 && e.start <= s.painted);
          const worst = mine.reduce((a, e) => (a && a.duration >= e.duration ? a : e), null);
          const blocking = longtasks.filter((t) => t.start < s.painted && t.start + t.duration > s.t0);
          resolve({
            type: s.type,
            inputDelay: s.handlerAt - s.t0,
            raf: s.painted - s.t0,
            frame: s.frame - s.t0,
            nextFrame: s.nextFrame - s.t0,
            et: worst
              ? {
                  name: worst.name,
                  duration: worst.duration,
                  inputDelay: worst.processingStart - worst.start,
                  processing: worst.processingEnd - worst.processingStart,
                  presentation: worst.start + worst.duration - worst.processingEnd,
                }
              : null,
            longtaskMs: blocking.reduce((a, t) => a + t.duration, 0),
          });
        };
        poll();
      });
    },
  };
}

/**
 * Main-thread CPU time between pairs of performance marks, from a Chromium trace: each mark's trace
 * event carries `tts`, the thread's CPU clock. Returns Map(key → { cpu, wall }) in ms for the pairs
 * bench:input:KEY → bench:painted:KEY, and the marks themselves for other uses.
 */
function traceMarks(buffer) {
  const parsed = JSON.parse(buffer.toString("utf8"));
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const marks = new Map();
  for (const e of events) {
    if (typeof e.name === "string" && e.name.startsWith("bench:") && e.ph !== "M") marks.set(e.name, e);
  }
  const pairs = new Map();
  for (const [name, start] of marks) {
    const m = /^bench:input:(.+)$/.exec(name);
    const end = m && marks.get(`bench:painted:${m[1]}`);
    if (!end || start.tid !== end.tid) continue;
    pairs.set(m[1], {
      cpu: typeof start.tts === "number" && typeof end.tts === "number" ? (end.tts - start.tts) / 1000 : null,
      wall: (end.ts - start.ts) / 1000,
    });
  }
  return { pairs, marks, events };
}

// Helpers evaluated in the page.
const pageFns = {
  /** Every element frame in document order, with its type and whether it is the last of its column. */
  list: () =>
    [...document.querySelectorAll("[data-builder-element]")].map((node) => {
      const type = [...node.children].find((c) => c.classList.contains("el"))?.className.match(/\bel-([a-z]+)/)?.[1] ?? "?";
      let next = node.nextElementSibling;
      while (next && !next.hasAttribute("data-builder-element")) next = next.nextElementSibling;
      return { id: node.dataset.builderElement, type, last: !next };
    }),
  /** Scrolls the node into the middle of the canvas; returns false when it is not in the page. */
  scrollTo: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return false;
    node.scrollIntoView({ block: "center", inline: "nearest" });
    return true;
  },
  /**
   * A point that hits the element frame itself (or its content), not a toolbar, button or link on top
   * of it: the click then does exactly "select this element".
   */
  clickPoint: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    const xs = [0.5, 0.25, 0.75, 0.1, 0.9];
    const ys = [0.5, 0.3, 0.7, 0.15, 0.85];
    for (const fy of ys) {
      for (const fx of xs) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit.closest("[data-builder-element]") !== node) continue;
        if (hit.closest('[role="toolbar"], button, a, input, [data-drag-handle]')) continue;
        return { x, y };
      }
    }
    return null;
  },
  /** Centre of a toolbar button of the selected element. */
  buttonPoint: ({ elementId, action }) => {
    const b = document.querySelector(`[data-builder-element="${elementId}"] [data-action="${action}"]`);
    if (!b) return null;
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return document.elementFromPoint(x, y)?.closest(`[data-action="${action}"]`) === b ? { x, y } : null;
  },
  state: () => {
    const nodes = document.querySelectorAll("[data-builder-element]");
    const selected = document.querySelector('[data-builder-element][data-selected="true"]');
    const editor = document.querySelector(".builder-inline-editor");
    return {
      count: nodes.length,
      selected: selected?.dataset.builderElement ?? null,
      editing: Boolean(editor && document.activeElement && editor.contains(document.activeElement)),
      editorText: editor?.textContent ?? null,
    };
  },
  indexInColumn: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return null;
    return {
      column: node.parentElement?.dataset.builderColumn ?? null,
      index: [...node.parentElement.children].filter((c) => c.hasAttribute("data-builder-element")).indexOf(node),
    };
  },
  /** Resolves when the main thread has been idle once, then two frames later. */
  settle: () =>
    new Promise((resolve) => {
      const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      if ("requestIdleCallback" in window) requestIdleCallback(frames, { timeout: 1500 });
      else setTimeout(frames, 50);
    }),
};

// ------------------------------------------------------------------------------------------------ measuring

/** Self time per function (and per script) of a V8 CPU profile, printed: where an opening's time goes. */
function printProfileTop(name, profile) {
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

function quantile(values, q) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

async function newContext(origin, sid) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "fr-FR" });
  await context.addCookies([{ name: "sid", value: sid, url: origin, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** Trace categories of --trace (what DevTools' Performance panel records, plus input latency). */
const FULL_TRACE = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "blink.user_timing",
  "loading",
  "latencyInfo",
  "v8.execute",
  ...(process.env.BENCH_TRACE_NO_PROFILER ? [] : ["disabled-by-default-v8.cpu_profiler"]),
];

/** One page load in a fresh context (empty HTTP cache): navigation start → first frame painted with every element. */
async function measureOpen(origin, sid, url, tracePath = null, profilePath = null) {
  const context = await newContext(origin, sid);
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
function openCpu(buffer) {
  const { marks, events } = traceMarks(buffer);
  const painted = marks.get("bench:open-painted");
  if (!painted || typeof painted.tts !== "number") return null;
  const nav = events
    .filter((e) => e.name === "navigationStart" && e.pid === painted.pid && e.tid === painted.tid && typeof e.tts === "number" && e.ts <= painted.ts)
    .at(-1);
  return { ms: (painted.tts - (nav?.tts ?? 0)) / 1000, fromNavigationStart: Boolean(nav) };
}

/** Picks `n` items satisfying `ok`, spread evenly from the top to the bottom of `list`, shifted by `phase` (0..1). */
function spread(list, n, phase, ok, used) {
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
function sumIdle(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (idle.has(id)) us += profile.timeDeltas[i + 1] ?? 0;
  });
  return us;
}

class Session {
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
async function runInteraction(session, name, targets, step) {
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

async function measureInteractions(s, n) {
  const items = await s.eval(pageFns.list);
  const used = new Set();
  const notLast = (x) => !x.last;
  const rich = (x) => ["heading", "text", "list"].includes(x.type);
  const results = {};
  const log = (r) =>
    console.log(
      `  ${r.name.padEnd(28)} median ${fmt(r.median)}  p95 ${fmt(r.p95)}  (rAF ${fmt(r.rafMedian)} / ${fmt(r.rafP95)}; ${r.etEntries}/${r.n} with an Event Timing entry${r.failures.length ? `; ${r.failures.length} failed` : ""})`,
    );

  // Warm-up: one selection, so the side panel has switched to its settings tab like in any session.
  await s.select(items[1].id);

  // 1. Select an element by clicking it.
  results.select = await runInteraction(
    s,
    "select (click)",
    spread(items, n, 0.1, () => true, used),
    async (t) => {
      await s.scrollTo(t.id);
      const p = await s.eval(pageFns.clickPoint, t.id);
      if (!p) throw new Error("no clickable point");
      await s.pressAt(p);
      const m = await s.measuredRelease();
      if ((await s.state()).selected !== t.id) throw new Error("not selected after the click");
      return m;
    },
  );
  log(results.select);

  // 2. Type one character in inline editing (Enter starts editing, outside the measured window; Escape leaves).
  results.type = await runInteraction(s, "type a character (inline)", spread(items, n, 0.3, rich, used), async (t) => {
    await s.select(t.id);
    await s.page.keyboard.press("Enter");
    await s.page.waitForFunction(
      () => {
        const ed = document.querySelector(".builder-inline-editor");
        return Boolean(ed && ed.contains(document.activeElement));
      },
      null,
      { timeout: 5000 },
    );
    await sleep(100);
    await s.settle();
    const before = (await s.state()).editorText ?? "";
    const m = await s.measuredKey("x");
    const after = (await s.state()).editorText ?? "";
    await s.page.keyboard.press("Escape");
    await s.settle();
    if (after.length !== before.length + 1) throw new Error("the character did not reach the editor");
    return m;
  });
  log(results.type);

  // 3. Duplicate with the toolbar button of the selected element.
  const copies = [];
  results.duplicate = await runInteraction(
    s,
    "duplicate (toolbar)",
    spread(items, n, 0.5, () => true, used),
    async (t) => {
      await s.select(t.id);
      const p = await s.eval(pageFns.buttonPoint, { elementId: t.id, action: "duplicate-element" });
      if (!p) throw new Error("no Dupliquer button");
      const before = await s.state();
      await s.pressAt(p);
      const m = await s.measuredRelease();
      const after = await s.state();
      if (after.count !== before.count + 1 || !after.selected || after.selected === t.id) throw new Error("no copy made");
      copies.push({ original: t.id, copy: after.selected });
      return m;
    },
  );
  log(results.duplicate);

  // 4. Alt+ArrowDown moves the selected element down its column.
  results.move = await runInteraction(s, "move (Alt+ArrowDown)", spread(await s.eval(pageFns.list), n, 0.7, notLast, used), async (t) => {
    await s.select(t.id);
    const before = await s.eval(pageFns.indexInColumn, t.id);
    const m = await s.measuredKey("ArrowDown", ["Alt"]);
    const after = await s.eval(pageFns.indexInColumn, t.id);
    if (!after || after.index !== before.index + 1) throw new Error("the element did not move");
    return m;
  });
  log(results.move);

  // 5. Delete the copies made in 3 (spread over the page), with the toolbar button.
  const deleted = [];
  results.delete = await runInteraction(
    s,
    "delete (toolbar)",
    copies.map((c) => ({ id: c.copy, type: "copy", original: c.original })),
    async (t) => {
      await s.select(t.id);
      const p = await s.eval(pageFns.buttonPoint, { elementId: t.id, action: "delete-element" });
      if (!p) throw new Error("no Supprimer button");
      const before = await s.state();
      await s.pressAt(p);
      const m = await s.measuredRelease();
      const after = await s.state();
      if (after.count !== before.count - 1 || (await s.eval(pageFns.indexInColumn, t.id))) throw new Error("not deleted");
      deleted.push(t);
      return m;
    },
  );
  log(results.delete);

  // 6. Ctrl+Z undoes those deletions, last first; the place where the copy comes back is scrolled into view.
  results.undo = await runInteraction(s, "undo (Ctrl+Z)", [...deleted].reverse(), async (t) => {
    await s.scrollTo(t.original);
    const before = await s.state();
    const m = await s.measuredKey("z", ["Control"]);
    const after = await s.state();
    if (after.count !== before.count + 1 || !(await s.eval(pageFns.indexInColumn, t.id))) throw new Error("the deletion was not undone");
    return m;
  });
  log(results.undo);

  // 7. Per-device edit (issue 11): in Mobile view, the text size of a selected heading, text or list one step
  // down the list with the keyboard on its focused field: mobile only (the mark appears), desktop untouched.
  await s.page.click("[data-device-toggle=mobile]");
  await sleep(400); // the canvas's width transition
  await s.settle();
  results.device = await runInteraction(s, "per-device edit (Mobile)", spread(await s.eval(pageFns.list), n, 0.9, rich, used), async (t) => {
    await s.select(t.id);
    const field = '[data-testid="element-settings"] [data-device-field="fontSize"] select';
    const before = await s.eval((sel) => {
      const f = document.querySelector(sel);
      if (!f) return null;
      f.focus();
      return { value: f.value, index: f.selectedIndex };
    }, field);
    if (before === null) throw new Error("no per-device text size field");
    await s.settle();
    // The field lists the design's sizes, then "Valeur personnalisée…" (selected for a custom value): one step
    // up the list, or down from its first entry.
    const m = await s.measuredKey(before.index > 0 ? "ArrowUp" : "ArrowDown");
    const after = await s.eval((sel) => document.querySelector(sel)?.value ?? null, field);
    const marked = await s.eval(() => Boolean(document.querySelector('[data-testid="element-settings"] [data-device-overridden="mobile"]')));
    if (after === before.value || !marked) throw new Error("the mobile text size did not change");
    return m;
  });
  log(results.device);
  await s.page.click("[data-device-toggle=desktop]");
  // 7. Issue 11: the Structure panel's keyboard reorder. The panel is opened (unmeasured; a 500-element page
  // opens it folded, one row per block), a block's row is focused, and Alt+ArrowDown moves the block one
  // place down, through the same document operations and undo history as the canvas.
  await s.page.click("[data-tab=layers]");
  await s.page.waitForSelector("[data-layer-select]");
  await s.settle();
  const blockRows = (await s.eval(() => [...document.querySelectorAll('[data-layer-kind="block"]')].map((n) => n.getAttribute("data-layer")))).map(
    (id, i, all) => ({ id, type: "block", last: i === all.length - 1 }),
  );
  const blockIndex = (id) =>
    s.eval((bid) => [...document.querySelectorAll("[data-builder-block]")].findIndex((n) => n.getAttribute("data-builder-block") === bid), id);
  results.layersMove = await runInteraction(s, "Structure: move (Alt+ArrowDown)", spread(blockRows, n, 0.2, notLast, new Set()), async (t) => {
    await s.eval((bid) => document.querySelector(`[data-layer-select="${bid}"]`)?.focus(), t.id);
    const before = await blockIndex(t.id);
    const m = await s.measuredKey("ArrowDown", ["Alt"]);
    const after = await blockIndex(t.id);
    if (before < 0 || after !== before + 1) throw new Error("the block did not move");
    return m;
  });
  log(results.layersMove);
  return results;
}

// ------------------------------------------------------------------------------------------------ machine load

const busyBetween = (a, b) => (a && b && b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : null);

// ------------------------------------------------------------------------------------------------ report

const fmt = (ms) => (ms === null || ms === undefined ? "—" : `${Math.round(ms)} ms`);

const pair = (a, b) => (a === null || a === undefined ? "—" : `${fmt(a)} / ${fmt(b)}`);

function rows(results) {
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
  return out;
}

function table(results) {
  const head = ["figure", "median", "p95", "target", "result", "rAF median / p95", "main-thread CPU", "n"];
  const body = rows(results).map((r) => [r.figure, fmt(r.median), fmt(r.p95), `≤ ${r.target} ms`, r.pass ? "PASS" : "FAIL", r.raf, r.cpu, String(r.n)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

function markdown(results) {
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
      `- ${r.name}: ${r.samples.map((s) => `${Math.round(s.value)}${s.et ? "*" : ""}`).join(", ")}${r.failures.length ? ` — failed: ${r.failures.join("; ")}` : ""}`,
    );
  }
  if (results.notes.length) lines.push("", "Notes:", "", ...results.notes.map((n) => `- ${n}`));
  return `${lines.join("\n")}\n`;
}

// ------------------------------------------------------------------------------------------------ main

async function main() {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) throw new BenchError(`no Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH`);
  const notes = [];

  let buildDir = options.buildDir;
  if (buildDir) {
    if (!existsSync(path.join(REPO, buildDir, "server/index.js"))) throw new BenchError(`${buildDir} holds no build`);
    console.log(`Using the existing build ${buildDir}`);
  } else {
    buildDir = `.build-bench-builder-${process.pid}`;
    if (!options.keepBuild) tempPaths.add(path.join(REPO, buildDir));
    // Others may be mid-change in the tree: a failed build is retried twice, 15 s apart.
    for (let attempt = 1; ; attempt++) {
      const t = Date.now();
      try {
        build(buildDir);
        console.log(
          `Built into ${buildDir} in ${((Date.now() - t) / 1000).toFixed(0)} s${options.keepBuild ? " (kept: pass --build-dir=" + buildDir + " next time)" : ""}`,
        );
        break;
      } catch (e) {
        if (attempt === 3) throw new BenchError(e.message);
        console.log(`Build failed (${e.message.split("\n")[0]}); retrying in 15 s…`);
        await sleep(15_000);
      }
    }
  }

  const admin = { email: "bench@archimed.local", password: randomBytes(12).toString("base64url") };
  const server = await startServer(buildDir, admin).catch((e) => Promise.reject(new BenchError(e.message)));
  console.log(`Server on ${server.origin}`);
  const sid = await signIn(server.origin, admin);
  const { document, byType } = benchDocument();
  const pageId = await createBenchPage(server.origin, sid, document);
  const url = `${server.origin}/admin/archimed-editor?page=${encodeURIComponent(pageId)}&lang=fr`;
  console.log(
    `Page ${pageId}: ${BLOCKS} blocks, ${ELEMENTS} elements (${Object.entries(byType)
      .map(([t, c]) => `${c} ${t}`)
      .join(", ")})`,
  );

  // The draft request is on the critical path of opening: its server time, measured from here.
  const draftTimes = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    await api(server.origin, "GET", `/api/pages/${pageId}/fr`, { cookie: `sid=${sid}` });
    if (i > 0) draftTimes.push(performance.now() - t);
  }
  const draftApiMs = quantile(draftTimes, 0.5);
  console.log(`GET /api/pages/:id/fr (the draft the builder loads): ${fmt(draftApiMs)} median of 5`);

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  if (options.trace) mkdirSync(OUT, { recursive: true });
  const busy = await waitForQuietCpu(0.25, 10_000);
  const busyBefore = busy === null ? null : Math.round(busy * 100);
  if (busyBefore !== null && busyBefore > 25)
    notes.push(
      `other programs used ${busyBefore} % of the CPU just before measuring (waited up to 10 s for it to fall under 25 %): figures are slower than on an idle machine`,
    );
  const cpuStart = cpuTimes();
  const loadAvgStart = os.loadavg().map((x) => Number(x.toFixed(2)));

  console.log(`\nOpen (${options.loads} loads after one warm-up load, each in a fresh browser context):`);
  const warmup = await measureOpen(server.origin, sid, url);
  console.log(`  warm-up ${fmt(warmup.ms)}`);
  const loads = [];
  for (let i = 0; i < options.loads; i++) {
    assertAlive(server);
    const l = await measureOpen(
      server.origin,
      sid,
      url,
      options.trace && i === 0 ? path.join(OUT, "builder-open-trace.json") : null,
      options.cpuProfile && i === 0 ? path.join(OUT, "builder-open.cpuprofile") : null,
    );
    loads.push(l);
    console.log(
      `  load ${i + 1}: ${fmt(l.ms)}  (HTML ${fmt(l.documentResponseEnd)}, scripts ${fmt(l.scriptsEnd)}, draft ${fmt(l.draftRequestStart)}→${fmt(l.draftResponseEnd)}, first full frame ${fmt(l.frame)}, longest task ${fmt(l.longestTask)}, main-thread CPU ${fmt(l.cpu?.ms)})`,
    );
  }
  const openCpus = loads.map((l) => l.cpu?.ms).filter((x) => typeof x === "number");
  const open = {
    median: quantile(
      loads.map((l) => l.ms),
      0.5,
    ),
    cpuMedian: quantile(openCpus, 0.5),
    draftApiMs,
    loads,
    warmup,
  };

  console.log(`\nInteractions (${options.samples} samples each, spread from the top to the bottom of the page):`);
  const context = await newContext(server.origin, sid);
  await context.addInitScript(interactionHarness);
  await context.addInitScript(openWatcher, ELEMENTS);
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__benchOpen?.result, null, { timeout: 60_000, polling: 100 });
  if (await page.evaluate(() => window.__benchNoEventTiming === true)) notes.push("this Chromium has no Event Timing: every figure is the rAF one");
  await sleep(1000);
  const session = new Session(page);
  await session.settle();
  const tracePath = path.join(OUT, "builder-trace.json");
  // Always a light trace (performance marks only, for the main thread's CPU time per input); with
  // --trace, the full timeline, saved.
  await browser.startTracing(page, {
    ...(options.trace ? { path: tracePath } : {}),
    screenshots: false,
    categories: options.trace ? FULL_TRACE : ["blink.user_timing"],
  });
  if (options.cpuProfile) {
    session.profiler = await context.newCDPSession(page);
    await session.profiler.send("Profiler.enable");
    await session.profiler.send("Profiler.setSamplingInterval", { interval: 100 });
  }
  let interactions;
  let trace = null;
  try {
    interactions = await measureInteractions(session, options.samples);
  } finally {
    trace = await browser.stopTracing().catch(() => null);
  }
  const { pairs } = trace ? traceMarks(trace) : { pairs: new Map() };
  for (const r of Object.values(interactions)) {
    for (const sample of r.samples) sample.cpu = pairs.get(sample.key)?.cpu ?? null;
    const cpus = r.samples.map((x) => x.cpu).filter((x) => x !== null);
    r.cpuMedian = quantile(cpus, 0.5);
    r.cpuP95 = quantile(cpus, 0.95);
  }
  if (pairs.size === 0) notes.push("the trace held no input marks: main-thread CPU times are missing");
  if (options.cpuProfile) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, "builder-profile.json"), `${JSON.stringify(session.profiles, null, 2)}\n`);
    for (const [name, { profile }] of Object.entries(session.slowest)) {
      writeFileSync(
        path.join(
          OUT,
          `builder-${name
            .replace(/[^a-z]+/gi, "-")
            .replace(/-+$/, "")
            .toLowerCase()}.cpuprofile`,
        ),
        JSON.stringify(profile),
      );
    }
    console.log("\nCPU profile of the measured windows (self time summed over the samples of each interaction):");
    for (const [name, p] of Object.entries(session.profiles)) {
      console.log(`  ${name} (${p.windows} windows, ${Math.round(p.totalMs)} ms sampled):`);
      for (const f of p.top.slice(0, 12)) console.log(`    ${f.ms.toFixed(1).padStart(7)} ms  ${f.fn}`);
      console.log("    inclusive, application code:");
      for (const f of p.topInclusive.filter((x) => /^(use[A-Z]|[A-Z])/.test(x.fn)).slice(0, 15)) console.log(`    ${f.ms.toFixed(1).padStart(7)} ms  ${f.fn}`);
    }
    console.log("  (summary in bench-results/builder-profile.json; the busiest window of each interaction in bench-results/builder-*.cpuprofile)");
  }
  if (options.trace) console.log(`  trace: ${path.relative(REPO, tracePath)}`);
  if (pageErrors.length) notes.push(`page errors during the run: ${[...new Set(pageErrors)].slice(0, 5).join(" | ")}`);
  await context.close();
  assertAlive(server);

  const busyDuring = busyBetween(cpuStart, cpuTimes());
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? "?",
      node: process.version,
      chromium: browser.version(),
      loadAvgStart,
      loadAvgEnd: os.loadavg().map((x) => Number(x.toFixed(2))),
      busyBefore,
      // Includes this benchmark's own browser and server.
      cpuBusyDuringPercent: busyDuring === null ? null : Math.round(busyDuring * 100),
    },
    options,
    document: { blocks: BLOCKS, elements: ELEMENTS, byType },
    targets: { openMs: TARGET_OPEN_MS, interactionMs: TARGET_INTERACTION_MS, interactionStatistic: "p95", eventTimingThresholdMs: ET_THRESHOLD },
    open,
    interactions,
    notes,
    durationSec: Math.round((Date.now() - started) / 1000),
  };
  results.summary = rows(results);

  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, `${RESULT_NAME}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(OUT, `${RESULT_NAME}.md`), markdown(results));
  console.log(`\n${table(results)}\n`);
  console.log(
    `Load average ${results.machine.loadAvgStart.join(" / ")} → ${results.machine.loadAvgEnd.join(" / ")}; CPU busy during the run ${results.machine.cpuBusyDuringPercent ?? "?"} % (this benchmark included).`,
  );
  for (const n of notes) console.log(`note: ${n}`);
  console.log(`Wrote bench-results/${RESULT_NAME}.json and bench-results/${RESULT_NAME}.md (${results.durationSec} s).`);
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (e) => {
    console.error(`\nThe builder benchmark could not run: ${e instanceof BenchError ? e.message : (e.stack ?? e)}`);
    await cleanup();
    process.exit(1);
  });
