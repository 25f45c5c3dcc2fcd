import type { Kysely, Migration } from "kysely";
import { createDraftPublishedTable } from "./draft-published-table";

/**
 * The site structure (menu, footer, contact settings, pending page-meta changes): one JSON document in
 * two rows, 'draft' and 'published', with a version for optimistic concurrency. Until a row exists the
 * code's default structure (today's menu and footer) stands in.
 */
export const m0011_site_structure: Migration = {
  async up(db: Kysely<unknown>) {
    await createDraftPublishedTable(db, "site_structure");
  },
};
