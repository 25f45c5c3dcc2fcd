import type { Kysely, Migration } from "kysely";

/**
 * The backup feature's own state, never part of a backup nor touched by a restore (tables named
 * backup_*): the one lease that lets a single process at a time create or restore (and reports its
 * progress to every process), and small settings (the schedule, the last scheduled day, the marker a
 * restore commits with its rows so that recovery after a crash knows which side of the commit it is on).
 */
export const m0012_backups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("backup_leases")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("operation", "text", (c) => c.notNull())
      .addColumn("started_by", "text")
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("phase", "text", (c) => c.notNull())
      .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("message", "text")
      .addColumn("finished_at", "text")
      .execute();
    await db.schema
      .createTable("backup_settings")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
};
