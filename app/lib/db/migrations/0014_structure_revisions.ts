import { sql, type Kysely, type Migration } from "kysely";

/**
 * Each publication of the site structure kept as a revision (who, when, the published document and the
 * titles, descriptions and addresses of the pages at that moment), the last 50 kept; one can be restored
 * as the draft from /admin/site-structure. A site that already published its structure starts its history
 * with that publication.
 */
export const m0014_structure_revisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("site_structure_revisions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .execute();
    await db.schema.createIndex("site_structure_revisions_created").on("site_structure_revisions").column("created_at").execute();
    await firstStructureRevision(db);
  },
};

/**
 * The data step of 0014: the published structure, if any, becomes the first entry of the history. Also
 * run on the rows of a backup made before 0014 once they are restored (app/lib/backup/restore.server.ts),
 * so a restored site has the history an upgraded one would have.
 */
export async function firstStructureRevision(db: Kysely<unknown>): Promise<void> {
  const has = await sql<{ n: number }>`select count(*) as n from site_structure_revisions`.execute(db);
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  const published = await sql<{ data: string; updated_at: string; updated_by: string | null }>`
    select data, updated_at, updated_by from site_structure where id = 'published'`.execute(db);
  const row = published.rows[0];
  if (!row) return;
  let structure: unknown;
  try {
    structure = JSON.parse(row.data);
  } catch {
    return;
  }
  const rows = await sql<{ page_id: string; lang: "fr" | "en"; title: string; description: string; path: string }>`
    select t.page_id, t.lang, t.title, t.description, t.path from page_translations t join pages p on p.id = t.page_id
    where p.kind in ('system', 'custom')`.execute(db);
  const pages: Record<string, Partial<Record<"fr" | "en", { title: string; description: string; path: string }>>> = {};
  for (const r of rows.rows) (pages[r.page_id] ??= {})[r.lang] = { title: r.title, description: r.description, path: r.path };
  const data = JSON.stringify({ structure, pages });
  await sql`insert into site_structure_revisions (id, data, created_at, created_by) values (${"first-" + row.updated_at}, ${data}, ${row.updated_at}, ${row.updated_by})`.execute(
    db,
  );
}
