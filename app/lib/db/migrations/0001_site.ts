import type { Kysely, Migration } from "kysely";

/** Site settings, pages with their translations (draft and published documents), media. */
export const m0001_site: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("site_settings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("pages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("system_key", "text", (c) => c.unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("page_translations")
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull().unique())
      .addColumn("slug", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("image", "text")
      .addColumn("excerpt", "text")
      .addColumn("draft", "text", (c) => c.notNull())
      .addColumn("published", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("publish_at", "text")
      .addColumn("published_at", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .addPrimaryKeyConstraint("page_translations_pk", ["page_id", "lang"])
      .execute();
    await db.schema.createIndex("page_translations_publish_idx").on("page_translations").columns(["lang", "publish_at"]).execute();
    await db.schema
      .createTable("media")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull().unique())
      .addColumn("thumbnail", "text")
      .addColumn("webp_url", "text")
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("category", "text", (c) => c.notNull().defaultTo("Non classé"))
      .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("file_type", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("size", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("source", "text", (c) => c.notNull().defaultTo("local"))
      .addColumn("author", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
};
