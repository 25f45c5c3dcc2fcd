import { ensureInitialAdmin } from "./auth/initial-admin.server";
import { loadSecretKey } from "./auth/secret-box.server";
import { sealClearTotpSecrets } from "./auth/two-factor.server";
import { recoverInterruptedRestore } from "./backup/restore.server";
import { mediaStorage } from "./media/storage.server";
import { openDatabase } from "./db/connection.server";
import { migrateToLatest } from "./db/migrations.server";
import { seedIfEmpty } from "./content/seed/index.server";
import { loadEnv } from "./env.server";
import { contactMailsSent } from "./contact/contact.server";
import { log } from "./log.server";
import { runtime, setRuntime, type Runtime } from "./runtime.server";

/** Checks the environment, opens and migrates the database (used by the server and the shell commands). */
export async function openRuntime(source: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  const env = loadEnv(source);
  loadSecretKey(env);
  const db = openDatabase(env);
  await migrateToLatest(db.kysely);
  const r = { env, db };
  setRuntime(r);
  // Authenticator secrets stored in clear before decision 047 are sealed once the key is known.
  await sealClearTotpSecrets();
  return r;
}

/** Server start: the above, then the seed and the first admin on a fresh database. */
export async function boot(source: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  const r = await openRuntime(source);
  // A restore a crash interrupted is finished or undone before anything reads the site.
  await recoverInterruptedRestore({ env: r.env, db: r.db, storage: mediaStorage(r.env) });
  const seeded = await seedIfEmpty(r.db);
  await ensureInitialAdmin(r.env);
  log.info(`base ${r.db.engine}${r.db.engine === "sqlite" ? ` (${r.env.dataDir})` : ""} prête${seeded ? ", contenu initial créé" : ""}`);
  return r;
}

/**
 * Migrations and the seed without the first admin, then closed: the test suite makes one such database per
 * run and copies it for each test server (tests/support/template.ts), which then boots as on any later start.
 */
export async function migrateAndSeed(source: NodeJS.ProcessEnv = process.env): Promise<void> {
  const r = await openRuntime(source);
  try {
    await seedIfEmpty(r.db);
  } finally {
    await shutdown();
  }
}

export async function shutdown(): Promise<void> {
  try {
    // Contact e-mails queued after their request was answered (contact.server.ts) go out before the database closes.
    await contactMailsSent();
    await runtime().db.kysely.destroy();
  } finally {
    setRuntime(undefined);
  }
}
