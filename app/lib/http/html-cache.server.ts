import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Rendered HTML (and route data) of anonymous GET requests, kept compressed in memory with an ETag.
 * Publishing a page invalidates exactly its paths; `clear` is the fallback for site-wide changes.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** Complete response headers per encoding (and for 304), built on first use: a hit is one writeHead. */
  wire?: Record<"br" | "gzip" | "identity" | "notModified", Record<string, string | number>>;
}

export class HtmlCache {
  private entries = new Map<string, CachedResponse>();
  constructor(private maxEntries: number) {}

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh recency: Map keeps insertion order, so the oldest entry is the first one.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, status: number, headers: Record<string, string>, body: Buffer): CachedResponse {
    const entry: CachedResponse = {
      status,
      headers,
      identity: body,
      gzip: gzipSync(body, { level: 9 }),
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    };
    if (this.maxEntries <= 0) return entry;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  /** Drops the HTML and the route data of each path. */
  invalidate(paths: Iterable<string>) {
    for (const p of paths) {
      this.entries.delete(p);
      this.entries.delete(p === "/" ? "/_root.data" : `${p}.data`);
    }
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

let shared: HtmlCache | undefined;
export function htmlCache(maxEntries = 500): HtmlCache {
  shared ??= new HtmlCache(maxEntries);
  return shared;
}

/** Picks the best encoding the client accepts. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const a = acceptEncoding ?? "";
  if (/\bbr\b/.test(a)) return "br";
  if (/\bgzip\b/.test(a)) return "gzip";
  return "identity";
}
