import type { Kysely, Migration } from "kysely";

/**
 * Comments on a block or an element of a page or an article (issue 25 §2, decision 048): pinned by the
 * target's id in the document of one language, so they follow it through every move; replies point to
 * their thread's first comment. Mentions are rows of their own: each mentioned member's unread notice.
 * Not in the page document on purpose: the public page and the export render the document only.
 */
export const m0023_comments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("comments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      // No foreign key to comments.id: a restore inserts a table's rows in any order (replies go with their thread in code).
      .addColumn("parent_id", "text")
      .addColumn("author_id", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("resolved_at", "text")
      .addColumn("resolved_by", "text")
      .execute();
    await db.schema.createIndex("comments_page").on("comments").columns(["page_id", "lang", "created_at"]).execute();
    await db.schema
      .createTable("comment_mentions")
      .addColumn("comment_id", "text", (c) => c.notNull().references("comments.id").onDelete("cascade"))
      .addColumn("member_id", "text", (c) => c.notNull())
      .addColumn("read_at", "text")
      .addPrimaryKeyConstraint("comment_mentions_pk", ["comment_id", "member_id"])
      .execute();
    await db.schema.createIndex("comment_mentions_member").on("comment_mentions").columns(["member_id", "read_at"]).execute();
  },
};
