import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.server";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("SQLite transactions", () => {
  it("hold the write lock from their first statement (BEGIN IMMEDIATE), so another process waits instead of failing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "archimed-db-"));
    dirs.push(dataDir);
    const db = openDatabase({ DATABASE_URL: undefined, dataDir });
    await sql`create table t (n integer)`.execute(db.kysely);
    // Another process's connection, which does not wait: it tells whether the lock is free right now.
    const other = new SQLite(path.join(dataDir, "site.db"));
    other.pragma("busy_timeout = 0");
    const lockIsFree = () => {
      try {
        other.exec("begin immediate; rollback;");
        return true;
      } catch (e) {
        expect((e as { code?: string }).code).toBe("SQLITE_BUSY");
        return false;
      }
    };
    expect(lockIsFree()).toBe(true);
    await db.kysely.transaction().execute(async (trx) => {
      // Only a read so far: a deferred transaction would not hold the write lock yet.
      await sql`select count(*) from t`.execute(trx);
      expect(lockIsFree()).toBe(false);
      await sql`insert into t (n) values (1)`.execute(trx);
    });
    expect(lockIsFree()).toBe(true);
    other.close();
    await db.kysely.destroy();
  });
});
