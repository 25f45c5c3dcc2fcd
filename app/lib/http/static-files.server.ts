import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { log } from "../log.server";
import { BROTLI_OPTIONS, cachedEntry, GZIP_OPTIONS, type CachedResponse } from "./html-cache.server";

/**
 * The built client's files (build/client: hashed scripts and styles, fonts, the shipped illustrations,
 * the public folder's files) kept in memory once first asked for, compressed once, and sent the way
 * a cached page is (sendCached: one prebuilt head, ETag and 304, the encoding the browser accepts).
 *
 * Why not serve-static behind the compression middleware, as before: that compressed every script
 * again for every visitor (brotli on the main thread), and its file streams, piping and patched
 * response objects went through the same Node internals as the cached pages. A process that had
 * served a few browsers' worth of assets that way answered each cached page about a fifth slower
 * afterwards (V8's property lookups in Node's http code turned megamorphic; docs/benchmarks.md).
 *
 * Only what this path does simply is taken: a known file type, an exact file name, no Range header,
 * a file under MAX_FILE_BYTES. Anything else goes on to serve-static as before.
 */
export interface StaticFiles {
  /** Undefined when `pathname` is not one of the files; else the entry, or a promise of it on its first request (null: unreadable). */
  get(pathname: string): CachedResponse | Promise<CachedResponse | null> | undefined;
}

/** Content types by extension, and whether the type is worth compressing. Other types take serve-static. */
const TYPES: Record<string, { type: string; compress: boolean }> = {
  js: { type: "text/javascript; charset=utf-8", compress: true },
  mjs: { type: "text/javascript; charset=utf-8", compress: true },
  css: { type: "text/css; charset=utf-8", compress: true },
  json: { type: "application/json; charset=utf-8", compress: true },
  map: { type: "application/json; charset=utf-8", compress: true },
  svg: { type: "image/svg+xml", compress: true },
  txt: { type: "text/plain; charset=utf-8", compress: true },
  xml: { type: "application/xml", compress: true },
  webmanifest: { type: "application/manifest+json", compress: true },
  ico: { type: "image/x-icon", compress: true },
  woff2: { type: "font/woff2", compress: false },
  woff: { type: "font/woff", compress: false },
  webp: { type: "image/webp", compress: false },
  avif: { type: "image/avif", compress: false },
  jpg: { type: "image/jpeg", compress: false },
  jpeg: { type: "image/jpeg", compress: false },
  png: { type: "image/png", compress: false },
  gif: { type: "image/gif", compress: false },
};

/** Larger files (a video someone drops in public/) are streamed from disk by serve-static, not held in memory. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Below this a compressed variant saves less than its header costs (the compression middleware's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** Hashed build files never change under their name; the public folder's may change with a deploy. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_HOUR = "public, max-age=3600";
const IMMUTABLE_PREFIXES = ["/assets/", "/media/seed/"];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Slot {
  file: string;
  type: string;
  compress: boolean;
  cacheControl: string;
  /** Found over MAX_FILE_BYTES on its first request: left to serve-static from then on. */
  tooLarge?: boolean;
  entry?: CachedResponse;
  loading?: Promise<CachedResponse | null>;
}

/**
 * Lists `root` on the first request that reaches it (a build's files do not change while it runs; a
 * start, which every test server makes, does not pay the 5–8 ms), and reads each file on its own first
 * request.
 */
export function staticFiles(root: string): StaticFiles {
  let slots: Map<string, Slot> | undefined;
  return {
    get(pathname) {
      const slot = (slots ??= listing(root)).get(pathname);
      if (!slot || slot.tooLarge) return undefined;
      return slot.entry ?? (slot.loading ??= load(slot));
    },
  };
}

/**
 * Never rejects: a file that cannot be read (gone since the listing) or compressed gives null, the
 * request goes on to serve-static (a 404, or the file streamed), and the next request tries again.
 */
async function load(slot: Slot): Promise<CachedResponse | null> {
  try {
    // Sizes are checked here rather than at the listing: a stat of every file would slow each start.
    if ((await stat(slot.file)).size > MAX_FILE_BYTES) {
      slot.tooLarge = true;
      return null;
    }
    return (slot.entry = await entryOf(slot, await readFile(slot.file)));
  } catch (error) {
    // A file removed since the listing is a plain 404; anything else (unreadable, compression failed) is said.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.warn(`fichier du site non mis en mémoire, servi depuis le disque : ${slot.file}`, error);
    slot.loading = undefined;
    return null;
  }
}

function listing(root: string): Map<string, Slot> {
  const slots = new Map<string, Slot>();
  for (const rel of listFiles(root)) {
    const kind = TYPES[path.extname(rel).slice(1).toLowerCase()];
    // A dot-folder or dotfile (.vite/manifest.json) is not served, as serve-static's default refuses them.
    if (!kind || rel.split("/").some((s) => s.startsWith("."))) continue;
    const pathname = `/${rel}`;
    // Only names a browser asks for unchanged; a percent-encoded name takes serve-static, which decodes it.
    if (encodeURI(pathname) !== pathname) continue;
    const cacheControl = IMMUTABLE_PREFIXES.some((p) => pathname.startsWith(p)) ? IMMUTABLE : ONE_HOUR;
    slots.set(pathname, { file: path.join(root, rel), ...kind, cacheControl });
  }
  return slots;
}

async function entryOf(slot: Slot, body: Buffer): Promise<CachedResponse> {
  // Lower-case names, as the page cache's entries have them: the 304 answer repeats "cache-control".
  const headers: Record<string, string> = { "content-type": slot.type, "cache-control": slot.cacheControl };
  if (!slot.compress || body.length < COMPRESS_FROM_BYTES) return cachedEntry(200, headers, body);
  const [br, gz] = await Promise.all([brotli(body, BROTLI_OPTIONS), gzipAsync(body, GZIP_OPTIONS)]);
  // A compressed form no smaller than the file is not kept: the file then goes out as it is.
  const keptBr = br.length < body.length ? br : undefined;
  const keptGzip = gz.length < body.length ? gz : undefined;
  if (keptBr || keptGzip) headers.vary = "Accept-Encoding";
  return cachedEntry(200, headers, body, keptGzip, keptBr);
}

function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) =>
        path
          .relative(root, path.join(d.parentPath ?? d.path, d.name))
          .split(path.sep)
          .join("/"),
      );
  } catch {
    return [];
  }
}
