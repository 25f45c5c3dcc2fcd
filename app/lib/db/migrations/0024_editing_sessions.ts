import { sql, type Kysely, type Migration } from "kysely";

/**
 * Who has a page or an article open in an editor (issue 25 §3, decision 049): one row per browser tab and
 * page, refreshed by the tab's heartbeat, "editing" for the one tab that holds the page and "reading" for
 * the others. Ephemeral (never backed up): a row whose heartbeat stopped is stale after 30 s and removed
 * later. The partial unique index is what makes two simultaneous take-overs end with one holder.
 */
export const m0024_editing_sessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("editing_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_id", "text", (c) => c.notNull().references("pages.id").onDelete("cascade"))
      .addColumn("member_id", "text", (c) => c.notNull().references("team_members.id").onDelete("cascade"))
      .addColumn("tab_id", "text", (c) => c.notNull())
      .addColumn("mode", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("editing_sessions_tab").on("editing_sessions").columns(["page_id", "tab_id"]).unique().execute();
    // One holder per page: SQLite and PostgreSQL both take a partial unique index.
    await sql`create unique index editing_sessions_holder on editing_sessions (page_id) where mode = 'editing'`.execute(db);
  },
};
