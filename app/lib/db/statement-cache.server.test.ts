import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./connection.server";

const opened: SQLite.Database[] = [];
function memoryDb() {
  const db = new SQLite(":memory:");
  opened.push(db);
  db.exec("create table t (id integer primary key, name text)");
  db.exec("insert into t (name) values ('a'), ('b'), ('c')");
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

describe("withStatementCache", () => {
  it("prepares each SQL text once and gives the same statement back", () => {
    const cache = withStatementCache(memoryDb());
    const first = cache.prepare("select name from t where id = ?");
    expect(cache.prepare("select name from t where id = ?")).toBe(first);
    expect(cache.prepare("select name from t where id > ?")).not.toBe(first);
    expect(cache.cached).toBe(2);
  });

  it("keeps at most its size, dropping the least recently used", () => {
    const cache = withStatementCache(memoryDb(), 2);
    const a = cache.prepare("select 1");
    cache.prepare("select 2");
    expect(cache.prepare("select 1")).toBe(a); // used again: now the most recent
    cache.prepare("select 3"); // drops "select 2"
    expect(cache.cached).toBe(2);
    expect(cache.prepare("select 1")).toBe(a);
  });

  it("gives a statement of its own to a query run while the kept one is still iterated", () => {
    const cache = withStatementCache(memoryDb());
    const names: string[] = [];
    for (const row of cache.prepare("select name from t order by id").iterate([]) as IterableIterator<{ name: string }>) {
      // The same text again, mid-iteration: better-sqlite3 would refuse to run a busy statement.
      const all = cache.prepare("select name from t order by id").all([]) as { name: string }[];
      names.push(`${row.name}${all.length}`);
    }
    expect(names).toEqual(["a3", "b3", "c3"]);
  });

  it("reads a table changed after the statement was kept (a migration, a restore): new columns and rows", () => {
    const db = memoryDb();
    const cache = withStatementCache(db);
    expect(cache.prepare("select * from t where id = 1").all([])).toEqual([{ id: 1, name: "a" }]);
    db.exec("alter table t add column note text default 'n'");
    db.exec("update t set name = 'z' where id = 1");
    expect(cache.prepare("select * from t where id = 1").all([])).toEqual([{ id: 1, name: "z", note: "n" }]);
  });

  it("serves Kysely's queries, reads and writes, through the kept statements", async () => {
    const cache = withStatementCache(memoryDb());
    const kysely = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: cache }) });
    for (let i = 0; i < 3; i++) {
      await kysely
        .insertInto("t")
        .values({ name: `n${i}` })
        .execute();
      await kysely.selectFrom("t").select("name").where("id", "=", 1).execute();
    }
    expect(
      await kysely
        .selectFrom("t")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 6 });
    // Three texts (the insert, the select by id, the count), each prepared once.
    expect(cache.cached).toBe(3);
    await kysely.destroy();
  });
});
