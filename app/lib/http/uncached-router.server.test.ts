import { rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientFolder, closeServer, listen, request } from "../../../tests/support/http";
import { log } from "../log.server";
import { uncachedRouter } from "./uncached-router.server";

/**
 * The chain behind the cached pages and the built files in memory: the probes, files read from disk,
 * and the page renderer. Checked over HTTP on a folder shaped like build/client, with a renderer that
 * records what it was given.
 */
const SCRIPT = Buffer.from(`export const greeting = "Bonjour";\n${"console.log(greeting);\n".repeat(200)}`);
const TOKEN = "jeton-des-metriques-0123456789";

let root: string;
let server: http.Server;
let origin = "";
/** Every request and response the server saw, checked when the response has finished. */
const seen: { url: string; nodeRequest: boolean; nodeResponse: boolean }[] = [];
const rendered: string[] = [];

beforeAll(async () => {
  root = clientFolder("uncached-router-", {
    "assets/entry-Ab12.js": SCRIPT,
    "media/seed/photo.webp": Buffer.alloc(300, 7),
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  });
  // A file the disk cannot give (too many levels of links): serve-static hands on a 500.
  symlinkSync("loop.js", path.join(root, "assets/loop.js"));
  const routes = uncachedRouter({
    clientDir: root,
    metricsToken: TOKEN,
    render: async (req, res) => {
      rendered.push(req.url ?? "");
      if (req.url === "/boom") throw new Error("rendu cassé");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<p>page</p>");
    },
  });
  server = http.createServer((req, res) => {
    res.once("finish", () =>
      seen.push({
        url: req.url ?? "",
        nodeRequest: Object.getPrototypeOf(req) === http.IncomingMessage.prototype,
        nodeResponse: Object.getPrototypeOf(res) === http.ServerResponse.prototype,
      }),
    );
    routes(req, res);
  });
  origin = await listen(server);
});
afterAll(async () => {
  await closeServer(server);
  rmSync(root, { recursive: true, force: true });
});

/** GET (or `method`) with the given headers; the body as sent and as text. */
const get = async (pathname: string, headers: Record<string, string> = {}, method = "GET") => {
  const res = await request(origin, pathname, { method, headers });
  return { ...res, body: res.raw };
};

describe("the uncached chain", () => {
  it("answers /healthz in JSON without caching, whatever the case or a final slash, and to HEAD", async () => {
    for (const p of ["/healthz", "/HEALTHZ", "/healthz/"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(res.body.toString())).toEqual({ status: "ok" });
    }
    const head = await get("/healthz", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("keeps /metrics for the holder of the token: 401 in French with a Bearer challenge otherwise", async () => {
    const none = await get("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toBe("Bearer");
    expect(JSON.parse(none.body.toString()).error.message).toBe("Jeton des métriques absent ou incorrect.");
    expect((await get("/metrics", { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    const ok = await get("/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.headers["cache-control"]).toBe("no-store");
  });

  it("serves files from disk: compressed for a browser that accepts it, a Range in part, a year's cache under /assets/", async () => {
    const gz = await get("/assets/entry-Ab12.js?v=2", { "Accept-Encoding": "gzip" });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const part = await get("/assets/entry-Ab12.js", { Range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.body.equals(SCRIPT.subarray(0, 10))).toBe(true);
    const icon = await get("/favicon.svg?x=1");
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await get("/media/seed/photo.webp")).status).toBe(200);
  });

  it("answers a missing file under /assets/ or /media/ with a short 404, never a page", async () => {
    const before = rendered.length;
    for (const p of ["/assets/absent.js", "/assets/%E0%A4%A", "/assets/a%00b.js", "/media/seed/absent.webp", "/media/u/absent.webp", "/media"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString(), p).toBe("Introuvable");
    }
    expect(rendered.length).toBe(before);
  });

  it("hands everything else to the renderer, and a renderer that fails gives a 500 in French", async () => {
    const page = await get("/en/offers?x=1");
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe("<p>page</p>");
    expect(rendered).toContain("/en/offers?x=1");
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const boom = await get("/boom");
    expect(boom.status).toBe(500);
    expect(boom.body.toString()).toBe("Erreur interne");
    expect(logged).toHaveBeenCalledWith("rendu impossible pour GET /boom", expect.any(Error));
    logged.mockRestore();
  });

  it("answers what a middleware hands on with its status in French: a file the disk cannot read, a badly encoded media key", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const loop = await get("/assets/loop.js");
    expect(loop.status).toBe(500);
    expect(loop.body.toString()).toBe("Erreur interne");
    expect(logged).toHaveBeenCalledWith("réponse impossible pour GET /assets/loop.js", expect.objectContaining({ code: "ELOOP" }));
    logged.mockRestore();
    const key = await get("/media/u/%E0%A4%A");
    expect(key.status).toBe(400);
    expect(key.body.toString()).toBe("Requête refusée");
    expect(key.headers["content-length"]).toBe(String(Buffer.byteLength("Requête refusée")));
  });

  it("leaves every request and response with Node's own prototypes (express's swap made Node's http code megamorphic)", async () => {
    await get("/healthz");
    await get("/assets/entry-Ab12.js", { "Accept-Encoding": "gzip" });
    await get("/favicon.svg");
    await get("/en/offers");
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((s) => !s.nodeRequest || !s.nodeResponse)).toEqual([]);
  });
});
