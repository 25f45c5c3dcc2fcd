#!/usr/bin/env node
// Media benchmark (issue 10), not a timed test:
//   1. importing generated 12-megapixel JPEGs through POST /api/media, several at once: throughput and
//      the server's peak memory (resident set of the whole process tree, sampled every 50 ms);
//   2. the home page's latency (p50/p99) for 5 s before the import, then while it runs (image work runs in a
//      lower-priority process, app/lib/media/image-pool.server.ts);
//   3. a library of 10,000 items: listing, searching, filtering through GET /api/media (median, p95);
//   4. the Médiathèque picker opening in the builder on that library, in headless Chromium.
// The real server (server.js) runs on SQLite with a fresh data folder, one worker.
//   node scripts/bench/media.mjs [--images=50] [--parallel=4] [--library=10000] [--skip-build]
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { startAppServer } from "./lib/app-server.mjs";
import { auditPage, launchChrome } from "./lib/lighthouse.mjs";
import { BenchError, cleanupAll, processCpuSeconds } from "./lib/proc.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name, def) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.split("=")[1] : def;
};
const IMAGES = Number(arg("images", "50"));
const PARALLEL = Number(arg("parallel", "4"));
const LIBRARY = Number(arg("library", "10000"));
const TARGETS = { listMs: 50, pickerMs: 500 };
const ADMIN = { email: "bench@archimed.local", password: "bench-password-123456" };

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Resident memory (KB) of a process and all its descendants (the cluster primary and its worker). */
function treeRssKb(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      for (const t of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim();
        if (kids) for (const k of kids.split(/\s+/)) visit(Number(k));
      }
    } catch {
      /* gone */
    }
  };
  visit(pid);
  return total;
}

