import type { Kysely, Migration } from "kysely";

/**
 * The site structure (menu, footer, contact settings, pending page-meta changes): one JSON document in
 * two rows, 'draft' and 'published', with a version for optimistic concurrency. Until a row exists the
 * code's default structure (today's menu and footer) stands in.
 */
export const m0011_site_structure: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("site_structure")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();
  },
};
