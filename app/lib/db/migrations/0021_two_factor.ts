import type { Kysely, Migration } from "kysely";

/**
 * Two-factor sign-in (issue 25 §6, decision 045): an authenticator secret per account (confirmed once a
 * first code matched; the last accepted time step refuses a replayed code), ten one-time recovery codes
 * kept as SHA-256 hashes, the short-lived "second step" tokens between the password and the code (hashed
 * like sessions, never backed up), and the site's policy (who must have a second factor).
 */
export const m0021_two_factor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("two_factor")
      .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
      .addColumn("secret", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("last_time_step", "integer")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("two_factor_recovery_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    await db.schema.createIndex("two_factor_recovery_account").on("two_factor_recovery_codes").columns(["account_id", "code_hash"]).execute();
    await db.schema
      .createTable("two_factor_challenges")
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("two_factor_settings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("policy", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};
