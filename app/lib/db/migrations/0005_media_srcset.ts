import type { Kysely, Migration } from "kysely";

/** Responsive WebP widths per image ("url 480w, url 960w, url 1600w"), so phones get small files. */
export const m0005_media_srcset: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("media").addColumn("webp_srcset", "text").execute();
  },
};
