import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import Router from "router";
import serveStatic from "serve-static";
import { log } from "~/lib/log.server";
import { serveMedia } from "~/lib/media/serve.server";
import { metricsText } from "~/lib/metrics/cluster.server";
import { sendJson, sendText } from "./node-response.server";
import { readiness } from "./readiness.server";

/**
 * What is not a cached page or a built file held in memory: the probes, the files serve-static reads
 * from disk (Range requests, query strings, the public folder's other files), uploaded media, and
 * everything else, handed to `render` (React Router).
 *
 * The router package that express is built on, without express (decision 061): express gave every
 * request it handled other prototypes (Object.setPrototypeOf on the request and the response), so
 * Node's own http code saw two families of shapes and its inline caches went megamorphic, which made
 * the cached pages slower too once a process had served anything else. Nothing here needs express's
 * helpers; requests and responses stay Node's own.
 */
export function uncachedRouter({
  clientDir,
  metricsToken,
  render,
}: {
  clientDir: string;
  metricsToken?: string;
  render: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const app = Router();
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    sendJson(res, 200, { status: "ok" });
  });
  // Ready to serve: the database answers and the media storage is reachable (else 503 and why).
  app.get("/readyz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    void readiness().then((r) => {
      if (r.ready) sendJson(res, 200, { status: "ok" });
      else {
        log.warn(`pas prêt : ${r.reason}`);
        sendJson(res, 503, { status: "indisponible", reason: r.reason });
      }
    });
  });
  // Prometheus figures for a scraper holding METRICS_TOKEN; without the variable the address does not exist.
  app.get("/metrics", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!metricsToken) {
      sendText(res, 404, "Introuvable");
      return;
    }
    if (!bearerMatches(req.headers.authorization, metricsToken)) {
      res.setHeader("WWW-Authenticate", "Bearer");
      sendJson(res, 401, { error: { code: "unauthorized", message: "Jeton des métriques absent ou incorrect." } });
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType }).end(body),
      (e: unknown) => {
        log.error("métriques indisponibles", e);
        sendJson(res, 503, { error: { code: "unavailable", message: "Métriques indisponibles pour le moment." } });
      },
    );
  });
  // Its types name express's request and response; it only uses Node's.
  app.use(compression({ threshold: 1024 }) as unknown as Router.RequestHandler);
  app.use("/assets", serveStatic(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // Shipped illustrations never change under the same name.
  app.use("/media/seed", serveStatic(path.join(clientDir, "media/seed"), { immutable: true, maxAge: "1y", index: false }));
  // The public folder's files (favicon.svg…) all have an extension: a page or API address skips the disk lookup.
  const publicFiles = serveStatic(clientDir, { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (FILE_NAME.test(pathOf(req)) ? publicFiles(req, res, next) : next()));
  // Uploaded media, from local disk or S3 (app/lib/media/serve.server.ts).
  app.get("/media/u/:key", (req, res) => void serveMedia(req, res, String(req.params.key)));
  // A missing asset or media file is a 404, not a page.
  app.use(["/assets", "/media"], (_req, res) => sendText(res, 404, "Introuvable"));
  app.use(async (req, res) => {
    try {
      await render(req, res);
    } catch (error) {
      // A client that goes away mid-response (or a body cut off for being too large) is not a server fault.
      if (req.destroyed || res.destroyed || res.writableEnded) log.debug(`réponse interrompue pour ${req.method} ${req.url}`, error);
      else log.error(`rendu impossible pour ${req.method} ${req.url}`, error);
      if (!res.headersSent) sendText(res, 500, "Erreur interne");
      else res.end();
    }
  });
  return (req, res) => app(req, res, (error?: unknown) => routerFailed(req, res, error));
}

/** An address whose last segment ends in an extension, as every file of the public folder does. */
const FILE_NAME = /\.[A-Za-z0-9]+$/;

/** The path of a request's address, without its query string (the router has taken off any mount point). */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** "Authorization: Bearer <token>" compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/)?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The end of the chain is the page renderer, which answers everything; only an error handed on by a
 * middleware gets here (serve-static refusing a path, a file that cannot be read): its status when it
 * carries one, in a short French text, and a log line for a server fault.
 */
function routerFailed(req: IncomingMessage, res: ServerResponse, error: unknown) {
  const carried = error as { status?: unknown; statusCode?: unknown } | undefined;
  const given = carried?.status ?? carried?.statusCode;
  const status = typeof given === "number" && given >= 400 && given < 600 ? given : error ? 500 : 404;
  if (status >= 500) log.error(`réponse impossible pour ${req.method} ${req.url}`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendText(res, status, status === 404 ? "Introuvable" : status < 500 ? "Requête refusée" : "Erreur interne");
}
