import fs from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeReadableStreamToWritable } from "@react-router/node";
import { type ServerBuild } from "react-router";
import { trackingCsp } from "~/lib/analytics/config.server";
import { SESSION_COOKIE } from "~/lib/auth/session.server";
import { boot, migrateAndSeed, shutdown } from "~/lib/boot.server";
import { startCacheSync } from "~/lib/http/cache-sync.server";
import { startActivityRetention } from "~/lib/activity/retention.server";
import { startRetention } from "~/lib/analytics/retention.server";
import { startScratchSweeper } from "~/lib/media/scratch.server";
import { startBackupSchedule } from "~/lib/backup/schedule.server";
import { startDocumentWorkers, stopDocumentWorkers } from "~/lib/pipeline/document-pool.server";
import { htmlCache, type CachedResponse } from "~/lib/http/html-cache.server";
import { sendCached } from "~/lib/http/send-cached.server";
import { laneBytes, laneQueued } from "~/lib/http/lane-response.server";
import { installFastLane, type LaneAnswer, type PlainGet } from "~/lib/http/fast-lane.server";
import { staticFiles } from "~/lib/http/static-files.server";
import { routerRequestHandler } from "~/lib/http/router-handler.server";
import { toFetchRequest } from "~/lib/http/fetch-request.server";
import { clientIp } from "~/lib/http/client-ip.server";
import type { RequestContext } from "~/lib/http/context";
import { contentSecurityPolicy, newNonce } from "~/lib/http/csp.server";
import { isCrossSiteWrite } from "~/lib/http/origin.server";
import { applySecurityHeaders, BASE_SECURITY_HEADERS } from "~/lib/http/security-headers.server";
import { ROUTES } from "~/lib/i18n/routes";
import { log } from "~/lib/log.server";
import { startImageWorkers, stopImageWorkers } from "~/lib/media/image-pool.server";
import { stockImageSources } from "~/lib/media/stock-csp.server";
import { setClientEntry, setRouterPreloads } from "~/lib/runtime.server";
import { routerEntryPreloads } from "~/lib/http/client-assets.server";
import { cacheTagHeaders } from "~/lib/http/cache-tags";
import { startCdnPurge } from "~/lib/http/cdn-purge.server";
import { uncachedRouter } from "~/lib/http/uncached-router.server";
import { newRequestId, requestIdOf, withRequestId } from "~/lib/http/request-id.server";
import { sendJson } from "~/lib/http/node-response.server";
import { startMetricsAggregator, startProcessMetrics } from "~/lib/metrics/cluster.server";
import { countCacheHit, countLaneAnswer, htmlCacheLookups, httpDuration, uploads } from "~/lib/metrics/metrics.server";
import { routeLabeller } from "~/lib/metrics/route-label.server";

/**
 * The whole server, bundled by Vite with the React Router build so that the database, the caches and
 * the routes share one module graph. server.js only listens on a port and handles signals.
 */
const MAX_PATH = 2048;

/**
 * Run once by the primary process before it starts workers: environment check, migrations, seed and
 * first admin, so several workers never race to create them. Returns how many workers to start.
 */
export async function prepareData(): Promise<{ workers: number }> {
  const { env } = await boot();
  await shutdown();
  return { workers: env.WEB_CONCURRENCY };
}

/** The test suite's template database (tests/support/template.ts): migrated and seeded, no admin yet. */
export { migrateAndSeed };

/** Run by the primary process when it starts workers: one /metrics scrape adds up all of theirs. */
export { startMetricsAggregator };

