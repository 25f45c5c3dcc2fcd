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
  /** Absent when the body does not gain from compression (a font, an image, a tiny file): sent as it is. */
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** Complete response headers per encoding (and for 304), built on first use: a hit is one writeHead. */
  wire?: WireHeaders;
  /** Whole responses for the fast lane, built on first use (lane-response.server.ts). */
  lane?: Record<"br" | "gzip" | "identity", LaneSlot | undefined>;
}

/**
 * An entry, pages' and built files' alike, with every field in the same order from the start: one hidden
 * class for all of them in V8, so that the hit path's property reads stay monomorphic whatever was served.
 */
export function cachedEntry(status: number, headers: Record<string, string>, identity: Buffer, gzip?: Buffer, br?: Buffer): CachedResponse {
  return { status, headers, identity, gzip, br, etag: etagOf(identity), wire: undefined, lane: undefined };
}

/**
 * A complete response (head, per-response lines, body) in one buffer whose request id and date are
 * written in place: `idAt` and `dateAt` are their offsets, `date` the text there now.
 */
export interface LaneSlot {
  bytes: Buffer;
  idAt: number;
  dateAt: number;
  date: string;
  keepAliveMs: number;
}

/** Flat [name, value, …] header lists, X-Request-Id first, and the prebuilt head per encoding (send-cached.server.ts). */
export type WireHeaders = Record<"br" | "gzip" | "identity" | "notModified", (string | number)[]> & {
  head: Record<"br" | "gzip" | "identity" | "notModified", Buffer | undefined>;
};

/** A rendered page: always kept in both compressed forms. */
export type CompressedResponse = CachedResponse & Required<Pick<CachedResponse, "gzip" | "br">>;

/** The compression of every body kept in memory (pages here, built files in static-files.server.ts). */
export const GZIP_OPTIONS = { level: 9 };
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };

/** A strong ETag: the body's hash. */
export const etagOf = (body: Buffer) => `"${createHash("sha1").update(body).digest("base64url")}"`;

export class HtmlCache {
  private entries = new Map<string, CompressedResponse>();
  /** The next scheduled publication (ms): no entry rendered before it is served from then on. */
  private boundary = Infinity;
  private lastBoundary = -Infinity;
  /** The entry last moved to the end of `entries` (the most recently used), if it is still there. */
  private newest: CompressedResponse | undefined;
  /** Called when a boundary passes, to look up the next one. */
  onBoundary: (() => void) | undefined;
  constructor(private maxEntries: number) {}

  /** A scheduled article becomes public at `at` (ms, or null for none): the cache lets go of every page then. */
  setNextPublication(at: number | null) {
    this.boundary = at ?? Infinity;
  }

  private passBoundary(now: number) {
    if (now < this.boundary) return;
    this.lastBoundary = this.boundary;
    this.boundary = Infinity;
    this.entries.clear();
    this.onBoundary?.();
  }

  get(key: string, now = Date.now()): CompressedResponse | undefined {
    this.passBoundary(now);
    const hit = this.entries.get(key);
    // Refresh recency: Map keeps insertion order, so the oldest entry is the first one. A run of hits on
    // one page (the home page under load) moves it once.
    if (hit && hit !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.newest = hit;
    }
    return hit;
  }

  /** `renderedAt`: when the render began; a render begun before a publication that has since passed is not kept. */
  set(key: string, status: number, headers: Record<string, string>, body: Buffer, renderedAt = Date.now()): CompressedResponse {
    const entry = cachedEntry(status, headers, body, gzipSync(body, GZIP_OPTIONS), brotliCompressSync(body, BROTLI_OPTIONS)) as CompressedResponse;
    this.passBoundary(Date.now());
    if (this.maxEntries <= 0 || renderedAt < this.lastBoundary) return entry;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.newest = entry;
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
  // Visitors' browsers send the same few values: the last answer is kept for the next identical one.
  if (a === lastAccept) return lastEncoding;
  lastEncoding = /\bbr\b/.test(a) ? "br" : /\bgzip\b/.test(a) ? "gzip" : "identity";
  lastAccept = a;
  return lastEncoding;
}
let lastAccept = "";
let lastEncoding: "br" | "gzip" | "identity" = "identity";
