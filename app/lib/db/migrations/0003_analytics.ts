import type { Kysely, Migration } from "kysely";

/**
 * Cookie consents (seed 000 §3 gdpr_consent) and first-party page views. Page views are kept raw (for
 * "visitors in the last 5 minutes") and summed per day and path on insert, so top pages and the daily
 * chart read a few thousand aggregate rows instead of scanning millions (docs/decisions/010-analytics-and-consent.md).
 */
export const m0003_analytics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("gdpr_consents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("ip_address", "text", (c) => c.notNull())
      // 0 or 1: SQLite has no boolean type and better-sqlite3 does not bind JavaScript booleans.
      .addColumn("accepted", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("gdpr_consents_created_idx").on("gdpr_consents").column("created_at").execute();

    // Append-only log: no primary key of its own (SQLite's rowid is implicit); nothing updates a row.
    await db.schema
      .createTable("page_views")
      .addColumn("visitor_id", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("referrer_host", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // Covering index for "distinct visitors since T": the count never reads the table itself.
    await db.schema.createIndex("page_views_recent_idx").on("page_views").columns(["created_at", "visitor_id"]).execute();

    await db.schema
      .createTable("page_view_daily")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("views", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("page_view_daily_pk", ["day", "path"])
      .execute();
  },
};
