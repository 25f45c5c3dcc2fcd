import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";
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
  readonly #database: SQLite.Database;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
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
  return { kysely: new Kysely<Database>({ dialect: new ImmediateSqliteDialect(file) }), engine: "sqlite" };
}
