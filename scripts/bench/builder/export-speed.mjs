// The Exporter's speed (issue 22, decision 038): POST /api/pages/:id/fr/export of the largest seeded page
// (by the size of its French draft), end to end on the running server: the builder's request, validation,
// sanitizing, typesetting, rendering and the inlined stylesheet, as an editor waits for it.
import { api } from "./page-fixture.mjs";
import { quantile } from "./config.mjs";

export const TARGET_EXPORT_MS = 1000;

export async function measureExport(origin, sid, runs = 10) {
  const cookie = `sid=${sid}`;
  const { json } = await api(origin, "GET", "/api/pages", { cookie });
  let largest = null;
  for (const p of json.pages.filter((x) => x.systemKey)) {
    const { json: d } = await api(origin, "GET", `/api/pages/${p.id}/fr`, { cookie });
    const bytes = JSON.stringify(d.draft.doc).length;
    if (!largest || bytes > largest.bytes) largest = { id: p.id, key: p.systemKey, doc: d.draft.doc, bytes };
  }
  const body = JSON.stringify({ doc: largest.doc });
  const times = [];
  let fileBytes = 0;
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    const res = await fetch(`${origin}/api/pages/${largest.id}/fr/export`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, Accept: "text/html", Cookie: cookie },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const html = await res.text();
    if (!res.ok) throw new Error(`export → HTTP ${res.status}: ${html.slice(0, 200)}`);
    // The first request warms the server's code paths up; it is not counted.
    if (i > 0) times.push(performance.now() - t);
    fileBytes = Buffer.byteLength(html);
  }
  return {
    page: largest.key,
    draftBytes: largest.bytes,
    fileBytes,
    runs,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    targetMs: TARGET_EXPORT_MS,
  };
}
