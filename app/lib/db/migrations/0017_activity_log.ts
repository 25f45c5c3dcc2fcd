import type { Kysely, Migration } from "kysely";

/**
 * The activity log (issue 25 §5): who did what, when and from where. Append-only: the application has
 * no code that updates or deletes a row except the retention sweep (ACTIVITY_RETENTION_DAYS). Rows are
 * listed newest first with keyset pagination on (at, id), filtered by action or member, hence the
 * three indexes.
 */
export const m0017_activity_log: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("activity_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("target_type", "text")
      .addColumn("target_id", "text")
      .addColumn("target_label", "text")
      .addColumn("lang", "text")
      .addColumn("detail", "text")
      .addColumn("ip", "text")
      .execute();
    await db.schema.createIndex("activity_log_at").on("activity_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("activity_log_action_at").on("activity_log").columns(["action", "at", "id"]).execute();
    await db.schema.createIndex("activity_log_actor_at").on("activity_log").columns(["actor_email", "at", "id"]).execute();
  },
};