export async function createApp({ clientDir, build }: { clientDir: string; build?: () => Promise<ServerBuild> }) {
  const { env } = await boot();
  const cache = htmlCache(env.HTML_CACHE_ENTRIES);
  const stopCacheSync = startCacheSync();
  const stopRetention = startRetention();
  const stopActivityRetention = startActivityRetention();
  const stopScratchSweeper = startScratchSweeper();
  const stopBackupSchedule = startBackupSchedule();
  const stopCdnPurge = startCdnPurge();
  startProcessMetrics();
  const tracking = trackingCsp(env);
  // Stock thumbnails in the Médiathèque come from the providers' image hosts.
  const cspExtras = { ...tracking, imgSrc: [...(tracking.imgSrc ?? []), ...stockImageSources(env)] };
  const loadBuild = build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const { build: firstBuild, handle: handleRequest } = await routerRequestHandler(loadBuild, {
    // Vite's development server hands its own loader: a request after a change gets the rebuilt modules.
    reload: build !== undefined,
    mode: env.NODE_ENV === "development" ? "development" : "production",
  });
  setClientEntry(firstBuild.assets.entry.module);
  const routeOf = routeLabeller(firstBuild.routes);
  setRouterPreloads(routerEntryPreloads(clientDir));
  // The built worker sits beside this bundle (vite.config.ts); the development server has none and
  // sanitizes in place. One worker per process: saves queue behind each other, never behind a page.
  // This module may land in a chunk under assets/: the worker is beside index.js, one folder up.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const workerFile = [here, path.dirname(here)].map((d) => path.join(d, "document-worker.js")).find((f) => fs.existsSync(f));
  if (workerFile) startDocumentWorkers(workerFile, 1);
  else if (env.NODE_ENV !== "development") log.warn("document-worker.js introuvable : le HTML des brouillons est nettoyé dans le processus principal");
  const imageWorker = workerFile && path.join(path.dirname(workerFile), "image-worker.js");
  startImageWorkers(imageWorker && fs.existsSync(imageWorker) ? imageWorker : null);

  /** The CSP nonce of a response being rendered, for the page's inline scripts. */
  const nonces = new WeakMap<ServerResponse, string>();
  const routes = uncachedRouter({
    clientDir,
    metricsToken: env.METRICS_TOKEN,
    render: (req, res) => {
      const context: RequestContext = { ip: clientIp(req, env.TRUST_PROXY), nonce: nonces.get(res) ?? "" };
      return renderThroughRouter(req, res, (r) => handleRequest(r, { ...context }), cache, sendHit, requestOrigin(req, env.publicUrl));
    },
  });

  const production = env.NODE_ENV !== "development";
  const fileHeaders: Record<string, string> = {
    ...BASE_SECURITY_HEADERS,
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy(null, cspExtras) } : {}),
  };
  const cachedHeaders: Record<string, string> = { ...fileHeaders, Vary: "Accept-Encoding, Cookie" };
  // The development server serves the client's files itself (Vite); build/client may be an old build there.
  const files = production ? staticFiles(clientDir) : null;
  /** A hit answered after a render or a wait: the response already carries its request id. */
  const sendHit = (req: IncomingMessage, res: ServerResponse, entry: CachedResponse) =>
    sendCached(req, res, entry, cachedHeaders, String(res.getHeader("x-request-id") ?? newRequestId()));

  /** The duration histogram's series, looked up once per method, route and status (label hashing is not free). */
  const series = new Map<string, ReturnType<typeof httpDuration.labels>>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let s = series.get(key);
    if (!s) series.set(key, (s = httpDuration.labels(method, route, String(status))));
    s.observe(seconds);
  };

  /**
   * Every request: its id (X-Request-Id in and out, on every log line written meanwhile) and its
   * duration by route pattern for /metrics. The hot path (an anonymous visitor, a page already
   * rendered) is answered first, synchronously, in one writeHead of headers built once per entry: it
   * writes no log line, so it skips the AsyncLocalStorage context and the close listener, and it is
   * counted in the cache's hit counter rather than timed (a hit takes microseconds; prom-client's
   * histogram cost each one more than the rest of its JavaScript). A built file already in memory
   * (decision 060) is answered next, the same way and for anyone; its first request reads it and
   * compresses it, then goes on like the others.
   */
  function handler(req: IncomingMessage, res: ServerResponse) {
    const raw = req.url ?? "/";
    const hot = (req.method === "GET" || req.method === "HEAD") && !raw.includes("?") && isAnonymous(req);
    const hit = hot ? cache.get(raw) : undefined;
    const id = requestIdOf(req.headers["x-request-id"]);
    if (hit) {
      countCacheHit();
      sendCached(req, res, hit, cachedHeaders, id);
      return;
    }
    // A built file (script, style, font, illustration), for anyone, signed in or not; a Range request takes serve-static.
    const file = (req.method === "GET" || req.method === "HEAD") && !req.headers.range ? files?.get(raw) : undefined;
    if (file && !(file instanceof Promise)) {
      sendCached(req, res, file, fileHeaders, id);
      return;
    }
    res.setHeader("X-Request-Id", id);
    const started = performance.now();
    res.once("close", () => {
      const method = TIMED_METHODS.has(req.method ?? "") ? (req.method as string) : "OTHER";
      const route = routeOf((req.url ?? "/").split("?")[0]);
      observe(method, route, res.statusCode, (performance.now() - started) / 1000);
      if (method === "POST" && route === UPLOAD_ROUTE) uploads.inc({ outcome: res.statusCode < 300 ? "stored" : "refused" });
    });
    withRequestId(id, () => {
      if (file) void file.then((entry) => (entry ? sendFile(req, res, entry, id) : handleUncached(req, res)));
      else if (hot) serveMiss(req, res, raw);
      else handleUncached(req, res);
    });
  }

  /**
   * The handler's two first branches for the fast lane (decision 064), from a plain GET's header values
   * rather than node:http's request: a cached page for an anonymous visitor, else a built file already in
   * memory. Null for anything else (a miss, a session, a Range, a file still being read): node:http.
   */
  function laneAnswer(server: Server): LaneAnswer {
    const answer = (r: PlainGet) => {
      if (!hasSessionCookie(r.cookie)) {
        const hit = cache.get(r.path);
        const bytes = hit && laneBytes(hit, cachedHeaders, r, requestIdOf(r.requestId), server.keepAliveTimeout);
        if (bytes) {
          countCacheHit();
          countLaneAnswer();
          return bytes;
        }
        if (hit) return null;
      }
      const file = r.range === undefined ? files?.get(r.path) : undefined;
      const bytes = file && !(file instanceof Promise) ? laneBytes(file, fileHeaders, r, requestIdOf(r.requestId), server.keepAliveTimeout) : null;
      if (bytes) countLaneAnswer();
      return bytes;
    };
    return { answer, queued: laneQueued };
  }

  /** A built file read and compressed for its first request: sent unless the visitor has gone meanwhile. */
  function sendFile(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, id: string) {
    if (res.destroyed || res.headersSent) return;
    sendCached(req, res, entry, fileHeaders, id);
  }

  /** An anonymous GET or HEAD of a page not in the cache: one render per page at a time. */
  function serveMiss(req: IncomingMessage, res: ServerResponse, raw: string) {
    // After a publish under load, the requests that arrive while the page renders wait for that render's
    // cache entry instead of each rendering it again.
    const pending = rendering.get(raw);
    if (pending) {
      void pending.then((entry) => (entry ? sendHit(req, res, entry) : handleUncached(req, res)));
      return;
    }
    let settle!: (entry: CachedResponse | null) => void;
    const mine = new Promise<CachedResponse | null>((r) => (settle = r));
    rendering.set(raw, mine);
    const done = () => {
      if (rendering.get(raw) === mine) rendering.delete(raw);
      settle(cache.get(raw) ?? null);
    };
    res.once("finish", done);
    res.once("close", done);
    handleUncached(req, res);
  }

  /** Renders left to wait for, by raw path (anonymous GETs without a query string only). */
  const rendering = new Map<string, Promise<CachedResponse | null>>();

  function handleUncached(req: IncomingMessage, res: ServerResponse) {
    const raw = req.url ?? "/";
    applySecurityHeaders(res);
    const nonce = newNonce();
    nonces.set(res, nonce);
    if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, cspExtras));
    if (isCrossSiteWrite(req, env.publicUrl)) {
      sendJson(res, 403, { error: { code: "cross_site", message: "Requête refusée : elle ne provient pas de ce site." } }, NO_STORE);
      return;
    }
    const pathname = raw.split("?")[0];
    // Paths that cannot be decoded or are absurdly long are sent home rather than to the router.
    if (pathname.length > MAX_PATH || !decodable(pathname)) {
      res.writeHead(302, { Location: pathname.startsWith("/en/") ? "/en" : "/" }).end();
      return;
    }
    // A write to a path without an action (a page, the back-office screens) is answered here, short:
    // through the router it was a 405 plus a logged stack trace per request, an anonymous log flood.
    if (!READ_METHODS.has((req.method ?? "GET").toUpperCase()) && !acceptsWrites(pathname)) {
      sendJson(
        res,
        405,
        { error: { code: "method_not_allowed", message: "Méthode non autorisée." } },
        { ...NO_STORE, Allow: "GET, HEAD", Connection: "close" },
      );
      return;
    }
    routes(req, res);
  }

  return {
    env,
    handler,
    cache,
    /** Puts the fast lane in front of the server's request parsing (production only; FAST_LANE=false: never). */
    attachFastLane(server: Server) {
      if (production && env.FAST_LANE) installFastLane(server, laneAnswer(server));
    },
    async close() {
      stopCacheSync();
      stopCdnPurge();
      await stopDocumentWorkers();
      await stopImageWorkers();
      stopRetention();
      stopActivityRetention();
      stopScratchSweeper();
      stopBackupSchedule();
      await shutdown();
    },
  };
}

