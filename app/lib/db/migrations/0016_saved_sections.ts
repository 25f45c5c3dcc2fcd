import type { Kysely, Migration } from "kysely";

/**
 * Saved sections (issue 11 §6, "Enregistrer comme modèle"): a block of the builder kept under a name,
 * to be inserted into any page (its ids are regenerated on insertion). The block is JSON text, checked
 * and sanitized as a draft is when stored.
 */
export const m0016_saved_sections: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("saved_sections")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("block", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .execute();
    await db.schema.createIndex("saved_sections_created").on("saved_sections").column("created_at").execute();
  },
};
