import type { Kysely, Migration } from "kysely";

/**
 * Passkeys as a second factor (issue 25 §6, decision 047): each member's WebAuthn credentials (the
 * public key, the signature counter, the name the member gave it, the RP ID it was made for) and the
 * challenges handed to the browser, single use, five minutes, bound to the session or second step that
 * asked (never backed up, like the second-step tokens).
 */
export const m0022_passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("two_factor_passkeys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("credential_id", "text", (c) => c.notNull().unique())
      .addColumn("public_key", "text", (c) => c.notNull())
      // WebAuthn counters are 32-bit unsigned: past PostgreSQL's integer.
      .addColumn("counter", "bigint", (c) => c.notNull())
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("rp_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("two_factor_passkeys_account").on("two_factor_passkeys").column("account_id").execute();
    await db.schema
      .createTable("two_factor_passkey_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("bound_to", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
  },
};
