import { randomBytes } from "node:crypto";

/**
 * Generated storage names: 24 random base32 characters, an optional variant suffix and the extension of
 * the sniffed type. The uploader's file name never becomes a path; it only suggests the title.
 */
export const STORAGE_KEY = /^[a-z2-7]{24}(-(?:480|960|1600|thumb|v\d{1,4}))?\.(jpg|png|gif|webp|mp4|webm|pdf)$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export function newStorageBase(): string {
  const bytes = randomBytes(24);
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export function keyOf(base: string, ext: string, variant?: string): string {
  const key = `${base}${variant ? `-${variant}` : ""}.${ext}`;
  if (!isStorageKey(key)) throw new Error(`nom de fichier généré invalide : ${key}`);
  return key;
}

/** Public address of a stored file. */
export const MEDIA_URL_PREFIX = "/media/u/";
export function urlOf(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}