async function makeJpegs(sharp, n) {
  // A few distinct photos-like images (gradients and noise compress like photographs), reused.
  const out = [];
  for (let i = 0; i < Math.min(n, 3); i++) {
    const w = 4000;
    const h = 3000;
    const raw = Buffer.alloc(w * h * 3);
    let seed = 12345 + i;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const o = (y * w + x) * 3;
        const noise = seed & 31;
        raw[o] = (x * 255) / w + noise;
        raw[o + 1] = (y * 255) / h + noise;
        raw[o + 2] = ((x + y + i * 500) % 255) + noise;
      }
    out.push(
      await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return out;
}

function multipart(file, name) {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nBench\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return { body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const sharp = (await import("sharp")).default;
  process.env.ADMIN_EMAIL = ADMIN.email;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  process.env.WEB_CONCURRENCY = "1";
  console.log("Media benchmark");
  const server = await startAppServer(REPO, { skipBuild: process.argv.includes("--skip-build") });
  const { origin, child, dataDir } = server;
  const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  if (login.status !== 200) throw new BenchError(`sign-in refused: ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const results = {};

  // 1 and 2: the import, with memory sampling and the home page probed meanwhile (--images=0 skips it).
  if (IMAGES > 0) await importBench(sharp, origin, child, cookie, results);
  await libraryBench(origin, dataDir, cookie, results);
  // 5: Lighthouse on a published page made of uploaded photos, beside the home page in the same run
  // (--no-lighthouse skips it).
  if (!process.argv.includes("--no-lighthouse")) await lighthouseBench(sharp, origin, cookie, results);
  console.log(JSON.stringify(results, null, 2));
}

/**
 * GET / in a loop (one at a time, 20 ms apart) on a worker thread until `until()` settles; the latencies (ms).
 * A thread of its own, so that what this script does meanwhile (sending the uploads) is not in the figures.
 */
async function probeHome(origin, until) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     let stop = false;
     parentPort.once("message", () => (stop = true));
     (async () => {
       const ms = [];
       while (!stop) {
         const t0 = performance.now();
         const r = await fetch(workerData.origin + "/");
         await r.arrayBuffer();
         ms.push(performance.now() - t0);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(ms);
     })();`,
    { eval: true, workerData: { origin } },
  );
  const result = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  // A probe that fails (the server gone) ends the wait with its error rather than after it.
  await Promise.race([until(), result]);
  worker.postMessage("stop");
  const ms = await result;
  await worker.terminate();
  return ms;
}

async function importBench(sharp, origin, child, cookie, results) {
  const jpegs = await makeJpegs(sharp, IMAGES);
  const meta = await sharp(jpegs[0]).metadata();
  console.log(
    `  ${IMAGES} JPEGs of ${meta.width}×${meta.height} (${((meta.width * meta.height) / 1e6).toFixed(0)} MP), ~${(jpegs[0].length / 1e6).toFixed(1)} MB each, ${PARALLEL} at once`,
  );
  // The home page's latency without the import first, the same way, so that the figure during the import
  // has its reference from the same run (the machine's own load included).
  const quietMs = await probeHome(origin, () => new Promise((r) => setTimeout(r, 5000)));
  const idleRss = treeRssKb(child.pid);
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRssKb(child.pid))), 50);
  const cpuBefore = processCpuSeconds(child.pid);
  // The probe runs on a thread of its own: on this script's event loop, which sends four 2.3 MB bodies at once, it
  // measured this script's own delays too (its event loop's delay during the import is printed beside it).
  const benchLoop = monitorEventLoopDelay({ resolution: 5 });
  benchLoop.enable();
  let importDone;
  const imported = new Promise((r) => (importDone = r));
  const prober = probeHome(origin, () => imported);
  let next = 0;
  let failures = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < IMAGES) {
        const i = next++;
        const { body, type } = multipart(jpegs[i % jpegs.length], `photo-${i}.jpg`);
        bytes += body.length;
        const r = await fetch(`${origin}/api/media`, { method: "POST", headers: { cookie, "content-type": type }, body });
        if (r.status !== 201) {
          failures++;
          console.log(`  upload ${i}: ${r.status} ${(await r.text()).slice(0, 200)}`);
        } else await r.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpuAfter = processCpuSeconds(child.pid);
  importDone();
  const homeMs = await prober;
  benchLoop.disable();
  clearInterval(sampler);
  results.import = {
    images: IMAGES,
    parallel: PARALLEL,
    failures,
    seconds: +seconds.toFixed(1),
    imagesPerSecond: +(IMAGES / seconds).toFixed(2),
    mbPerSecond: +(bytes / 1e6 / seconds).toFixed(1),
    // The probe's own requests are included (a few ms of CPU each second).
    serverMainThreadCpuMsPerImage: cpuBefore && cpuAfter ? Math.round(((cpuAfter.main - cpuBefore.main) * 1000) / IMAGES) : null,
    serverAllThreadsCpuMsPerImage: cpuBefore && cpuAfter ? Math.round(((cpuAfter.all - cpuBefore.all) * 1000) / IMAGES) : null,
    idleRssMb: Math.round(idleRss / 1024),
    peakRssMb: Math.round(peakRss / 1024),
    homeBeforeImport: { requests: quietMs.length, p50Ms: +pct(quietMs, 50).toFixed(1), p99Ms: +pct(quietMs, 99).toFixed(1) },
    homeDuringImport: { requests: homeMs.length, p50Ms: +pct(homeMs, 50).toFixed(1), p99Ms: +pct(homeMs, 99).toFixed(1) },
    benchEventLoopDelayP99Ms: +(benchLoop.percentile(99) / 1e6).toFixed(1),
  };
  console.log(
    `  import: ${results.import.imagesPerSecond} images/s (${results.import.mbPerSecond} MB/s), ${failures} failed; server memory ${results.import.idleRssMb} MB idle → ${results.import.peakRssMb} MB peak`,
  );
  console.log(
    `  server CPU per image: ${results.import.serverMainThreadCpuMsPerImage} ms on its main thread, ${results.import.serverAllThreadsCpuMsPerImage} ms in all its threads (the image process apart)`,
  );
  console.log(
    `  home page before the import: p50 ${results.import.homeBeforeImport.p50Ms} ms, p99 ${results.import.homeBeforeImport.p99Ms} ms (${quietMs.length} requests in 5 s)`,
  );
  console.log(
    `  home page during the import: p50 ${results.import.homeDuringImport.p50Ms} ms, p99 ${results.import.homeDuringImport.p99Ms} ms (${homeMs.length} requests)`,
  );
  console.log(`  (the uploading script's own event loop meanwhile: delay p99 ${results.import.benchEventLoopDelayP99Ms} ms; the probe has its own thread)`);
}

