import type { Kysely, Migration } from "kysely";

/** Requests sent with the public contact form, listed in the back-office ("Demandes"). */
export const m0008_contact_requests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("contact_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text")
      .addColumn("business", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("offer", "text")
      // nouveau | traité (stored as "new" | "done")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .addColumn("handled_at", "text")
      .addColumn("handled_by", "text")
      // When the e-mail to the team went out (null: SMTP not configured or the send failed, see the log).
      .addColumn("emailed_at", "text")
      .execute();
    await db.schema.createIndex("contact_requests_created_idx").on("contact_requests").column("created_at").execute();
  },
};
