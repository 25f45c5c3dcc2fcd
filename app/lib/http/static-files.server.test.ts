import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientFolder, closeServer, listen } from "../../../tests/support/http";
import { log } from "../log.server";
import { sendCached } from "./send-cached.server";
import { staticFiles, type StaticFiles } from "./static-files.server";

/**
 * The built client's files served from memory: each file read and compressed once, then sent like a
 * cached page. Checked over HTTP, as a browser receives them, on a folder shaped like build/client.
 */
const SCRIPT = Buffer.from(`export const greeting = "Bonjour";\n${"console.log(greeting);\n".repeat(400)}`);
const TINY = Buffer.from("export const a = 1;\n");
const FONT = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251));
const ICON = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`);

let root: string;
let files: StaticFiles;
let server: http.Server;
let origin = "";

beforeAll(async () => {
  root = clientFolder("static-files-", {
    "assets/entry-Ab12.js": SCRIPT,
    "assets/tiny-Cd34.js": TINY,
    "assets/face-Ef56.woff2": FONT,
    "media/seed/photo.webp": FONT,
    "favicon.svg": ICON,
    ".vite/manifest.json": "{}",
    "assets/.hidden.js": SCRIPT,
    "assets/notes.unknown": "?",
    "assets/été.js": SCRIPT,
    "media/seed/film.mp4": Buffer.alloc(0),
    "big.json": Buffer.alloc(5 * 1024 * 1024, 32),
  });
  files = staticFiles(root);
  server = http.createServer(async (req, res) => {
    const found = files.get(req.url ?? "/");
    const entry = found instanceof Promise ? await found : found;
    if (!entry) return void res.writeHead(404).end();
    sendCached(req, res, entry, { "X-Content-Type-Options": "nosniff" }, "id-1");
  });
  origin = await listen(server);
});
afterAll(async () => {
  await closeServer(server);
  rmSync(root, { recursive: true, force: true });
});

/** GET with the given headers; the body as sent (not decompressed). */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(origin + pathname, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("built files from memory", () => {
  it("sends a script compressed in the encoding the browser accepts, with its type and a year's immutable cache", async () => {
    const br = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(SCRIPT)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");

    const gz = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);

    const plain = await get("/assets/entry-Ab12.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(SCRIPT)).toBe(true);
    expect(plain.headers.etag).toBe(br.headers.etag);
  });

  it("answers 304 to the ETag it gave, and HEAD with the headers alone", async () => {
    const first = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "br" });
    const again = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // A 304 updates the browser's stored headers: it must not turn a year's cache into "no-cache".
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(again.headers.etag).toBe(first.headers.etag);
    const head = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("sends fonts, photos and files too small to gain as they are, without Content-Encoding or Vary", async () => {
    for (const pathname of ["/assets/face-Ef56.woff2", "/media/seed/photo.webp", "/assets/tiny-Cd34.js"]) {
      const res = await get(pathname, { "Accept-Encoding": "gzip, br" });
      expect(res.status, pathname).toBe(200);
      expect(res.headers["content-encoding"], pathname).toBeUndefined();
      expect(res.headers.vary, pathname).toBeUndefined();
      expect(Number(res.headers["content-length"]), pathname).toBe(res.body.length);
    }
    const font = await get("/assets/face-Ef56.woff2", { "Accept-Encoding": "br" });
    expect(font.body.equals(FONT)).toBe(true);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect((await get("/media/seed/photo.webp")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("gives the public folder's files an hour's cache: they keep their name from one deploy to the next", async () => {
    const icon = await get("/favicon.svg", { "Accept-Encoding": "br" });
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(brotliDecompressSync(icon.body).equals(ICON)).toBe(true);
  });

  it("leaves to serve-static what it does not hold: dot-folders, unknown types, encoded names, large files, other paths", () => {
    for (const pathname of [
      "/.vite/manifest.json",
      "/assets/.hidden.js",
      "/assets/notes.unknown",
      "/assets/%C3%A9t%C3%A9.js",
      "/assets/été.js",
      "/media/seed/film.mp4",
      "/assets/entry-Ab12.js?v=2",
      "/assets/../favicon.svg",
      "/assets//entry-Ab12.js",
      "/assets",
      "/",
    ])
      expect(files.get(pathname), pathname).toBeUndefined();
  });

  it("leaves a file over 4 MB to serve-static once its first request has found its size", async () => {
    const fresh = staticFiles(root);
    expect(await fresh.get("/big.json")).toBeNull();
    expect(fresh.get("/big.json")).toBeUndefined();
  });

  it("reads a file once: the first request waits for it, later ones get the same entry at once", async () => {
    const fresh = staticFiles(root);
    const first = fresh.get("/favicon.svg");
    expect(first).toBeInstanceOf(Promise);
    expect(fresh.get("/favicon.svg")).toBe(first);
    const entry = await first;
    expect(entry?.identity.equals(ICON)).toBe(true);
    expect(fresh.get("/favicon.svg")).toBe(entry);
  });

  it("answers null for a file removed since the listing, and reads it again once it is back", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "static-files-gone-"));
    try {
      writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
      const fresh = staticFiles(dir);
      // The folder is listed on the first request.
      expect(fresh.get("/humans.txt")).toBeUndefined();
      rmSync(path.join(dir, "robots.txt"));
      expect(await fresh.get("/robots.txt")).toBeNull();
      writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
      const back = await fresh.get("/robots.txt");
      expect(back?.identity.toString()).toBe("User-agent: *\nAllow: /\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says in the log when a listed file cannot be read (a removed one is a plain 404), and tries again later", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "static-files-odd-"));
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
      writeFileSync(path.join(dir, "humans.txt"), "Archimed\n");
      const fresh = staticFiles(dir);
      expect(fresh.get("/nothing.txt")).toBeUndefined();
      rmSync(path.join(dir, "humans.txt"));
      expect(await fresh.get("/humans.txt")).toBeNull();
      expect(warn).not.toHaveBeenCalled();
      rmSync(path.join(dir, "robots.txt"));
      mkdirSync(path.join(dir, "robots.txt"));
      expect(await fresh.get("/robots.txt")).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("robots.txt"), expect.objectContaining({ code: "EISDIR" }));
      rmSync(path.join(dir, "robots.txt"), { recursive: true });
      writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
      expect((await fresh.get("/robots.txt"))?.identity.toString()).toBe("User-agent: *\n");
    } finally {
      warn.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("serves nothing from a folder that does not exist", () => {
    expect(staticFiles(path.join(root, "missing")).get("/favicon.svg")).toBeUndefined();
  });
});
