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
 * XMP metadata (<x:xmpmeta>, <rdf:…>) is not markup a browser runs and is allowed.
 */
const MARKUP = /<\s*(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script|svg[\s>]|iframe|object[\s>]|embed[\s>]|meta[\s>]|img[\s>]|a\s+href|style[\s>])/i;
export function looksLikeMarkup(head: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(head.subarray(0, 1024)).toString("latin1"));
}
