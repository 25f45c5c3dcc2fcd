import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { getArticle } from "./article-queries.server";
import { lockedVersion } from "./article-rows.server";

/**
 * "Marquer comme à jour" (issue 20 §6): the member says this language already says what the other one
 * now says. It is in step from now on and no longer "à relire"; its text is untouched, so its version is
 * checked (the member saw this version) but not moved on.
 */
export async function markTranslationSynced(id: string, lang: Lang, version: number, now = new Date()) {
  await runtime()
    .db.kysely.transaction()
    .execute(async (trx) => {
      await lockedVersion(trx, id, lang, version);
      await trx
        .updateTable("page_translations")
        .set({ synced_at: now.toISOString(), needs_review: 0 })
        .where("page_id", "=", id)
        .where("lang", "=", lang)
        .execute();
    });
  return getArticle(id, now);
}
