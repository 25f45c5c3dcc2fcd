import { createHash, randomInt } from "node:crypto";

/**
 * One-time recovery codes ("Codes de secours"): ten of them, shown once, stored as SHA-256 hashes. Ten
 * characters from an alphabet without look-alikes (no 0/O, 1/l/I) give 50 bits each, far beyond what the
 * sign-in throttle lets anyone guess, so a fast hash is enough.
 */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

function oneCode(): string {
  let out = "";
  for (let i = 0; i < 10; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);

/** Typed codes are compared in one form: lower case, without spaces or hyphens. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(normal).digest("base64url");
}
