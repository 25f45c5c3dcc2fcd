import type { Kysely, Migration } from "kysely";

/**
 * Review requests (issue 25 §1): a contributor's "Demander une relecture" on one language of a page or an
 * article, and the reviewer's answer. One open request per page and language (a new one replaces it);
 * answered ones stay as the page's history of reviews.
 */
export const m0018_review_requests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("review_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("requested_by", "text", (c) => c.notNull())
      .addColumn("requested_at", "text", (c) => c.notNull())
      .addColumn("message", "text")
      .addColumn("answered_by", "text")
      .addColumn("answered_at", "text")
      .addColumn("answer", "text")
      .execute();
    await db.schema.createIndex("review_requests_status").on("review_requests").columns(["status", "requested_at"]).execute();
    await db.schema.createIndex("review_requests_page").on("review_requests").columns(["page_id", "lang", "requested_at"]).execute();
  },
};
