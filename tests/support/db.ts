import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { TestServer } from "./server";

/**
 * Direct access to a test server's database (halt the server first for SQLite): SQL with "?"
 * placeholders, run on SQLite or PostgreSQL alike.
 */
export interface TestDb {
  run: (sql: string, params?: unknown[]) => Promise<void>;
  all: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

export async function openTestDb(server: Pick<TestServer, "engine" | "dataDir" | "databaseUrl">): Promise<TestDb> {
  if (server.engine === "postgres") {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    let n = 0;
    const toPg = (sql: string) => sql.replace(/\?/g, () => `$${++n}`);
    return {
      run: async (sql, params = []) => {
        n = 0;
        await client.query(toPg(sql), params);
      },
      all: async <T>(sql: string, params: unknown[] = []) => {
        n = 0;
        return (await client.query(toPg(sql), params)).rows as T[];
      },
      close: () => client.end(),
    };
  }
  const db = new SQLite(path.join(server.dataDir, "site.db"));
  return {
    run: async (sql, params = []) => {
      db.prepare(sql).run(...params);
    },
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}
