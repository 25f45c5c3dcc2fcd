import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { isStorageKey, mimeOfKey } from "./names";
import { mediaStorage } from "./storage.server";

/**
 * GET /media/u/{key}: an uploaded file, from whichever storage holds it. Names are generated and never
 * reused, so the answer is cached for a year as immutable. The type is the sniffed one (the extension
 * was chosen from the bytes), browsers are told not to guess another (nosniff), and a sandboxing CSP
 * means that even a file opened directly cannot run script with this site's origin.
 */

/** Chrome's PDF viewer does not open in a sandboxed document; PDFs still get no script source of ours. */
const CSP_FILE = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const CSP_PDF = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'";

export function parseRange(header: string | undefined, size: number): { start: number; end?: number } | "invalid" | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return undefined;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "invalid";
    return { start: Math.max(0, size - suffix) };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? undefined : Number(m[2]);
  if (start >= size || (end !== undefined && end < start)) return "invalid";
  return { start, end: end === undefined ? undefined : Math.min(end, size - 1) };
}

export async function serveMedia(req: IncomingMessage, res: ServerResponse, key: string) {
  const notFound = () => res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Introuvable");
  if (!isStorageKey(key)) return notFound();
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const storage = mediaStorage(env());
  try {
    // One read for the size when a range is asked: the S3 driver and the disk answer ranges themselves.
    let range: ReturnType<typeof parseRange>;
    let obj = await storage.get(key);
    if (!obj) return notFound();
    if (req.headers.range) {
      range = parseRange(req.headers.range, obj.size);
      if (range === "invalid") {
        obj.body.destroy();
        return res.writeHead(416, { "Content-Range": `bytes */${obj.size}` }).end();
      }
      if (range) {
        obj.body.destroy();
        obj = await storage.get(key, range);
        if (!obj) return notFound();
      }
    }
    const headers: Record<string, string | number> = {
      "Content-Type": mimeOfKey(key),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${key}"`,
      "Accept-Ranges": "bytes",
      "Content-Security-Policy": ext === "pdf" ? CSP_PDF : CSP_FILE,
      "Content-Disposition": `inline; filename="${key}"`,
      "Cross-Origin-Resource-Policy": "same-origin",
    };
    if (req.headers["if-none-match"] === headers.ETag) {
      obj.body.destroy();
      return res.writeHead(304, { ETag: headers.ETag, "Cache-Control": headers["Cache-Control"] }).end();
    }
    if (obj.range) {
      headers["Content-Range"] = `bytes ${obj.range.start}-${obj.range.end}/${obj.size}`;
      headers["Content-Length"] = obj.range.end - obj.range.start + 1;
      res.writeHead(206, headers);
    } else {
      headers["Content-Length"] = obj.size;
      res.writeHead(200, headers);
    }
    if (req.method === "HEAD") {
      obj.body.destroy();
      return res.end();
    }
    await pipeline(obj.body, res);
  } catch (e) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    log.error(`lecture du média ${key} impossible`, e);
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Stockage indisponible");
  }
}
