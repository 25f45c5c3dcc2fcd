import type { Kysely, Migration } from "kysely";

/**
 * The site's design settings (issue 11): one JSON document in two rows, 'draft' and 'published', with a
 * version for optimistic concurrency, like the site structure. Until a row exists the code's defaults
 * (today's look) stand in.
 */
export const m0015_site_design: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("site_design")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .execute();
  },
};
