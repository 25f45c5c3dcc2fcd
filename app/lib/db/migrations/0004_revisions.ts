import type { Kysely, Migration } from "kysely";

/**
 * Revisions: each publication keeps the document it published, so it can be previewed and restored.
 * site_state holds the content revision that lets every server process drop its HTML cache when
 * another process publishes.
 */
export const m0004_revisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("page_revisions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("doc", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .execute();
    await db.schema.createIndex("page_revisions_page_idx").on("page_revisions").columns(["page_id", "lang", "created_at"]).execute();
    await db.schema
      .createTable("site_state")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "integer", (c) => c.notNull())
      .execute();
  },
};
