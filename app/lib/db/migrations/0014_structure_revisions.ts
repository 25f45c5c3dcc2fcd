import type { Kysely, Migration } from "kysely";

/**
 * Each publication of the site structure kept as a revision (who, when, the published document and the
 * titles, descriptions and addresses of the pages at that moment), the last 50 kept; one can be restored
 * as the draft from /admin/site-structure.
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
  },
};
