import { sql, type Kysely, type Migration } from "kysely";

/**
 * Uploaded media: where the files live in storage (to delete them with the row), who uploaded them, and
 * indexes for a library of thousands of items listed newest first, per type and per category, and one
 * lower-cased text (title, alt, category) so a search is one LIKE per row instead of three.
 */
export const m0007_media_library: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("media").addColumn("storage_keys", "text").execute();
    await db.schema.alterTable("media").addColumn("uploaded_by", "text").execute();
    await db.schema
      .alterTable("media")
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await sql`update media set search_text = lower(title || ' ' || alt || ' ' || category)`.execute(db);
    await db.schema.createIndex("media_created_idx").on("media").columns(["created_at", "id"]).execute();
    await db.schema.createIndex("media_type_created_idx").on("media").columns(["type", "created_at", "id"]).execute();
    await db.schema.createIndex("media_category_idx").on("media").columns(["category"]).execute();
  },
};