const NO_STORE = { "Cache-Control": "no-store" };
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods named in the duration metric (anything else is "OTHER": the label's values stay few). */
const TIMED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

/** Media uploads are counted where every request is timed: one POST to this route is one file. */
const UPLOAD_ROUTE = "/api/media";
/**
 * The JSON API and the no-script fallbacks of two forms (sign-in, the contact page in either language)
 * are the only paths with actions.
 */
const FORM_PATHS = new Set(["/admin/login", ROUTES.contact.fr, ROUTES.contact.en]);
function acceptsWrites(pathname: string): boolean {
  const p = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return p.startsWith("/api/") || p === "/api" || FORM_PATHS.has(p);
}

/**
 * The origin of the request URL handed to React Router, which compares it with the Origin header of a
 * form post: a browser's own Origin when it names this host (isCrossSiteWrite has already refused any
 * other), else the configured public origin, else the Host. A fixed "http://localhost" made every real
 * no-script form post fail React Router's check (400 and a logged stack).
 */
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
export function requestOrigin(req: IncomingMessage, publicUrl: string): string {
  const host = req.headers.host ?? "";
  const pub = new URL(publicUrl);
  if (!HOST_PATTERN.test(host)) return pub.origin;
  const origin = req.headers.origin;
  if (origin === `http://${host}` || origin === `https://${host}`) return origin;
  if (host.toLowerCase() === pub.host.toLowerCase()) return pub.origin;
  return `http://${host}`;
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return !pathname.includes("\0") && !/%00/i.test(pathname);
  } catch {
    return false;
  }
}

