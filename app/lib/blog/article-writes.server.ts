import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { claimPath, inTransaction, insertTranslation, langName, leavePath, versionName, writeAtVersion } from "~/lib/content/translations.server";
import type { Database } from "~/lib/db/schema";
import { errors } from "~/lib/http/api.server";
import { blogArticlePath, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { runtime } from "~/lib/runtime.server";
import { getArticle, tagSlug, uniqueTags } from "./article-queries.server";
import { articleSubject, goneError, invalidateArticle, lockedVersion } from "./article-rows.server";
import { ARTICLE_LANGS, slugify, type ArticleMetaInput, type ArticleView } from "./article-schemas";

/**
 * Writing articles: creating one, saving its metadata (slug and 301 included), deleting it or one of its
 * language versions. Each language version is a translation row of the shared store (translations.server.ts).
 */
const db = () => runtime().db.kysely;
/** The body of a new article: no block (what the writing surface opens as an empty page). */
export const EMPTY_DOC = JSON.stringify({ version: 1, blocks: [] });

async function checkAuthor(authorId: string | null | undefined): Promise<string | null> {
  if (!authorId) return null;
  const m = await db().selectFrom("team_members").select("id").where("id", "=", authorId).executeTakeFirst();
  if (!m) throw errors.invalid("auteur inconnu : choisissez un membre de l'équipe");
  return m.id;
}

async function checkAuthors(input: Partial<Record<Lang, ArticleMetaInput>>) {
  const authors: Partial<Record<Lang, string | null>> = {};
  for (const lang of ARTICLE_LANGS) if (input[lang]) authors[lang] = await checkAuthor(input[lang].authorId);
  return authors;
}

function slugOf(lang: Lang, input: ArticleMetaInput): string {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw errors.invalid(`${lang}.slug — impossible de tirer un slug de ce titre, saisissez-en un`);
  return slug;
}

/** The article's address for `slug` under the blog's current address (an admin may have moved it), claimed for it. */
async function claimArticlePath(trx: Transaction<Database>, id: string, lang: Lang, slug: string): Promise<string> {
  const path = blogArticlePath(slug, lang, await currentBlogPath(trx, lang));
  await claimPath(trx, { path, slug, pageId: id, lang, taken: (s) => `Le slug « ${s} » est déjà utilisé par un autre article (${langName(lang)}).` });
  return path;
}

async function writeTags(trx: Transaction<Database>, pageId: string, lang: Lang, tags: string[]) {
  await trx.deleteFrom("article_tags").where("page_id", "=", pageId).where("lang", "=", lang).execute();
  for (const tag of tags)
    await trx
      .insertInto("article_tags")
      .values({ page_id: pageId, lang, tag_slug: tagSlug(tag), tag })
      .execute();
}

function metaColumns(input: ArticleMetaInput, authorId: string | null) {
  return {
    title: input.title,
    description: input.description ?? "",
    excerpt: input.excerpt ?? "",
    image: input.coverUrl ? input.coverUrl : null,
    cover_alt: input.coverAlt ?? "",
    author_id: authorId,
    tags: JSON.stringify(uniqueTags(input.tags ?? [])),
  };
}

async function insertVersion(
  trx: Transaction<Database>,
  pageId: string,
  lang: Lang,
  input: ArticleMetaInput,
  authorId: string | null,
  by: string,
  now: string,
  draft = EMPTY_DOC,
) {
  const slug = slugOf(lang, input);
  const path = await claimArticlePath(trx, pageId, lang, slug);
  await insertTranslation(trx, { pageId, lang, path, slug, ...metaColumns(input, authorId), draft, by, now });
  await writeTags(trx, pageId, lang, uniqueTags(input.tags ?? []));
}

const slugRaced = () => errors.conflict("Ce slug vient d'être pris par un autre article. Choisissez-en un autre.");

/** `drafts`: bodies to start from (sanitized document JSON), e.g. the AI generator's; else an empty body. */
export async function createArticle(
  input: Partial<Record<Lang, ArticleMetaInput>>,
  by: string,
  now = new Date(),
  drafts: Partial<Record<Lang, string>> = {},
): Promise<ArticleView> {
  const id = randomUUID();
  const iso = now.toISOString();
  const authors = await checkAuthors(input);
  await inTransaction(async (trx) => {
    await trx.insertInto("pages").values({ id, kind: "article", system_key: null, created_at: iso, updated_at: iso }).execute();
    for (const lang of ARTICLE_LANGS) {
      const meta = input[lang];
      if (meta) await insertVersion(trx, id, lang, meta, authors[lang] ?? null, by, iso, drafts[lang]);
    }
  }, slugRaced);
  return getArticle(id, now);
}

type UpdateInput = Partial<Record<Lang, ArticleMetaInput & { version?: number }>> & { force?: boolean };

/** Saves the metadata of each language given; a language the article lacks is added (unpublished, empty body). */
export async function updateArticle(id: string, input: UpdateInput, by: string, now = new Date()): Promise<ArticleView> {
  const iso = now.toISOString();
  const page = await db().selectFrom("pages").select(["id", "kind"]).where("id", "=", id).executeTakeFirst();
  if (!page || page.kind !== "article") throw goneError();
  const authors = await checkAuthors(input);
  const dropped: string[] = [];
  await inTransaction(async (trx) => {
    for (const lang of ARTICLE_LANGS) {
      const meta = input[lang];
      if (!meta) continue;
      const exists = await trx.selectFrom("page_translations").select("lang").where("page_id", "=", id).where("lang", "=", lang).executeTakeFirst();
      if (!exists) {
        await insertVersion(trx, id, lang, meta, authors[lang] ?? null, by, iso);
        continue;
      }
      if (!input.force && meta.version === undefined) throw errors.invalid(`${lang}.version — version manquante`);
      const row = await lockedVersion(trx, id, lang, input.force ? null : (meta.version ?? null));
      const slug = slugOf(lang, meta);
      let path = row.path;
      if (blogArticlePath(slug, lang, await currentBlogPath(trx, lang)) !== row.path) {
        path = await claimArticlePath(trx, id, lang, slug);
        // A path visitors may have seen keeps working: it answers 301 to the new one.
        await leavePath(trx, { pageId: id, lang, from: row.path, wasPublic: row.published_at !== null, now: iso });
        dropped.push(row.path);
      }
      await writeAtVersion(trx, row, { ...metaColumns(meta, authors[lang] ?? null), slug, path, updated_at: iso, updated_by: by }, articleSubject(lang));
      await writeTags(trx, id, lang, uniqueTags(meta.tags ?? []));
      if (row.published !== null) dropped.push(path);
    }
    await trx.updateTable("pages").set({ updated_at: iso }).where("id", "=", id).execute();
  }, slugRaced);
  await invalidateArticle(id, dropped);
  return getArticle(id, now);
}

/**
 * Deleting needs the versions the member saw: an article someone else saved meanwhile is not deleted
 * under them (409), and their work is never dropped silently.
 */
export async function deleteArticle(id: string, versions: Partial<Record<Lang, number>>): Promise<void> {
  const paths = await db()
    .transaction()
    .execute(async (trx) => {
      const page = await trx.selectFrom("pages").select("kind").where("id", "=", id).executeTakeFirst();
      if (!page || page.kind !== "article") throw errors.notFound("Article");
      const paths: string[] = [];
      for (const lang of ARTICLE_LANGS) {
        const exists = await trx.selectFrom("page_translations").select("lang").where("page_id", "=", id).where("lang", "=", lang).executeTakeFirst();
        if (!exists) continue;
        const seen = versions[lang];
        if (seen === undefined) throw errors.invalid(`versions.${lang} — version manquante`);
        paths.push((await lockedVersion(trx, id, lang, seen)).path);
      }
      await trx.deleteFrom("article_tags").where("page_id", "=", id).execute();
      await trx.deleteFrom("slug_redirects").where("page_id", "=", id).execute();
      await trx.deleteFrom("page_revisions").where("page_id", "=", id).execute();
      await trx.deleteFrom("page_translations").where("page_id", "=", id).execute();
      await trx.deleteFrom("pages").where("id", "=", id).execute();
      return paths;
    });
  await invalidateArticle(id, paths);
}

/**
 * Removes one language version (its metadata, body, revisions, tags and old slugs) and keeps the other.
 * Needs the version the member saw, like deleting; the last language is refused: that is deleting the article.
 */
export async function removeArticleLanguage(id: string, lang: Lang, version: number, now = new Date()): Promise<ArticleView> {
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await lockedVersion(trx, id, lang, version);
      const others = await trx.selectFrom("page_translations").select("lang").where("page_id", "=", id).where("lang", "!=", lang).execute();
      if (others.length === 0) throw errors.conflict(`La ${versionName(lang)} est la seule de cet article : pour la retirer, supprimez l'article.`);
      await trx.deleteFrom("article_tags").where("page_id", "=", id).where("lang", "=", lang).execute();
      await trx.deleteFrom("slug_redirects").where("page_id", "=", id).where("lang", "=", lang).execute();
      await trx.deleteFrom("page_revisions").where("page_id", "=", id).where("lang", "=", lang).execute();
      await trx.deleteFrom("page_translations").where("page_id", "=", id).where("lang", "=", lang).execute();
      await trx.updateTable("pages").set({ updated_at: now.toISOString() }).where("id", "=", id).execute();
      return row.path;
    });
  await invalidateArticle(id, [path]);
  return getArticle(id, now);
}
