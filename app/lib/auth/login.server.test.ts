import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "~/lib/db/connection.server";
import { migrateToLatest } from "~/lib/db/migrations.server";
import { loadEnv } from "~/lib/env.server";
import { ApiError } from "~/lib/http/api.server";
import { setRuntime } from "~/lib/runtime.server";
import { signIn } from "./login.server";
import { dummyHash, keyDerivation } from "./password.server";
import { addTeamMember } from "./team.server";

/*
 * "A wrong password and an unknown email: the same work, the same answer" (login.server.ts), proven by
 * counting the one costly step (the scrypt key derivation) rather than by timing requests: a timing on
 * a busy machine fails for reasons that are not bugs (issue 23).
 */
const EMAIL = "timing@archimed.test";
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "archimed-login-"));
  db = openDatabase({ DATABASE_URL: undefined, dataDir });
  await migrateToLatest(db.kysely);
  setRuntime({ env: loadEnv({ DATA_DIR: dataDir }), db });
  await addTeamMember(EMAIL, "editor", "member-password-12");
  // The stand-in hash is made once per process (by the first unknown email): made here, it is not counted below.
  await dummyHash();
});
afterAll(async () => {
  setRuntime(undefined);
  await db.kysely.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The refusal of one sign-in, and how many key derivations it cost. */
async function refusal(email: string, password: string, ip: string): Promise<{ error: unknown; derivations: number }> {
  const spy = vi.spyOn(keyDerivation, "derive");
  try {
    const error = await signIn(new Request("http://localhost/api/auth/login"), ip, { email, password }).then(
      () => null,
      (e: unknown) => e,
    );
    return { error, derivations: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe("sign-in with a wrong password or an unknown email", () => {
  it("computes the password hash exactly once in both cases and answers the same", async () => {
    const wrong = await refusal(EMAIL, "wrong-password", "127.0.0.31");
    const unknown = await refusal("ghost@archimed.test", "wrong-password", "127.0.0.41");
    expect(wrong.derivations).toBe(1);
    expect(unknown.derivations).toBe(1);
    for (const { error } of [wrong, unknown]) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code: "invalid_credentials", message: "Identifiants de connexion invalides" });
    }
  });

  it("computes it once for the right password too (the count is of real work, not of refusals)", async () => {
    const spy = vi.spyOn(keyDerivation, "derive");
    try {
      const result = await signIn(new Request("http://localhost/api/auth/login"), "127.0.0.51", { email: EMAIL, password: "member-password-12" });
      expect("member" in result && result.member.email).toBe(EMAIL);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
