import { randomBytes } from "node:crypto";
import { isStorageKey, MEDIA_URL_PREFIX } from "./media-url";

export { isStorageKey, MEDIA_URL_PREFIX, STORAGE_KEY } from "./media-url";

/**
 * Generated storage names: 24 random base32 characters, an optional variant suffix and the extension of
 * the sniffed type. The uploader's file name never becomes a path; it only suggests the title.
 */

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export function newStorageBase(): string {
  const bytes = randomBytes(24);
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export function keyOf(base: string, ext: string, variant?: string): string {
  const key = `${base}${variant ? `-${variant}` : ""}.${ext}`;
  if (!isStorageKey(key)) throw new Error(`nom de fichier généré invalide : ${key}`);
  return key;
}

/** Public address of a stored file. */
export function urlOf(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** Stored files' types by extension (the extension was chosen from the sniffed bytes): one table for serving, restoring and storing. */
const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
};

export function mimeOfKey(key: string): string {
  return MIME_BY_EXT[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