async function libraryBench(origin, dataDir, cookie, results) {
  // 3: a library of LIBRARY items, written straight into the server's SQLite file.
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(path.join(dataDir, "site.db"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(
    "insert into media (id, type, url, thumbnail, title, alt, category, width, height, file_type, size, source, author, created_at, search_text) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'local', null, ?, ?)",
  );
  const words = ["vitrine", "équipe", "boulangerie", "salon", "produit", "bannière", "atelier", "client", "terrasse", "menu"];
  const cats = ["Bannières", "Produits", "Équipe", "Blog", "Réseaux", "Non classé"];
  const base = Date.now() - LIBRARY * 1000;
  db.transaction(() => {
    for (let i = 0; i < LIBRARY; i++) {
      const type = i % 10 === 0 ? "video" : i % 25 === 0 ? "pdf" : "image";
      const w = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
      const [title, alt, cat] = [`Photo ${w}`, `Illustration ${w}`, cats[i % cats.length]];
      insert.run(
        randomUUID(),
        type,
        `/media/bench/${i}.jpg`,
        `/media/bench/${i}-thumb.webp`,
        title,
        alt,
        cat,
        1600,
        900,
        "image/jpeg",
        200_000,
        new Date(base + i * 1000).toISOString(),
        `${title} ${alt} ${cat}`.toLowerCase(),
      );
    }
  })();
  db.close();
  const timed = async (p, n = 60) => {
    const ms = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const r = await fetch(`${origin}${p}`, { headers: { cookie } });
      if (r.status !== 200) throw new BenchError(`${p}: ${r.status}`);
      await r.arrayBuffer();
      ms.push(performance.now() - t);
    }
    return { medianMs: +pct(ms, 50).toFixed(1), p95Ms: +pct(ms, 95).toFixed(1) };
  };
  results.library = {
    items: LIBRARY,
    list: await timed("/api/media"),
    lastPage: await timed(`/api/media?page=${Math.floor(LIBRARY / 40)}`),
    search: await timed("/api/media?q=boulangerie%20salon"),
    category: await timed(`/api/media?category=${encodeURIComponent("Équipe")}`),
    images: await timed("/api/media?type=image"),
  };
  for (const [k, v] of Object.entries(results.library))
    if (typeof v === "object")
      console.log(`  ${k.padEnd(9)} ${String(v.medianMs).padStart(6)} ms median, ${String(v.p95Ms).padStart(6)} ms p95 (target ≤ ${TARGETS.listMs} ms)`);

  // 4: the picker opening in the builder on that library.
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const created = await fetch(`${origin}/api/pages`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ fr: { title: "Bench", slug: "bench-media" }, en: { title: "Bench", slug: "bench-media-en" } }),
    });
    const pageId = (await created.json()).page.id;
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await ctx.addCookies([{ name: "sid", value: cookie.slice(4), url: origin }]);
    const page = await ctx.newPage();
    const times = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${origin}/admin/archimed-editor?page=${pageId}&lang=fr`);
      await page.getByTestId("builder-canvas").waitFor();
      const t = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const start = performance.now();
            const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Ajouter une image");
            const obs = new MutationObserver(() => {
              if (document.querySelectorAll("[data-testid=media-picker] [data-testid=media-item]").length > 0) {
                obs.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            });
            obs.observe(document.body, { childList: true, subtree: true });
            button.click();
          }),
      );
      times.push(t);
    }
    results.picker = { medianMs: +pct(times, 50).toFixed(0), maxMs: +Math.max(...times).toFixed(0), targetMs: TARGETS.pickerMs };
    console.log(`  picker opening on ${LIBRARY} items: ${results.picker.medianMs} ms median, ${results.picker.maxMs} ms max (target ≤ ${TARGETS.pickerMs} ms)`);
  } finally {
    await browser.close();
  }
}

/** Three uploaded 12-MP photos on one published page: a hero image, then two side by side. */
async function lighthouseBench(sharp, origin, cookie, results) {
  const json = { cookie, "content-type": "application/json" };
  const items = [];
  for (const [i, jpeg] of (await makeJpegs(sharp, 3)).entries()) {
    const { body, type } = multipart(jpeg, `vitrine-${i}.jpg`);
    const r = await fetch(`${origin}/api/media`, { method: "POST", headers: { cookie, "content-type": type }, body });
    if (r.status !== 201) throw new BenchError(`upload for Lighthouse refused: ${r.status}`);
    items.push((await r.json()).item);
  }
  const created = await fetch(`${origin}/api/pages`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      fr: {
        title: "Photos importées",
        slug: "photos-importees",
        description: "Nos réalisations en images : trois photographies importées dans la Médiathèque.",
      },
      en: { title: "Uploaded photos", slug: "uploaded-photos", description: "Our work in pictures: three photographs uploaded to the media library." },
    }),
  });
  if (created.status !== 201) throw new BenchError(`page creation refused: ${created.status}`);
  const pageId = (await created.json()).page.id;
  const image = (item, id) => ({ id, type: "image", content: item.url, alt: `Photo ${id.slice(-1)}`, styles: {} });
  const heading = { id: "element-heading", type: "heading", level: 1, content: "Nos réalisations en images", styles: {} };
  const text = {
    id: "element-text",
    type: "text",
    content: "<p>Trois photographies importées dans la Médiathèque, servies en WebP à la bonne taille.</p>",
    styles: {},
  };
  const doc = {
    version: 1,
    blocks: [
      {
        id: "block-hero",
        type: "container",
        styles: {},
        sections: [{ id: "section-hero", columns: [{ id: "column-hero", width: 12, elements: [heading, text, image(items[0], "element-photo-0")] }] }],
      },
      {
        id: "block-pair",
        type: "container",
        styles: {},
        sections: [
          {
            id: "section-pair",
            columns: [
              { id: "column-left", width: 6, elements: [image(items[1], "element-photo-1")] },
              { id: "column-right", width: 6, elements: [image(items[2], "element-photo-2")] },
            ],
          },
        ],
      },
    ],
  };
  const read = async () => (await (await fetch(`${origin}/api/pages/${pageId}/fr`, { headers: { cookie } })).json()).draft.version;
  const saved = await fetch(`${origin}/api/pages/${pageId}/fr/draft`, { method: "PUT", headers: json, body: JSON.stringify({ doc, version: await read() }) });
  if (saved.status !== 200) throw new BenchError(`draft refused: ${saved.status} ${(await saved.text()).slice(0, 300)}`);
  const published = await fetch(`${origin}/api/pages/${pageId}/fr/publish`, { method: "POST", headers: json, body: JSON.stringify({ version: await read() }) });
  if (published.status !== 200) throw new BenchError(`publication refused: ${published.status}`);

  const chrome = await launchChrome(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
  const reportDir = path.join(REPO, "bench-results", "lighthouse-media");
  try {
    results.lighthouse = {};
    for (const page of [
      { name: "home (baseline)", url: `${origin}/` },
      { name: "uploaded photos", url: `${origin}/page/photos-importees` },
    ]) {
      const r = await auditPage(page, { port: chrome.port, runs: 3, reportDir });
      results.lighthouse[page.name] = {
        ...r.scores,
        runs: r.allPerformance,
        lcp: r.metrics["largest-contentful-paint"]?.display,
        cls: r.metrics["cumulative-layout-shift"]?.display,
      };
      console.log(
        `  Lighthouse ${page.name.padEnd(16)} ${Object.entries(r.scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")} (performance runs ${r.allPerformance.join("/")}; LCP ${results.lighthouse[page.name].lcp}, CLS ${results.lighthouse[page.name].cls})`,
      );
    }
  } finally {
    await chrome.close();
  }
}

main()
  .catch((e) => {
    console.error(e instanceof BenchError ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
