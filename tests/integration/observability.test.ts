import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../support/auth";
import { createAndWait } from "../support/backups";
import { get } from "../support/http";
import { MULTIPART_TYPE, multipart, png } from "../support/media";
import { engines, listeningProcesses, startServer, type TestServer } from "../support/server";

/**
 * Observable in production (issue 24): JSON log lines carrying the request id, /healthz apart from
 * /readyz, /metrics behind a token (added up over the processes of a server), cache tags on public
 * pages and a CDN purge on publication, tested against a local fake CDN.
 */
const ENGINES = await engines();
const TOKEN = "jeton-des-metriques-0123456789";

/** A fake CDN purge endpoint: records each POST; answers `status`. */
async function startFakeCdn() {
  const purges: { auth: string | undefined; body: unknown }[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      purges.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") });
      res.writeHead(state.status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/purge`, purges, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The server's log lines that are JSON (all of them but the first admin's banner and the ready line). */
function jsonLines(server: TestServer): Record<string, unknown>[] {
  return server
    .logs()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A sample's value in Prometheus text, e.g. value(text, 'archimed_uploads_total{outcome="stored"}'). */
function value(text: string, sample: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : undefined;
}

async function publishOffers(server: TestServer, cookie: string, marker: string) {
  const found = await call(server, "GET", "/api/pages/resolve?path=%2Foffres", { cookie });
  const { pageId, lang } = found.json as { pageId: string; lang: string };
  const draft = (await call(server, "GET", `/api/pages/${pageId}/${lang}`, { cookie })).json.draft;
  draft.doc.blocks[0].sections[0].columns[0].elements.unshift({ id: `element-${Date.now()}`, type: "text", content: `<p>${marker}</p>`, styles: {} });
  const saved = await call(server, "PUT", `/api/pages/${pageId}/${lang}/draft`, { cookie, body: { doc: draft.doc, version: draft.version } });
  expect(saved.status, saved.text).toBe(200);
  return call(server, "POST", `/api/pages/${pageId}/${lang}/publish`, { cookie, body: { version: saved.json.version } });
}

describe.each(ENGINES)("observable in production on %s", (engine) => {
  let server: TestServer;
  let cdn: Awaited<ReturnType<typeof startFakeCdn>>;
  let admin: string;
  beforeAll(async () => {
    cdn = await startFakeCdn();
    server = await startServer(engine, {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "info",
      METRICS_TOKEN: TOKEN,
      CDN_PURGE_URL: cdn.url,
      CDN_PURGE_TOKEN: "jeton-cdn",
    });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    await cdn?.close();
  });

  it("logs JSON lines; a line written during a request names its id, which the answer returns", async () => {
    const res = await call(server, "GET", "/api/visitor-info", { cookie: admin, headers: { "x-request-id": "essai-journal-42" } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers["x-request-id"]).toBe("essai-journal-42");
    const lines = jsonLines(server);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    const line = lines.find((l) => String(l.msg).includes("géolocalisation non configurée"));
    expect(line, server.logs()).toMatchObject({ level: "warn", reqId: "essai-journal-42" });
    // The messages stay French and readable by the existing checks.
    expect(server.logs()).toMatch(/géolocalisation non configurée/);
  });

  it("keeps a sane incoming request id, replaces an unsafe one, makes one when there is none", async () => {
    expect((await get(server.url, "/offres", { "x-request-id": "lb-1234:abc" })).headers["x-request-id"]).toBe("lb-1234:abc");
    const unsafe = (await get(server.url, "/offres", { "x-request-id": "a b<script>" })).headers["x-request-id"];
    expect(unsafe).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(server.url, "/offres", { "x-request-id": "x".repeat(300) })).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const a = (await get(server.url, "/offres")).headers["x-request-id"];
    const b = (await get(server.url, "/offres")).headers["x-request-id"];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it("/healthz says alive, /readyz says ready (database and storage)", async () => {
    const health = await call(server, "GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: "ok" });
    const ready = await call(server, "GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ok" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("/metrics needs the token", async () => {
    expect((await call(server, "GET", "/metrics")).status).toBe(401);
    const wrong = await call(server, "GET", "/metrics", { headers: { authorization: "Bearer pas-le-bon-jeton-du-tout" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/Jeton/);
    expect(wrong.text).not.toContain("archimed_");
  });

  it("/metrics reports durations by route pattern, cache hits, document jobs, uploads and backups", async () => {
    for (let i = 0; i < 3; i++) expect((await get(server.url, "/offres")).status).toBe(200);
    expect((await get(server.url, "/media/u/inexistant-123.webp")).status).toBe(404);
    expect((await publishOffers(server, admin, "Mesuré")).status).toBe(200);
    const up = await call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename: "mesure.png", type: "image/png", data: await png(120, 80) }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(up.status, up.text).toBe(201);
    await createAndWait(server, admin);

    const res = await call(server, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(value(text, 'archimed_http_request_duration_seconds_count{method="GET",route="/media/u/:key",status="404"}')).toBe(1);
    expect(value(text, 'archimed_http_request_duration_seconds_count{method="PUT",route="/api/pages/:id/:lang/draft",status="200"}')).toBe(1);
    // Patterns, never raw addresses.
    expect(text).not.toContain("inexistant-123");
    expect(value(text, 'archimed_html_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'archimed_html_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'archimed_document_jobs_total{kind="save",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'archimed_uploads_total{outcome="stored"}')).toBe(1);
    expect(value(text, 'archimed_backup_runs_total{trigger="manual",result="done"}')).toBe(1);
    expect(value(text, 'archimed_cdn_purges_total{result="ok"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it("public pages carry their cache tags (page and language), on a render and on a cache hit; the API does not", async () => {
    for (let i = 0; i < 2; i++) {
      const fr = await get(server.url, "/offres");
      expect(fr.headers["cache-tag"]).toBe("site,lang:fr,page:fr:/offres");
      expect(fr.headers["surrogate-key"]).toBe("site lang:fr page:fr:/offres");
    }
    const en = await get(server.url, "/en");
    expect(en.headers["cache-tag"]).toBe("site,lang:en,page:en:/en");
    expect((await call(server, "GET", "/api/auth/session")).headers["cache-tag"]).toBeUndefined();
    expect((await call(server, "GET", "/api/pages", { cookie: admin })).headers["cache-tag"]).toBeUndefined();
  });

  it("a publication purges the CDN with the page's tags and the token", async () => {
    cdn.purges.length = 0;
    expect((await publishOffers(server, admin, "Purgé")).status).toBe(200);
    await expect.poll(() => cdn.purges.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(cdn.purges[0].auth).toBe("Bearer jeton-cdn");
    const tags = cdn.purges.flatMap((p) => (p.body as { tags: string[] }).tags);
    expect(tags).toContain("page:fr:/offres");
  });

  it("a failing CDN never blocks the publication: it is logged", async () => {
    cdn.state.status = 500;
    try {
      const res = await publishOffers(server, admin, "CDN en panne");
      expect(res.status, res.text).toBe(200);
      expect((await get(server.url, "/offres")).text).toContain("CDN en panne");
      await expect.poll(() => server.logs(), { timeout: 5000 }).toMatch(/purge du CDN impossible[^\n]*réponse 500/);
    } finally {
      cdn.state.status = 200;
    }
  });
});

describe.each(ENGINES)("readiness and metrics switches on %s", (engine) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("without METRICS_TOKEN, /metrics does not exist; with unreachable storage, /readyz is 503 with the reason while /healthz stays 200", async () => {
    // An S3 endpoint where nothing listens: the process is alive, not ready.
    server = await startServer(engine, {
      S3_BUCKET: "absent",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "x",
      S3_SECRET_ACCESS_KEY: "y",
    });
    expect((await call(server, "GET", "/metrics")).status).toBe(404);
    expect((await call(server, "GET", "/healthz")).status).toBe(200);
    const ready = await call(server, "GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.json.status).toBe("indisponible");
    expect(ready.json.reason).toMatch(/^stockage des médias injoignable/);
  });
});

describe("metrics of several processes", () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("one scrape adds up every process's figures (WEB_CONCURRENCY=2)", async () => {
    server = await startServer("sqlite", { WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN });
    // Each new connection goes to the next process: both served some of these.
    for (let i = 0; i < 8; i++) expect((await get(server.url, "/healthz")).status).toBe(200);
    const res = await call(server, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status, res.text).toBe(200);
    expect(value(res.text, 'archimed_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(8);
  });

  it("a scrape while a process restarts answers with the figures of those serving (none left waiting for the new one)", async () => {
    const workers = () =>
      execFileSync("pgrep", ["-P", String(server!.pid)], { encoding: "utf8" })
        .trim()
        .split("\n")
        .map(Number);
    const [victim] = workers();
    // Both serve (first test): killing one leaves the other on the shared port, so no connection is refused.
    expect(listeningProcesses(server!.logs())).toContain(victim);
    process.kill(victim!, "SIGKILL");
    // The primary has replaced it: the new process is still loading the bundle, not yet serving.
    await expect.poll(() => workers().length === 2 && !workers().includes(victim!), { timeout: 30_000 }).toBe(true);
    const res = await call(server!, "GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toContain("archimed_http_request_duration_seconds_count");
  });
});
