import type { Kysely, Migration } from "kysely";
import { m0013_article_list_speed } from "./0013_article_list_speed";

/**
 * Translations that stay in step (issue 20 §6): when a language version's body or title last changed
 * (content_changed_at), and up to when it is in step with the other language (synced_at: its own last
 * change, or the moment a member marked it up to date). The other language changed later: "à revoir".
 * Existing rows start with neither: nothing is flagged until something changes.
 */
export const m0020_translation_sync: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("page_translations").addColumn("content_changed_at", "text").execute();
    await db.schema.alterTable("page_translations").addColumn("synced_at", "text").execute();
    // A draft filled by "Traduire depuis le français" waits for a member's reading ("à relire").
    await db.schema
      .alterTable("page_translations")
      .addColumn("needs_review", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // SQLite appends columns after the documents: reading them in the lists would walk the documents'
    // overflow pages again (the cost 0013 removed). The same rebuild puts the documents last once more.
    await m0013_article_list_speed.up(db);
  },
};
