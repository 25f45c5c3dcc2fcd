import { ApiError, errors } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { invalidatePages, load, moveReferences } from "./edit.server";
import { getMedia } from "./library.server";
import type { MediaItem } from "./media-schemas";
import { mediaStorage } from "./storage.server";
import { storeFiles, withReceivedFile } from "./upload.server";

/**
 * "Remplacer" in the Médiathèque's "…" menu (issue 22 §5): a new file becomes the item's new version,
 * as an edit does (decision record 013): new generated names, the pages and social images that show the
 * item moved to it in the same transaction, the HTML cache dropped. Title, alt text and category stay.
 * The file must be of the item's kind (an image for an image…): a page's image element cannot show a PDF.
 * The new file comes first in the stored keys, so "Revenir à l'original" goes back to it, not to the
 * file it replaced; every earlier file stays listed and is removed with the item.
 */
const KIND = { image: "une image", video: "une vidéo", pdf: "un PDF" } as const;

export async function replaceMedia(request: Request, id: string): Promise<MediaItem> {
  // The item is looked up before the bytes are read: an unknown id is a 404 at once.
  await getMedia(id);
  return withReceivedFile(request, async (received, tmpDir, made) => {
    const { item, keys } = await load(id);
    if (received.kind.type !== item.type) {
      throw new ApiError(400, "wrong_kind", `Ce média est ${KIND[item.type]}\u00a0: remplacez-le par ${KIND[item.type]}.`);
    }
    const { env, db } = runtime();
    const storage = mediaStorage(env);
    const put: string[] = [];
    try {
      const files = await storeFiles(received, tmpDir, made, put);
      await db.kysely.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable("media")
          .set({ ...files, storage_keys: JSON.stringify([...put, ...keys]) })
          .where("id", "=", id)
          .executeTakeFirst();
        // Deleted by someone else while the file was on its way.
        if (Number(changed.numUpdatedRows) === 0) throw errors.notFound("Média");
        await moveReferences(trx, item.url, files.url);
      });
    } catch (e) {
      await Promise.all(put.map((k) => storage.delete(k).catch((err: unknown) => log.warn(`média orphelin ${k}`, err))));
      throw e;
    }
    await invalidatePages();
    return getMedia(id);
  });
}
