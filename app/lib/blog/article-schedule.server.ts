import { sql } from "kysely";
import { makePublic, siteTimeZone } from "~/lib/content/translations.server";
import { ApiError, errors } from "~/lib/http/api.server";
import { frenchTypography } from "~/lib/typography/french";
import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { getArticle } from "./article-queries.server";
import { invalidateArticle, lockedVersion } from "./article-rows.server";
import { MAX_BACKDATE_DAYS, MAX_SCHEDULE_AHEAD_DAYS } from "./article-schemas";
import { formatDay, offsetText, resolveLocal, utcToLocal } from "./time";

/**
 * Publishing, scheduling and unpublishing one language version of an article. Publication is decided
 * at read time (publish_at <= now), so a schedule is a row, never a job that must run; the time a member
 * types is in the site's time zone (SITE_TIMEZONE).
 */
const db = () => runtime().db.kysely;

export function checkRange(at: Date, now: Date) {
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

/** The site's wall-clock time a member typed spoken back: "29 mars 2026 à 02:30". */
const spoken = (local: string) => `${formatDay(local.slice(0, 10))} à ${local.slice(11, 16)}`;

/**
 * The instant of a wall-clock time of the site's zone, or a clear refusal: a time the spring change skips
 * does not exist, and one the autumn change repeats is asked about (`overlap` answers which) rather than guessed.
 */
export function instantOf(local: string, overlap?: "earlier" | "later"): Date {
  const tz = siteTimeZone();
  const r = resolveLocal(local, tz);
  if (r.kind === "ok") return r.at;
  if (r.kind === "gap") {
    throw new ApiError(
      400,
      "invalid_local_time",
      frenchTypography(
        `Le ${spoken(local)} n'existe pas (${tz} passe à l'heure d'été cette nuit-là) : choisissez une autre heure, par exemple une heure plus tard.`,
      ),
    );
  }
  if (overlap) return overlap === "earlier" ? r.earlier : r.later;
  const e = new ApiError(
    400,
    "ambiguous_local_time",
    frenchTypography(
      `Le ${spoken(local)} existe deux fois (${tz} revient à l'heure d'hiver cette nuit-là) : précisez la première (UTC${offsetText(r.earlier, tz)}) ou la seconde (UTC${offsetText(r.later, tz)}).`,
    ),
  );
  e.details = { earlier: r.earlier.toISOString(), later: r.later.toISOString() };
  throw e;
}

/** A minute's grace: a member who types the current minute means now, not the past. */
const PAST_GRACE_MS = 60_000;

/** "Programmer" is for the future: a past date is refused (Publier publishes now), nothing is stored. */
export function refusePast(at: Date, now: Date, what = "La date de publication") {
  if (at.getTime() >= now.getTime() - PAST_GRACE_MS) return;
  const tz = siteTimeZone();
  throw new ApiError(
    400,
    "date_in_past",
    frenchTypography(`${what} (${spoken(utcToLocal(at, tz))}) est passée : choisissez une date à venir, ou « Publier » pour publier tout de suite.`),
  );
}

export function scheduleArticle(id: string, lang: Lang, version: number, atLocal: string, by: string, now = new Date(), overlap?: "earlier" | "later") {
  const at = instantOf(atLocal, overlap);
  refusePast(at, now);
  return setPublication(id, lang, version, at, by, now);
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

/**
 * "Approuver et publier" on an article's language (issue 25 §1): the version the reviewer read goes public
 * now, or at the planned time when a schedule is still ahead (the approved text is what goes out then);
 * the article's lists, feed and home page are refreshed as for any article publication.
 */
export async function publishReviewedArticle(id: string, lang: Lang, version: number, by: string, now = new Date()) {
  const row = await db()
    .selectFrom("page_translations")
    .select(["publish_at", "published_at"])
    .select(sql<number>`case when published is not null and published = draft then 1 else 0 end`.as("same"))
    .where("page_id", "=", id)
    .where("lang", "=", lang)
    .executeTakeFirst();
  const at = row?.publish_at ?? row?.published_at;
  const ahead = at && Date.parse(at) > now.getTime();
  // Already public as written: nothing to publish, and its date stays (a re-publication would move it to now).
  if (row && Number(row.same) === 1 && !ahead) return getArticle(id, now);
  return setPublication(id, lang, version, ahead ? new Date(at) : now, by, now);
}
