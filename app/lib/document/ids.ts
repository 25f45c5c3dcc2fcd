/** Node ids carry their kind as a prefix (seed 001 §3): block-, section-, column-, element-. */
type IdPrefix = "block-" | "section-" | "column-" | "element-";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function newId(prefix: IdPrefix): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return prefix + out;
}
