import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEY_FILE, isSealed, loadSecretKey, open, seal, secretKeyId } from "./secret-box.server";

/** Decision 047: the authenticator secrets sealed with AES-256-GCM, the key from APP_SECRET or a 0600 file. */
const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-secret-box-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("secret box", () => {
  it("creates the key file once (mode 0600) and reads it back at the next start", () => {
    loadSecretKey({ APP_SECRET: undefined, dataDir: dir });
    const file = path.join(dir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = readFileSync(file, "utf8");
    const id = secretKeyId();
    const sealed = seal("JBSWY3DPEHPK3PXP", "account-1");
    loadSecretKey({ APP_SECRET: undefined, dataDir: dir });
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(secretKeyId()).toBe(id);
    expect(open(sealed, "account-1")).toEqual({ ok: true, plain: "JBSWY3DPEHPK3PXP" });
  });

  it("seals with a fresh nonce, binds a value to its row, and tells another key from a damaged value", () => {
    loadSecretKey({ APP_SECRET: "une-cle-de-test-assez-longue-pour-etre-valide", dataDir: dir });
    const a = seal("JBSWY3DPEHPK3PXP", "account-1");
    const b = seal("JBSWY3DPEHPK3PXP", "account-1");
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(open(a, "account-2")).toEqual({ ok: false, reason: "damaged" });
    const [prefix, id, body] = a.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[20] ^= 1;
    expect(open(`${prefix}.${id}.${flipped.toString("base64url")}`, "account-1")).toEqual({ ok: false, reason: "damaged" });
    // A value from before sealing reads as itself.
    expect(open("JBSWY3DPEHPK3PXP", "account-1")).toEqual({ ok: true, plain: "JBSWY3DPEHPK3PXP" });
    loadSecretKey({ APP_SECRET: "une-autre-cle-de-test-assez-longue-aussi", dataDir: dir });
    expect(open(a, "account-1")).toEqual({ ok: false, reason: "other_key" });
  });
});
