import type { Kysely } from "kysely";

/**
 * A table that holds one JSON document as two rows, 'draft' and 'published', with a version for optimistic
 * concurrency (decision 029's draft store). Migrations 0011 and 0015 ran with exactly this: it must never
 * change; a later change to such a table is a new migration.
 */
export async function createDraftPublishedTable(db: Kysely<unknown>, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}
