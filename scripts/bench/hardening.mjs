#!/usr/bin/env node
// Hardening benchmark (issue 9): `npm run bench:hardening` (`-- --skip-build` uses build/ as it is).
//
// Starts the real server (one process, fresh SQLite database, loopback only) and measures:
//   1. the worst-case draft save the limits allow: every rich text at the markup
//      limits (5000 tags, nesting 40 deep) up to the document's tag limit, then texts that grow when
//      escaped ("&" → "&amp;", to just under the per-element limit once sanitized) and plain text, up to
//      the 2 MB a stored draft may weigh after sanitizing;
//   2. /healthz latency (one request at a time, back to back) while two such saves run in parallel, in a
//      loop — target p99 ≤ 50 ms — beside the quiet figure;
//   3. the home page's latency and throughput under load (CONNECTIONS keep-alive connections for
//      LOAD_SECONDS, an in-script load generator: wrk is not installed here), quiet and while an editor
//      saves the worst-case draft in a loop.
// The machine may be shared: figures are noisy, and the load average is printed with them.
// Exit 0 even when a target is missed (it is a report); exit 1 only when the measurement could not run.
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertAlive, startAppServer } from "./lib/app-server.mjs";
import { BenchError, cleanupAll, stopProcess } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SKIP_BUILD = process.argv.includes("--skip-build");
const CONNECTIONS = 10;
const LOAD_SECONDS = 5;
const HEALTHZ_TARGET_MS = 50;
const ADMIN = { email: "bench@archimed.test", password: "bench-password-123456" };
// Kept in step with app/lib/document/sanitize.server.ts (MARKUP_LIMITS), document-jobs.server.ts
// (DOCUMENT_TAG_LIMIT) and page-schemas.ts (MAX_DOCUMENT_BYTES): the worst case those limits allow.
const TAGS_PER_TEXT = 5000;
const DEPTH = 40;
const DOCUMENT_TAGS = 60_000;
const MAX_BODY = 2 * 1024 * 1024;
const MAX_CONTENT = 200_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(origin, method, p, { body, cookie, gzip = false } = {}) {
  const u = new URL(p, origin);
  const payload = body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        agent,
        headers: {
          origin,
          ...(gzip ? { "accept-encoding": "gzip, br" } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - t0 }),
        );
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout ${method} ${p}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

const pct = (values, p) => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : "n/a");

/** The worst-case document the limits allow (see the header). */
function worstCaseDoc() {
  const nested = "<b>".repeat(DEPTH - 1) + "x" + "</b>".repeat(DEPTH - 1);
  const perNest = (DEPTH - 1) * 2;
  const markup = nested.repeat(Math.floor(TAGS_PER_TEXT / perNest));
  const elements = [];
  let tags = 0;
  let n = 0;
  const el = (content) => ({ id: `element-w${n++}`, type: "text", content, styles: {} });
  while (tags + TAGS_PER_TEXT <= DOCUMENT_TAGS) {
    elements.push(el(markup));
    tags += Math.floor(TAGS_PER_TEXT / perNest) * perNest;
  }
  // "&" grows five times when escaped: the longest text that still fits once sanitized, as many as the
  // stored document's limit (2 MB after sanitizing) allows; then plain text up to the body limit.
  const growing = "&".repeat(Math.floor(MAX_CONTENT / 5) - 10);
  const make = () => ({
    version: 1,
    blocks: [{ id: "block-w", type: "container", styles: {}, sections: [{ id: "section-w", columns: [{ id: "column-w", width: 12, elements }] }] }],
  });
  const storedSize = () => JSON.stringify(make()).replace(/&/g, "&amp;").length;
  while (storedSize() + MAX_CONTENT + 200 < MAX_BODY - 8 * 1024 && elements.length < 500) elements.push(el(growing));
  const plain = "Texte sans balise. ".repeat(Math.floor(16_000 / 19));
  while (storedSize() + plain.length + 200 < MAX_BODY - 8 * 1024 && elements.length < 500) elements.push(el(plain));
  return make();
}

async function loadPhase(origin, seconds, connections) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        try {
          const r = await request(origin, "GET", "/", { gzip: true });
          if (r.status !== 200) errors++;
          latencies.push(r.ms);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), max: Math.max(...latencies), errors };
}

async function healthzWhile(origin, work) {
  const latencies = [];
  let running = true;
  const poller = (async () => {
    while (running) {
      const r = await request(origin, "GET", "/healthz");
      latencies.push(r.ms);
    }
  })();
  const result = await work();
  running = false;
  await poller;
  return { result, samples: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: Math.max(...latencies) };
}

