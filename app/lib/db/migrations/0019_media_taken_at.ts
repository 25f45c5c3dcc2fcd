import type { Kysely, Migration } from "kysely";

/**
 * When a photo was taken (issue 22 §6), read from its EXIF, XMP or IPTC at upload, before the stored
 * copy loses its metadata; the author goes to the existing `author` column. Local wall-clock time as the
 * camera wrote it ("2023-06-14T15:32:10"), without a zone: cameras rarely record one.
 */
export const m0019_media_taken_at: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("media").addColumn("taken_at", "text").execute();
  },
};
