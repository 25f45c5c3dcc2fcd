import { makePublic, siteTimeZone } from "~/lib/content/translations.server";
import { errors } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { getArticle } from "./article-queries.server";
import { invalidateArticle, lockedVersion } from "./article-rows.server";
import { MAX_BACKDATE_DAYS, MAX_SCHEDULE_AHEAD_DAYS } from "./article-schemas";
import { localToUtc } from "./time";

/**
 * Publishing, scheduling and unpublishing one language version of an article. Publication is decided
 * at read time (publish_at <= now), so a schedule is a row, never a job that must run; the time a member
 * types is in the site's time zone (SITE_TIMEZONE).
 */
const db = () => runtime().db.kysely;

function checkRange(at: Date, now: Date) {
  const days = (at.getTime() - now.getTime()) / 86_400_000;
  if (days > MAX_SCHEDULE_AHEAD_DAYS) throw errors.invalid("date de publication trop lointaine (deux ans au plus)");
  if (days < -MAX_BACKDATE_DAYS) throw errors.invalid("date de publication trop ancienne (dix ans au plus dans le passé)");
}

/**
 * Makes the current body public from `at` (in the future: programmé; now or before: publié), keeps a
 * revision. The version is checked, not moved on: the builder's open draft stays current.
 */
async function setPublication(id: string, lang: Lang, version: number, at: Date, by: string, now: Date) {
  checkRange(at, now);
  const atIso = at.toISOString();
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedVersion(trx, id, lang, version);
      await makePublic(trx, row, { publishAt: atIso, publishedAt: atIso, by, now: now.toISOString() });
      return row.path;
    });
  await invalidateArticle(id, [path]);
  return getArticle(id, now);
}

export function scheduleArticle(id: string, lang: Lang, version: number, atLocal: string, by: string, now = new Date()) {
  return setPublication(id, lang, version, localToUtc(atLocal, siteTimeZone()), by, now);
}

export function publishArticleNow(id: string, lang: Lang, version: number, by: string, now = new Date()) {
  return setPublication(id, lang, version, now, by, now);
}

/** Back to brouillon: visitors get a 404 (and the list, feed and sitemap forget it) at once. */
export async function unpublishArticle(id: string, lang: Lang, version: number, now = new Date()) {
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedVersion(trx, id, lang, version);
      await trx.updateTable("page_translations").set({ published: null, publish_at: null }).where("page_id", "=", id).where("lang", "=", lang).execute();
      return row.path;
    });
  await invalidateArticle(id, [path]);
  return getArticle(id, now);
}
