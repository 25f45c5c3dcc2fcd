import { announceContentChange } from "~/lib/content/changes.server";
import { lockedRow, type Subject } from "~/lib/content/translations.server";
import type { Database } from "~/lib/db/schema";
import { ApiError } from "~/lib/http/api.server";
import { ROUTES, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { runtime } from "~/lib/runtime.server";
import type { Transaction } from "kysely";
import { ARTICLE_LANGS } from "./article-schemas";
import { blogFeedPath } from "./feed-paths";

/** What the article writers share: the locked language version, the "gone" answer, the pages to drop after a change. */
const db = () => runtime().db.kysely;

export const articleSubject = (lang: Lang): Subject => ({ kind: "article", lang });

export const goneError = () =>
  new ApiError(
    404,
    "not_found",
    "Article introuvable : il a peut-être été supprimé par un autre membre de l'équipe. Vos saisies sont toujours dans le formulaire.",
  );

/** One language version of an article, at the version the member saw (null: any); the one version check of every article action. */
export function lockedVersion(trx: Transaction<Database>, id: string, lang: Lang, version: number | null) {
  return lockedRow(trx, id, lang, version, articleSubject(lang), goneError);
}

/** Drops the article's pages and every page listing articles, in this process and (via the revision) the others. */
export async function invalidateArticle(id: string, extra: string[]) {
  const rows = await db().selectFrom("page_translations").select("path").where("page_id", "=", id).execute();
  const blogs = await Promise.all(ARTICLE_LANGS.map((l) => currentBlogPath(db(), l)));
  const lists = ARTICLE_LANGS.flatMap((l, i) => [blogs[i], blogFeedPath(l), ROUTES.home[l]]);
  await announceContentChange([...rows.map((r) => r.path), ...extra, ...lists]);
}
