import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../migrations.server";
import { m0013_article_list_speed } from "./0013_article_list_speed";

const columns = (file: SQLite.Database) => (file.prepare("pragma table_info(page_translations)").all() as { name: string }[]).map((c) => c.name);

describe("migration 0013 on SQLite: documents last", () => {
  it("puts draft and published after every other column of a fresh database", async () => {
    const file = new SQLite(":memory:");
    await migrateToLatest(new Kysely<unknown>({ dialect: new SqliteDialect({ database: file }) }));
    expect(columns(file).slice(-2)).toEqual(["draft", "published"]);
    expect(columns(file)).toContain("tags");
  });

  it("keeps rows, constraints, indexes and a column another migration added", async () => {
    const file = new SQLite(":memory:");
    file.pragma("foreign_keys = ON");
    file.exec(`create table "pages" ("id" text primary key);
      create table "page_translations" ("page_id" text not null references "pages" ("id") on delete cascade, "lang" text not null, "path" text not null unique,
        "draft" text not null, "published" text, "publish_at" text, constraint "page_translations_pk" primary key ("page_id", "lang"));
      alter table "page_translations" add column "extra" text default 'x';
      create index "pt_date" on "page_translations" ("lang", "publish_at");
      insert into pages values ('p1');
      insert into page_translations (page_id, lang, path, draft, published, publish_at, extra) values ('p1', 'fr', '/a', '{"d":1}', null, '2026-01-01', 'kept');`);
    await m0013_article_list_speed.up(new Kysely<unknown>({ dialect: new SqliteDialect({ database: file }) }));
    expect(columns(file)).toEqual(["page_id", "lang", "path", "publish_at", "extra", "draft", "published"]);
    expect(file.prepare("select * from page_translations").all()).toEqual([
      { page_id: "p1", lang: "fr", path: "/a", publish_at: "2026-01-01", extra: "kept", draft: '{"d":1}', published: null },
    ]);
    expect(file.prepare("select name from sqlite_master where type = 'index' and name = 'pt_date'").get()).toBeTruthy();
    expect(() => file.prepare("insert into page_translations (page_id, lang, path, draft) values ('p1', 'en', '/a', '{}')").run()).toThrow(/UNIQUE/);
    expect(() => file.prepare("insert into page_translations (page_id, lang, path, draft) values ('p1', 'fr', '/b', '{}')").run()).toThrow(/UNIQUE|PRIMARY/);
    expect(() => file.prepare("insert into page_translations (page_id, lang, path, draft) values ('nope', 'fr', '/c', '{}')").run()).toThrow(/FOREIGN/);
    expect(file.prepare("select extra from page_translations where path = '/a'").get()).toEqual({ extra: "kept" });
  });
});
