import { fileTypeFromBuffer } from "file-type";
import type { MediaType } from "./media-schemas";

/**
 * What an upload is, read from its bytes (never its name nor the browser's word). Only these seven
 * formats are accepted; SVG, HTML, scripts and everything else are refused.
 */
export interface Accepted {
  type: MediaType;
  mime: string;
  ext: "jpg" | "png" | "gif" | "webp" | "mp4" | "webm" | "pdf";
  label: string;
}

const ACCEPTED: Record<string, Accepted> = {
  "image/jpeg": { type: "image", mime: "image/jpeg", ext: "jpg", label: "JPG" },
  "image/png": { type: "image", mime: "image/png", ext: "png", label: "PNG" },
  "image/gif": { type: "image", mime: "image/gif", ext: "gif", label: "GIF" },
  "image/webp": { type: "image", mime: "image/webp", ext: "webp", label: "WebP" },
  "video/mp4": { type: "video", mime: "video/mp4", ext: "mp4", label: "MP4" },
  "video/webm": { type: "video", mime: "video/webm", ext: "webm", label: "WebM" },
  "application/pdf": { type: "pdf", mime: "application/pdf", ext: "pdf", label: "PDF" },
};

/** Bytes file-type needs to recognise every accepted format. */
export const SNIFF_BYTES = 4100;

export async function sniff(head: Uint8Array): Promise<Accepted | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  return ACCEPTED[found.mime] ?? null;
}

/**
 * Markup at the start of a file is how polyglots (a valid GIF or PDF that a browser would also read
 * as HTML) and renamed pages are made; browsers sniff the first 512 bytes, we look at the first 1024.
 * A tag's name ends at whitespace, "/" or ">" (`<svg/onload=…>` is an svg tag), in any case. Two nets:
 * - anywhere in those bytes, the tags that run or embed something, and any tag carrying an on…= handler;
 * - at the very start (after a byte-order mark, whitespace and comments), every tag the WHATWG sniffing
 *   rules read as HTML or XML, short ones (<a, <b, <p) included: there they cannot be chance bytes.
 * XMP metadata (<x:xmpmeta>, <rdf:…>) is not markup a browser runs and is allowed.
 */
const END = String.raw`(?=[\s/>\0])`;
const ANYWHERE = new RegExp(
  String.raw`<\s*(?:!doctype\s+html|(?:html|head|body|script|svg|math|iframe|frame|frameset|object|embed|meta|img|image|style|link|base|form|template|video|audio|source|xml|xsl:stylesheet)${END}|a[\s/]+href|[a-z][a-z0-9:-]*(?:[\s/"'][^<>]*?)?[\s/"']on[a-z]+\s*=)`,
  "i",
);
const AT_START = new RegExp(
  String.raw`^<(?:\?xml|!doctype|(?:html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|rss|feed|rdf:rdf)${END})`,
  "i",
);
/** Byte-order marks, whitespace and <!-- comments --> a browser skips before the first tag. */
const LEADING = /^(?:\ufeff|\u00ef\u00bb\u00bf|\u00fe\u00ff|\u00ff\u00fe|\s|<!--[\s\S]*?-->)+/;

/** The bytes as text a browser could read them: latin-1 (covers UTF-8 ASCII), and UTF-16 when a BOM says so. */
function readings(bytes: Buffer): string[] {
  const texts = [bytes.toString("latin1")];
  if (bytes[0] === 0xff && bytes[1] === 0xfe) texts.push(bytes.subarray(2).toString("utf16le"));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    texts.push(swapped.swap16().toString("utf16le"));
  }
  return texts;
}

export function looksLikeMarkup(head: Uint8Array): boolean {
  const bytes = Buffer.from(head.subarray(0, 1024));
  return readings(bytes).some((text) => ANYWHERE.test(text) || AT_START.test(text.replace(LEADING, "")));
}
