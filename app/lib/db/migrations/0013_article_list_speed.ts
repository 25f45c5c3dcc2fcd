import { sql, SqliteAdapter, type Kysely, type Migration } from "kysely";

const DOC_COLUMNS = ["draft", "published"];

/** Splits "a text, b text, constraint x primary key (a, b)" at its top-level commas. */
function topLevelItems(body: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      items.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(body.slice(start).trim());
  return items.filter(Boolean);
}

const columnName = (item: string) => /^["`]?([A-Za-z_][A-Za-z0-9_]*)["`]?\s/.exec(item)?.[1] ?? "";
const isConstraint = (item: string) => /^(constraint|primary|unique|check|foreign)\b/i.test(item);

/**
 * Speed of the blog lists on SQLite (issue 13, 1,000 articles per language). SQLite stores a row's
 * columns in order, and the two documents (draft, published: tens of kilobytes, spilled to overflow
 * pages) came before publish_at, published_at, updated_at and the article columns of 0010: reading a
 * date meant walking both documents' overflow chains (~50 µs a row, 100+ ms for the scheduler's list).
 * The table is rebuilt with the documents last, keeping every other column, constraint and index as
 * they are (whatever later migrations of other branches added). PostgreSQL keeps large values out of
 * line (TOAST): nothing to do there.
 */
export const m0013_article_list_speed: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'page_translations'`.execute(db);
    const create = table.rows[0]?.sql;
    if (!create) return;
    const open = create.indexOf("(");
    const items = topLevelItems(create.slice(open + 1, create.lastIndexOf(")")));
    const columns = items.filter((i) => !isConstraint(i));
    const constraints = items.filter(isConstraint);
    const docs = columns.filter((c) => DOC_COLUMNS.includes(columnName(c)));
    const rest = columns.filter((c) => !DOC_COLUMNS.includes(columnName(c)));
    const names = [...rest, ...docs].map(columnName);
    if (names.some((n) => !n) || docs.length !== DOC_COLUMNS.length) throw new Error("page_translations : définition inattendue, migration 0013 impossible");
    const indexes = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'index' and tbl_name = 'page_translations' and sql is not null`.execute(db);
    const list = names.map((n) => `"${n}"`).join(", ");
    await sql.raw(`create table "page_translations_0013" (${[...rest, ...docs, ...constraints].join(", ")})`).execute(db);
    await sql.raw(`insert into "page_translations_0013" (${list}) select ${list} from "page_translations"`).execute(db);
    await sql.raw(`drop table "page_translations"`).execute(db);
    await sql.raw(`alter table "page_translations_0013" rename to "page_translations"`).execute(db);
    for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
  },
};
