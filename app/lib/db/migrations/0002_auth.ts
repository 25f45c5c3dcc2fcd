import type { Kysely, Migration } from "kysely";

/**
 * Accounts (who can sign in), team members (who may enter the back-office, seed 000 §3), sessions and
 * sign-in throttling. Sessions and throttle counters live here so several server processes share them.
 */
export const m0002_auth: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("team_members")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_login", "text")
      .execute();
    await db.schema
      .createTable("sessions")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_account_idx").on("sessions").column("account_id").execute();
    await db.schema
      .createTable("throttle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("window_start", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .execute();
  },
};
