import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from "kysely";
import pg from "pg";
import type { Env } from "~/lib/env.server";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL's pool under Kysely, for the rare hot statement worth a named (prepared) statement. */
  pgPool?: pg.Pool;
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first write.
 * Several processes share the file (the server's workers, the team command): a deferred transaction that
 * has read and then writes after another process committed cannot wait its turn (SQLite answers "database
 * is locked" at once, the busy timeout notwithstanding); an immediate one simply waits for the lock.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/** How many prepared statements one SQLite connection keeps (the application writes a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, each SQL text prepared once and its statement kept (least recently used
 * dropped first). Kysely's SQLite driver prepares every query it runs: in a profile of the server answering
 * API reads and members' page renders, preparing took more CPU than running the statements. SQLite prepares
 * a kept statement again by itself if the schema changes (a migration, a restore). A statement still being
 * iterated (a streamed select) is busy: a second use meanwhile gets a statement of its own.
 */
export function withStatementCache(db: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { readonly cached: number } {
  const kept = new Map<string, SQLite.Statement>();
  return {
    get cached() {
      return kept.size;
    },
    close: () => db.close(),
    prepare(sql: string) {
      const hit = kept.get(sql);
      if (hit && !hit.busy) {
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const statement = db.prepare(sql);
      if (hit) return statement;
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL says so. */
export function openDatabase(e: Pick<Env, "DATABASE_URL" | "dataDir">): Db {
  if (e.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: e.DATABASE_URL, max: 10 });
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: "postgres", pgPool: pool };
  }
  fs.mkdirSync(e.dataDir, { recursive: true });
  const file = new SQLite(path.join(e.dataDir, "site.db"));
  // WAL: readers never wait for the writer, and a crash mid-write leaves the last committed state.
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // PostgreSQL's translate(text, from, to), which SQLite lacks: the article search compares titles
  // without accents in SQL on both engines (app/lib/blog/article-queries.server.ts).
  file.function("translate", { deterministic: true }, (text: unknown, from: unknown, to: unknown) => {
    if (typeof text !== "string" || typeof from !== "string" || typeof to !== "string") return null;
    const a = [...from];
    const b = [...to];
    return [...text]
      .map((c) => {
        const i = a.indexOf(c);
        return i === -1 ? c : (b[i] ?? "");
      })
      .join("");
  });
  return { kysely: new Kysely<Database>({ dialect: new ImmediateSqliteDialect(withStatementCache(file)) }), engine: "sqlite" };
}
