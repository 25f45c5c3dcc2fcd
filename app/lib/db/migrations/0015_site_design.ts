import type { Kysely, Migration } from "kysely";
import { createDraftPublishedTable } from "./draft-published-table";

/**
 * The site's design settings (issue 11): one JSON document in two rows, 'draft' and 'published', with a
 * version for optimistic concurrency, like the site structure. Until a row exists the code's defaults
 * (today's look) stand in.
 */
export const m0015_site_design: Migration = {
  async up(db: Kysely<unknown>) {
    await createDraftPublishedTable(db, "site_design");
  },
};
