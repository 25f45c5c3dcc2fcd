import type { Kysely, Migration } from "kysely";

/**
 * Articles (pages of kind 'article'): per language version, the cover's alt text, the author (a team
 * member) and the tags; tags also as rows for filtering the blog by tag; and the old public paths of
 * articles whose slug changed, answered with a 301 to the current path.
 */
export const m0010_articles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("page_translations").addColumn("cover_alt", "text").execute();
    await db.schema.alterTable("page_translations").addColumn("author_id", "text").execute();
    await db.schema.alterTable("page_translations").addColumn("tags", "text").execute();
    await db.schema
      .createTable("article_tags")
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("tag_slug", "text", (c) => c.notNull())
      .addColumn("tag", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("article_tags_pk", ["page_id", "lang", "tag_slug"])
      .execute();
    await db.schema.createIndex("article_tags_lang_idx").on("article_tags").columns(["lang", "tag_slug"]).execute();
    await db.schema
      .createTable("slug_redirects")
      .addColumn("from_path", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // The blog list: visible articles of one language, newest first.
    await db.schema.createIndex("page_translations_lang_date_idx").on("page_translations").columns(["lang", "published_at"]).execute();
  },
};
