import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openTestDb, type TestDb } from "./db";
import { PG_TEMPLATE_VAR, SQLITE_TEMPLATE_VAR } from "./template";

/**
 * Starts the built server (npm run build first) on a free port with its own fresh database:
 * a temporary SQLite directory, or a new PostgreSQL database dropped afterwards. Under Vitest that database
 * is a copy of the run's migrated and seeded template (tests/support/template.ts); `{ fresh: true }` starts
 * from an empty one instead, as a first start on a new machine does.
 */
export type Engine = "sqlite" | "postgres";

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let pgReachable: Promise<boolean> | undefined;
export function postgresAvailable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgReachable;
}

/** The engines to run integration tests on: SQLite always, PostgreSQL when reachable (said clearly when not). */
export async function engines(): Promise<Engine[]> {
  if (await postgresAvailable()) return ["sqlite", "postgres"];
  console.warn(`⚠ PostgreSQL injoignable (${PG_ADMIN_URL}) : tests d'intégration sur SQLite seulement`);
  return ["sqlite"];
}

export interface TestServer {
  url: string;
  engine: Engine;
  databaseUrl?: string;
  dataDir: string;
  /** Process id of the server (for signal tests). */
  pid: number;
  /** Stops the process and removes its database and data directory. */
  stop: () => Promise<void>;
  /** Stops the process (SIGTERM) but keeps the database and data directory, e.g. to tamper with rows. */
  halt: () => Promise<void>;
  /** Halts if needed, then starts a new process on the same database and data directory. */
  restart: (extraEnv?: Record<string, string>) => Promise<TestServer>;
  /** Sends a signal and resolves when the process exits, with its exit code and how long it took. */
  signal: (sig: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  logs: () => string;
}

interface Storage {
  engine: Engine;
  dataDir: string;
  pg?: { url: string; drop: () => Promise<void> };
}

async function createPgDatabase(template: string | undefined): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  /** An empty database that the server migrates and seeds itself, as on a new machine (no template copy). */
  fresh?: boolean;
  /**
   * Rows to write into the migrated and seeded database before the server first reads it: done on the
   * template's copy before the start, or, without a template, after a first start and before a restart.
   */
  prepare?: (db: TestDb) => Promise<void>;
}

export async function startServer(engine: Engine = "sqlite", extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "archimed-test-"));
  const template = options.fresh ? undefined : process.env[engine === "sqlite" ? SQLITE_TEMPLATE_VAR : PG_TEMPLATE_VAR] || undefined;
  if (engine === "sqlite" && template) copyFileSync(template, path.join(dataDir, "site.db"));
  const pgDb = engine === "postgres" ? await createPgDatabase(template) : undefined;
  const storage: Storage = { engine, dataDir, pg: pgDb };
  if (!options.prepare) return spawnServer(storage, extraEnv);
  if (template) {
    try {
      await prepareWith(options.prepare, { engine, dataDir, databaseUrl: pgDb?.url });
    } catch (e) {
      await pgDb?.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
      throw e;
    }
    return spawnServer(storage, extraEnv);
  }
  const first = await spawnServer(storage, extraEnv);
  await first.halt();
  await prepareWith(options.prepare, first);
  return first.restart();
}

async function prepareWith(prepare: (db: TestDb) => Promise<void>, server: Pick<TestServer, "engine" | "dataDir" | "databaseUrl">): Promise<void> {
  const db = await openTestDb(server);
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
}

/**
 * Another server on the database of `first` (PostgreSQL), with a data directory of its own: a second
 * machine of the same site. Its stop() removes its data directory only; the first server's drops the
 * database.
 */
export async function startSecondServer(first: TestServer, extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (first.engine !== "postgres" || !first.databaseUrl) throw new Error("un second serveur partage une base PostgreSQL");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "archimed-test-"));
  return spawnServer({ engine: "postgres", dataDir }, { DATABASE_URL: first.databaseUrl, ...extraEnv });
}

/** The process ids that said they serve (server.js logs one line per worker that listens). */
export const listeningProcesses = (logs: string): number[] => [...logs.matchAll(/processus (\d+) à l'écoute/g)].map((m) => Number(m[1]));

async function spawnServer(storage: Storage, extraEnv: Record<string, string>): Promise<TestServer> {
  const { engine, dataDir, pg: pgDb } = storage;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // A parallel build (BUILD_DIR=.build-x npx react-router build) is tested by passing the same BUILD_DIR.
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // One process per test server keeps the suite light; tests/integration/cluster.test.ts runs two.
    WEB_CONCURRENCY: "1",
    // Background work at the server's priority: tests prove behaviour, and behind a busy suite's own
    // processes a nice-19 image process waited over 30 s for a core (a CI run's pasted image never came).
    IMAGE_WORKER_NICE: "0",
    DOCUMENT_WORKER_NICE: "0",
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...extraEnv,
  };
  const root = path.resolve(import.meta.dirname, "../..");
  const child: ChildProcess = spawn(process.execPath, ["server.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const workers = Number(env.WEB_CONCURRENCY ?? "1");
  // One process serves alone and says nothing more; a primary's workers each log "processus N à l'écoute".
  const clustered = workers > 1 ? workers : 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`le serveur n'a pas démarré :\n${output}`));
    }, 60_000);
    let started = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Once it serves, the rest is only kept: reading the whole output again for every chunk of a long
      // test's logs grew with the square of their length.
      if (started) return;
      const m = output.match(/http:\/\/localhost:(\d+)/);
      // "Serveur prêt" comes with the first process; with several, every one must serve, or a test meant for
      // two processes may meet only one on a loaded machine.
      if (m && listeningProcesses(output).length >= clustered) {
        started = true;
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`le serveur s'est arrêté (code ${code}) :\n${output}`));
    });
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => {
    if (child.exitCode !== null || child.signalCode !== null) r({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => r({ code, signal }));
  });
  // A server that stops while its tests still talk to it leaves them only "socket hang up" and ECONNREFUSED:
  // its last words go to the test output, so that a run on a loaded CI machine says why.
  let stopAsked = false;
  void exited.then(({ code, signal }) => {
    if (!stopAsked)
      process.stderr.write(
        `\nLe serveur de test ${url} s'est arrêté sans qu'on le lui demande (code ${code}, signal ${signal}) ; ses dernières lignes :\n${output.slice(-6000)}\n`,
      );
  });
  const halt = async () => {
    stopAsked = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
  };
  return {
    url,
    engine,
    databaseUrl: pgDb?.url ?? env.DATABASE_URL,
    dataDir,
    pid: child.pid ?? -1,
    logs: () => output,
    halt,
    restart: async (env2 = extraEnv) => {
      await halt();
      return spawnServer(storage, env2);
    },
    signal: async (sig) => {
      stopAsked = true;
      const t0 = Date.now();
      child.kill(sig);
      const r = await exited;
      return { ...r, ms: Date.now() - t0 };
    },
    stop: async () => {
      await halt();
      await pgDb?.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