/**
 * Besides pages, the two files crawlers read on every visit (decision 005). Publishing drops the sitemap
 * with the pages it names (cache-sync.server.ts); robots.txt changes only with PUBLIC_URL, at a restart.
 */
const CACHED_FILES = new Set(["/sitemap.xml", "/robots.txt"]);

/** Anonymous visitors share cached pages; anyone carrying a session cookie gets a fresh render. */
/** Matches the session cookie's name as session.server.ts sets it (one source for the name). */
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

function isAnonymous(req: IncomingMessage): boolean {
  return !hasSessionCookie(req.headers.cookie);
}

function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE_PATTERN.test(cookie);
}

async function renderThroughRouter(
  req: IncomingMessage,
  res: ServerResponse,
  handleRequest: (r: Request) => Promise<Response>,
  cache: ReturnType<typeof htmlCache>,
  sendHit: (req: IncomingMessage, res: ServerResponse, entry: CachedResponse) => void,
  origin: string,
) {
  const request = toFetchRequest(req, res, origin);
  const renderedAt = Date.now();
  const response = await handleRequest(request);
  const url = new URL(request.url);
  const type = response.headers.get("content-type") ?? "";
  const cacheable =
    (req.method === "GET" || req.method === "HEAD") &&
    url.search === "" &&
    isAnonymous(req) &&
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    // Only responses that declare themselves public are shared (the back-office and signed-in views never do).
    /\bpublic\b/.test(response.headers.get("cache-control") ?? "") &&
    (type.startsWith("text/html") || type.startsWith("text/x-script") || url.pathname.endsWith(".data") || CACHED_FILES.has(url.pathname));

  if (cacheable && response.body) {
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      if (k !== "content-length" && k !== "content-encoding") headers[k] = v;
    });
    // Kept in the entry: every hit (and a CDN in front) carries the page's cache tags.
    Object.assign(headers, cacheTagHeaders(url.pathname));
    const entry = cache.set(url.pathname, response.status, headers, body, renderedAt);
    // A miss is a render made for the cache (assets, API reads and probes are no lookups of pages).
    htmlCacheLookups.inc({ result: "miss" });
    // One line per render kept for everyone (LOG_LEVEL=debug): how often pages are really rendered.
    log.debug(`page rendue pour le cache : ${url.pathname} (${Date.now() - renderedAt} ms)`);
    sendHit(req, res, entry);
    return;
  }

  res.statusCode = response.status;
  for (const [k, v] of response.headers.entries()) if (k !== "set-cookie") res.setHeader(k, v);
  if (/\bpublic\b/.test(response.headers.get("cache-control") ?? "")) for (const [k, v] of Object.entries(cacheTagHeaders(url.pathname))) res.setHeader(k, v);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (response.body && req.method !== "HEAD") await writeReadableStreamToWritable(response.body, res);
  else {
    // A HEAD rendered as GET: the body is not wanted.
    await response.body?.cancel().catch(() => {});
    res.end();
  }
}
