import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/**
 * One migrated and seeded database per test run, copied for every test server instead of migrating and
 * seeding each time (decision 053): a SQLite file, and a PostgreSQL database that `CREATE DATABASE … TEMPLATE`
 * copies. It has no team member, so each server still creates its own first admin from its environment.
 * Made by the built server's own code (`migrateAndSeed`), so it is exactly what a first start writes.
 * tests/support/server.ts reads the two variables below; without them a server migrates and seeds itself.
 */
export const SQLITE_TEMPLATE_VAR = "ARCHIMED_TEST_SQLITE_TEMPLATE";
export const PG_TEMPLATE_VAR = "ARCHIMED_TEST_PG_TEMPLATE";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Template databases are named so that one left behind by a killed run can be recognised and dropped. */
const PG_PREFIX = "archimed_tpl_";
const STALE_MS = 24 * 3600_000;

export interface Templates {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

function migrateAndSeed(env: Record<string, string>): Promise<void> {
  const buildDir = path.resolve(ROOT, process.env.BUILD_DIR || "build");
  const entry = pathToFileURL(path.join(buildDir, "server/index.js")).href;
  const script = `const m = await import(${JSON.stringify(entry)}); await m.migrateAndSeed(); process.exit(0);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`base modèle non créée (code ${code}) :\n${output}`))));
  });
}

async function withAdmin<T>(adminUrl: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end().catch(() => {});
  }
}

async function makeSqlite(): Promise<{ file: string; drop: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-template-"));
  await migrateAndSeed({ DATA_DIR: dir });
  const file = path.join(dir, "site.db");
  // Closed cleanly, SQLite folds its write-ahead log back into the file: the file alone is the database.
  if (!existsSync(file) || existsSync(`${file}-wal`)) throw new Error(`base modèle SQLite incomplète : ${dir}`);
  return { file, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

async function makePostgres(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `${PG_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin(adminUrl, async (c) => {
    // Templates of runs that were killed before their teardown (a day old at least: a running suite never is).
    const { rows } = await c.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${PG_PREFIX}%`]);
    for (const { datname } of rows) {
      const made = parseInt(datname.slice(PG_PREFIX.length).split("_")[0], 36);
      if (Number.isFinite(made) && Date.now() - made > STALE_MS) await c.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
    await c.query(`create database ${name}`);
  });
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const drop = () => withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  try {
    await migrateAndSeed({ DATABASE_URL: u.toString() });
    // Nobody may connect to it any more: CREATE DATABASE … TEMPLATE refuses a source with open connections.
    await withAdmin(adminUrl, (c) => c.query(`alter database ${name} allow_connections false`));
  } catch (e) {
    await drop().catch(() => {});
    throw e;
  }
  return { name, drop };
}

/** Both templates at once (PostgreSQL only when `pgAdminUrl` is given). */
export async function makeTemplates(pgAdminUrl: string | null): Promise<Templates> {
  const [sqlite, postgres] = await Promise.allSettled([makeSqlite(), pgAdminUrl ? makePostgres(pgAdminUrl) : Promise.resolve(null)]);
  const env: Record<string, string> = {};
  const drops: (() => unknown)[] = [];
  if (sqlite.status === "fulfilled") {
    env[SQLITE_TEMPLATE_VAR] = sqlite.value.file;
    drops.push(sqlite.value.drop);
  } else console.warn(`⚠ ${String(sqlite.reason)}\n  Chaque serveur de test SQLite migrera et amorcera sa propre base.`);
  if (postgres.status === "fulfilled" && postgres.value) {
    env[PG_TEMPLATE_VAR] = postgres.value.name;
    drops.push(postgres.value.drop);
  } else if (postgres.status === "rejected")
    console.warn(`⚠ ${String(postgres.reason)}\n  Chaque serveur de test PostgreSQL migrera et amorcera sa propre base.`);
  return {
    env,
    drop: async () => {
      await Promise.all(drops.map(async (d) => d()));
    },
  };
}