async function main() {
  process.env.ADMIN_EMAIL = ADMIN.email;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  // One process: the figures are those of one Node process with its document worker.
  process.env.WEB_CONCURRENCY = "1";
  console.log(
    `hardening bench — ${os.cpus().length} CPU, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const server = await startAppServer(REPO, { skipBuild: SKIP_BUILD });
  const { origin } = server;
  try {
    const login = await request(origin, "POST", "/api/auth/login", { body: ADMIN });
    if (login.status !== 200) throw new BenchError(`sign-in refused: ${login.status} ${login.text}`);
    const cookie = String(login.headers["set-cookie"]).split(";")[0];
    const pages = [];
    for (const i of [1, 2]) {
      const r = await request(origin, "POST", "/api/pages", {
        cookie,
        body: { fr: { title: `Bench ${i}`, slug: `bench-${i}` }, en: { title: `Bench ${i}`, slug: `bench-${i}-en` } },
      });
      if (r.status !== 201) throw new BenchError(`page creation refused: ${r.status} ${r.text}`);
      pages.push({ id: JSON.parse(r.text).page.id, version: 1 });
    }
    const doc = worstCaseDoc();
    const bodyBytes = Buffer.byteLength(JSON.stringify({ doc, version: 1 }));
    const elementCount = doc.blocks[0].sections[0].columns[0].elements.length;
    const save = async (page) => {
      const r = await request(origin, "PUT", `/api/pages/${page.id}/fr/draft`, { cookie, body: { doc, version: page.version } });
      if (r.status !== 200) throw new BenchError(`worst-case save refused: ${r.status} ${r.text.slice(0, 300)}`);
      page.version = JSON.parse(r.text).version;
      return r.ms;
    };

    // 1. The worst-case save, alone (the first one warms the worker up).
    await save(pages[0]);
    const alone = [];
    for (let i = 0; i < 3; i++) alone.push(await save(pages[0]));

    // 2. /healthz, quiet, then during two worst-case saves in parallel (three rounds).
    const quietHealth = await healthzWhile(origin, () => new Promise((r) => setTimeout(r, 2000)));
    const busyHealth = await healthzWhile(origin, async () => {
      const times = [];
      for (let round = 0; round < 3; round++) times.push(...(await Promise.all(pages.map(save))));
      return times;
    });
    assertAlive(server);

    // 3. The home page under load, quiet, then while an editor saves the worst case in a loop.
    await request(origin, "GET", "/");
    const quietHome = await loadPhase(origin, LOAD_SECONDS, CONNECTIONS);
    let saving = true;
    let saves = 0;
    const editor = (async () => {
      while (saving) {
        await save(pages[1]);
        saves++;
      }
    })();
    const busyHome = await loadPhase(origin, LOAD_SECONDS, CONNECTIONS);
    saving = false;
    await editor;
    assertAlive(server);

    const lines = [
      `worst-case draft: ${(bodyBytes / 1024 / 1024).toFixed(2)} MB body, ${elementCount} texts (${Math.floor(DOCUMENT_TAGS / TAGS_PER_TEXT)} at ${TAGS_PER_TEXT} tags nested ${DEPTH} deep, then escaping-heavy and plain text up to the stored limit)`,
      `  save, alone:                         ${alone.map(fmt).join(", ")}`,
      `  save, two in parallel (3 rounds):    median ${fmt(pct(busyHealth.result, 50))}, max ${fmt(Math.max(...busyHealth.result))}`,
      `/healthz, quiet:                       p50 ${fmt(quietHealth.p50)}, p99 ${fmt(quietHealth.p99)}, max ${fmt(quietHealth.max)} (${quietHealth.samples} requests)`,
      `/healthz, during two parallel saves:   p50 ${fmt(busyHealth.p50)}, p99 ${fmt(busyHealth.p99)}, max ${fmt(busyHealth.max)} (${busyHealth.samples} requests) — target p99 ≤ ${HEALTHZ_TARGET_MS} ms: ${busyHealth.p99 <= HEALTHZ_TARGET_MS ? "met" : "MISSED"}`,
      `home page, quiet (${CONNECTIONS} conn, ${LOAD_SECONDS} s):       ${quietHome.rps.toFixed(0)} req/s, p50 ${fmt(quietHome.p50)}, p99 ${fmt(quietHome.p99)}, max ${fmt(quietHome.max)}, ${quietHome.errors} errors`,
      `home page, editor saving in a loop:    ${busyHome.rps.toFixed(0)} req/s, p50 ${fmt(busyHome.p50)}, p99 ${fmt(busyHome.p99)}, max ${fmt(busyHome.max)}, ${busyHome.errors} errors (${saves} worst-case saves meanwhile)`,
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    ];
    console.log(lines.join("\n"));
  } finally {
    await stopProcess(server.child);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof BenchError ? `bench:hardening could not run: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await cleanupAll();
}
