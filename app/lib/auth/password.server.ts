import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt from Node's own crypto (OpenSSL): N=2^15, r=8, p=1 (32 MiB, about
 * 100 ms here), 16-byte salt, 32-byte key. Stored as "scrypt$N$r$p$salt$key" so parameters can rise later.
 */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * The one costly step, behind an object so that a test can count it (vi.spyOn(keyDerivation, "derive")):
 * "an unknown email costs the same as a wrong password" is proven by counting derivations, never by
 * timing requests on a machine that may be busy.
 */
export const keyDerivation = {
  derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
    return new Promise((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, KEYLEN, { ...opts, maxmem: 128 * (opts.N ?? N) * (opts.r ?? R) * 2 }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  },
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await keyDerivation.derive(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isInteger) || n > 1 << 20 || r > 32 || p > 16) return false;
  const expected = Buffer.from(parts[5], "base64url");
  const key = await keyDerivation.derive(password, Buffer.from(parts[4], "base64url"), { N: n, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verifying against this costs the same as a real check: an unknown email takes as long as a wrong password. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}

export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
