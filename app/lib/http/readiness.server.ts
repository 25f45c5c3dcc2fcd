import { constants } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { mediaStorage } from "~/lib/media/storage.server";
import { runtime } from "~/lib/runtime.server";

/**
 * /readyz: can this process serve a real request? Its database answers and its media storage is
 * reachable (the S3 bucket lists, or the local media folder is writable). /healthz says only that the
 * process is alive: a load balancer restarts on the one and stops routing on the other.
 */
const CHECK_TIMEOUT_MS = 3000;

export type Readiness = { ready: true } | { ready: false; reason: string };

function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function storageReachable(): Promise<void> {
  const { env } = runtime();
  const storage = mediaStorage(env);
  if (storage.kind === "s3") {
    for await (const _ of storage.list()) break;
    return;
  }
  const dir = path.join(env.dataDir, "media");
  await mkdir(dir, { recursive: true });
  await access(dir, constants.W_OK);
}

export async function readiness(): Promise<Readiness> {
  try {
    await within(sql`select 1`.execute(runtime().db.kysely), "base de données");
  } catch (e) {
    return { ready: false, reason: `base de données injoignable (${short(e)})` };
  }
  try {
    await within(storageReachable(), "stockage des médias");
  } catch (e) {
    return { ready: false, reason: `stockage des médias injoignable (${short(e)})` };
  }
  return { ready: true };
}

function short(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 200);
}
