import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "~/lib/env.server";

/**
 * Secrets sealed at rest (decision 047): AES-256-GCM under a key derived from APP_SECRET, or, when it is
 * unset, from a random key kept in DATA_DIR/app-secret.key (mode 0600) so `npm start` works on defaults.
 * A sealed value reads `s1.<key id>.<base64url(iv | ciphertext | tag)>`; the key id (8 bytes of an HMAC
 * of the key) tells "another installation's key" apart from a damaged value, and the additional data
 * ties a value to its row, so a sealed secret copied onto another account does not open.
 */
const PREFIX = "s1";
export const KEY_FILE = "app-secret.key";

let key: { bytes: Buffer; id: string } | undefined;

function deriveFrom(material: Buffer): { bytes: Buffer; id: string } {
  const bytes = Buffer.from(hkdfSync("sha256", material, "archimed", "secret-box v1", 32));
  const id = createHmac("sha256", bytes).update("key id").digest("base64url").slice(0, 11);
  return { bytes, id };
}

/**
 * The key file, created once: written aside then hard-linked into place, so processes starting together
 * (WEB_CONCURRENCY, the command line) either create it or read the one that won, never a half-written one.
 */
function keyFileMaterial(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, randomBytes(32).toString("base64url") + "\n", { mode: 0o600 });
  chmodSync(aside, 0o600);
  try {
    linkSync(aside, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    unlinkSync(aside);
  }
  return readFileSync(file);
}

/** Loads the key at boot (the server and `npm run team`); APP_SECRET wins over the file. */
export function loadSecretKey(env: Pick<Env, "APP_SECRET" | "dataDir">): void {
  const material = env.APP_SECRET ? Buffer.from(env.APP_SECRET, "utf8") : Buffer.from(keyFileMaterial(env.dataDir).toString("utf8").trim(), "utf8");
  key = deriveFrom(material);
}

function currentKey() {
  if (!key) throw new Error("clé de chiffrement non chargée (loadSecretKey n'a pas été appelé)");
  return key;
}

export const isSealed = (value: string) => value.startsWith(`${PREFIX}.`);

export function seal(plain: string, boundTo: string): string {
  const k = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", k.bytes, iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const body = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}.${k.id}.${body.toString("base64url")}`;
}

export type Opened = { ok: true; plain: string } | { ok: false; reason: "other_key" | "damaged" };

/** A sealed value back in clear; a value stored before sealing existed is returned as is. */
export function open(stored: string, boundTo: string): Opened {
  if (!isSealed(stored)) return { ok: true, plain: stored };
  const [, id, data] = stored.split(".");
  const k = currentKey();
  if (id !== k.id) return { ok: false, reason: "other_key" };
  try {
    const body = Buffer.from(data ?? "", "base64url");
    if (body.length < 12 + 16) return { ok: false, reason: "damaged" };
    const decipher = createDecipheriv("aes-256-gcm", k.bytes, body.subarray(0, 12));
    decipher.setAAD(Buffer.from(boundTo, "utf8"));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const plain = Buffer.concat([decipher.update(body.subarray(12, body.length - 16)), decipher.final()]).toString("utf8");
    return { ok: true, plain };
  } catch {
    return { ok: false, reason: "damaged" };
  }
}

/** For the decision record's check and the tests: a short fingerprint that names the key without revealing it. */
export const secretKeyId = () => currentKey().id;
