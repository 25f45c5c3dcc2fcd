import { siteTimeZone } from "~/lib/content/translations.server";
import { ApiError } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { frenchTypography } from "~/lib/typography/french";
import { getArticle } from "./article-queries.server";
import { invalidateArticle, lockedVersion } from "./article-rows.server";
import { checkRange, instantOf } from "./article-schedule.server";
import { ARTICLE_LANGS, type ArticleMoveAnswer, type MoveArticleInput } from "./article-schemas";
import { formatDay, utcToLocal } from "./time";
import { versionName } from "~/lib/content/translations.server";

/**
 * The calendar's move (issue 20): an article is moved whole — both languages, each keeping its time of
 * day — unless the writer chose one, in one transaction under the version lock, so a refusal (a stale
 * version, a day before today, a time the clocks skip) leaves both languages where they were. Only the
 * date changes: the text that goes out is the one scheduled, not the draft written since.
 */
const db = () => runtime().db.kysely;

function refuse(code: string, message: string): ApiError {
  return new ApiError(400, code, frenchTypography(message));
}

export async function moveArticle(id: string, input: MoveArticleInput, now = new Date()): Promise<ArticleMoveAnswer> {
  const tz = siteTimeZone();
  const today = utcToLocal(now, tz).slice(0, 10);
  const langs: Lang[] = "day" in input ? ARTICLE_LANGS.filter((l) => input.langs.includes(l)) : ARTICLE_LANGS.filter((l) => input.restore[l]);
  if (!langs.length) throw refuse("invalid_input", "Données invalides : aucune langue à rétablir.");
  if ("day" in input && input.day < today) {
    throw refuse("date_in_past", `Impossible de déplacer un article au ${formatDay(input.day)} : ce jour est passé (nous sommes le ${formatDay(today)}).`);
  }
  const moved: ArticleMoveAnswer["moved"] = {};
  const paths = await db()
    .transaction()
    .execute(async (trx) => {
      const out: string[] = [];
      // "Both languages" moves the ones that have a date: a missing or draft other language stays as it is.
      const existing = new Set((await trx.selectFrom("page_translations").select("lang").where("page_id", "=", id).execute()).map((r) => r.lang));
      const both = langs.length > 1;
      for (const lang of langs) {
        if (both && !existing.has(lang)) continue;
        // A language the screen did not show (its chip outside the month) is moved at whatever version it is:
        // a move changes no text, only the date; the languages the member saw are checked.
        const row = await lockedVersion(trx, id, lang, input.versions[lang] ?? null);
        const from = row.published === null ? null : (row.publish_at ?? row.published_at);
        if (!from && both) continue;
        if (!from) throw refuse("not_scheduled", `La ${versionName(lang)} de « ${row.title} » est un brouillon : elle n'a pas de date à déplacer.`);
        const to = "day" in input ? instantOf(`${input.day}T${utcToLocal(from, tz).slice(11)}`, input.overlap) : new Date(input.restore[lang]!);
        checkRange(to, now);
        const iso = to.toISOString();
        await trx.updateTable("page_translations").set({ publish_at: iso, published_at: iso }).where("page_id", "=", id).where("lang", "=", lang).execute();
        moved[lang] = { from, to: iso };
        out.push(row.path);
      }
      if (!out.length) throw refuse("not_scheduled", "Cet article n'a aucune langue programmée ou publiée : rien à déplacer.");
      return out;
    });
  await invalidateArticle(id, paths);
  return { article: await getArticle(id, now), moved };
}
