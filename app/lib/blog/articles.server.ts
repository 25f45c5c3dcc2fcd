import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { ApiError, errors } from "~/lib/http/api.server";
import { announceContentChange } from "~/lib/content/changes.server";
import { blogArticlePath, ROUTES, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { isUniqueViolation } from "~/lib/pages/pages-admin.server";
import { runtime } from "~/lib/runtime.server";
import {
  ADMIN_LIST_PAGE_SIZE,
  ARTICLE_LANGS,
  MAX_BACKDATE_DAYS,
  MAX_SCHEDULE_AHEAD_DAYS,
  RESERVED_SLUGS,
  slugify,
  type ArticleListAnswer,
  type ArticleMetaInput,
  type ArticleStatus,
  type CalendarEntry,
  type ArticleVersionView,
  type ArticleView,
} from "./article-schemas";
import { blogFeedPath } from "./feed-paths";
import { localToUtc, utcToLocal } from "./time";

/**
 * Articles as the back-office sees them: each language version's metadata, status and schedule. The
 * body is the page document edited in Archimed (pages-admin.server.ts). Publication is decided at read
 * time (publish_at <= now), so a schedule is a row, never a job that must run.
 */
const db = () => runtime().db.kysely;
const timeZone = () => runtime().env.SITE_TIMEZONE;
const EMPTY_DOC = JSON.stringify({ version: 1, blocks: [] });

function statusOf(published: boolean, publishAt: string | null, nowIso: string): ArticleStatus {
  if (!published) return "draft";
  return publishAt !== null && publishAt > nowIso ? "scheduled" : "published";
}

function parseTags(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** Tags compared without case or accents: "Réservation" and "reservation" are one tag. */
export const tagSlug = (tag: string) => slugify(tag) || tag.toLowerCase();

function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const k = tagSlug(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * `withPending`: also compare each draft with what is public (reads both documents: one article's
 * worth, not the whole list's — the list leaves it out and says false).
 */
function baseQuery(withPending = true) {
  return (
    db()
      .selectFrom("page_translations as t")
      .innerJoin("pages as p", "p.id", "t.page_id")
      .leftJoin("team_members as m", "m.id", "t.author_id")
      .where("p.kind", "=", "article")
      .select([
        "p.id",
        "p.created_at",
        "t.lang",
        "t.path",
        "t.slug",
        "t.title",
        "t.excerpt",
        "t.description",
        "t.image",
        "t.cover_alt",
        "t.author_id",
        "m.email as author_email",
        "t.tags",
        "t.publish_at",
        "t.published_at",
        "t.version",
        "t.updated_at",
        "t.updated_by",
      ])
      // Whole documents are not read for a list: only whether one is public and whether the draft differs.
      .select(sql<number>`case when t.published is null then 0 else 1 end`.as("is_published"))
      .select(
        withPending ? sql<number>`case when t.published is not null and t.published = t.draft then 0 else 1 end`.as("pending") : sql<number>`0`.as("pending"),
      )
  );
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function versionView(r: Row, nowIso: string, tz: string): ArticleVersionView {
  const published = Number(r.is_published) === 1;
  const at = published ? (r.publish_at ?? r.published_at) : null;
  return {
    lang: r.lang,
    path: r.path,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt ?? "",
    description: r.description,
    coverUrl: r.image ?? "",
    coverAlt: r.cover_alt ?? "",
    authorId: r.author_email ? r.author_id : null,
    authorEmail: r.author_email ?? null,
    tags: parseTags(r.tags),
    status: statusOf(published, at, nowIso),
    publishAt: at,
    publishAtLocal: at ? utcToLocal(at, tz) : null,
    pendingChanges: Number(r.pending) === 1,
    version: Number(r.version),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}

function group(rows: Row[], now: Date): ArticleView[] {
  const nowIso = now.toISOString();
  const tz = timeZone();
  const byId = new Map<string, ArticleView>();
  for (const r of rows) {
    const a = byId.get(r.id) ?? { id: r.id, createdAt: r.created_at, versions: {} };
    a.versions[r.lang] = versionView(r, nowIso, tz);
    byId.set(r.id, a);
  }
  return [...byId.values()];
}

interface ListFilters {
  status?: ArticleStatus;
  lang?: Lang;
  tag?: string;
  q?: string;
  page?: number;
  month?: string;
}

/**
 * Letters with accents and their plain form, for `translate()` (built into PostgreSQL, registered on
 * SQLite connections): the title search ignores case and accents on both engines, in SQL.
 */
const ACCENTED = "àáâãäåèéêëìíîïòóôõöùúûüýÿçñÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝŸÇÑ";
const PLAIN = [...ACCENTED].map((c) => c.normalize("NFD")[0].toLowerCase()).join("");
const plainText = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

/** Article versions matching every filter but the page and month (an article is listed when one of its versions matches). */
function matchingVersions(f: ListFilters, nowIso: string) {
  const date = sql<string | null>`coalesce(t.publish_at, t.published_at)`;
  const q = f.q ? plainText(f.q.trim()).replace(/[\\%_]/g, (c) => `\\${c}`) : "";
  const wantTag = f.tag ? tagSlug(f.tag) : "";
  return db()
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .where("p.kind", "=", "article")
    .$if(!!f.lang, (qb) => qb.where("t.lang", "=", f.lang!))
    .$if(f.status === "draft", (qb) => qb.where("t.published", "is", null))
    .$if(f.status === "scheduled", (qb) => qb.where("t.published", "is not", null).where(date, ">", nowIso))
    .$if(f.status === "published", (qb) => qb.where("t.published", "is not", null).where((eb) => eb.or([eb(date, "is", null), eb(date, "<=", nowIso)])))
    .$if(!!wantTag, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("article_tags as a")
            .select("a.page_id")
            .whereRef("a.page_id", "=", "t.page_id")
            .whereRef("a.lang", "=", "t.lang")
            .where("a.tag_slug", "=", wantTag),
        ),
      ),
    )
    .$if(!!q, (qb) => qb.where(sql<boolean>`translate(lower(t.title), ${ACCENTED}, ${PLAIN}) like ${`%${q}%`} escape '\\'`));
}

/** The calendar's window: the month's grid (up to six days of the neighbouring months) plus a day of time-zone slack. */
function monthWindow(month: string, tz: string): [string, string] {
  const [y, m] = month.split("-").map(Number);
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
  const from = localToUtc(`${month}-01T00:00`, tz).getTime() - 8 * 86_400_000;
  const to = localToUtc(`${next}-01T00:00`, tz).getTime() + 8 * 86_400_000;
  return [new Date(from).toISOString(), new Date(to).toISOString()];
}

/** At most this many chips in a calendar month (a month with more shows the first ones). */
const CALENDAR_MAX = 300;

/**
 * One page of the scheduler's list and the calendar's month, filtered, sorted and counted in SQL; only
 * the versions of the articles shown are read (never a document), so the answer does not grow with the blog.
 */
export async function listAdminArticles(filters: ListFilters = {}, now = new Date()): Promise<ArticleListAnswer> {
  const nowIso = now.toISOString();
  const tz = timeZone();
  const page = filters.page ?? 1;
  const month = filters.month ?? utcToLocal(now, tz).slice(0, 7);
  const [from, to] = monthWindow(month, tz);
  // Newest first by publication date (an article never published: by its last change).
  const sortKey = sql<string>`coalesce(max(case when s.published is not null then coalesce(s.publish_at, s.published_at) end), max(s.updated_at))`;
  const [countRow, pageRows, calendarRows, authors, tags] = await Promise.all([
    db()
      .selectFrom(matchingVersions(filters, nowIso).select("t.page_id").distinct().as("x"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db()
      .selectFrom("page_translations as s")
      .where("s.page_id", "in", matchingVersions(filters, nowIso).select("t.page_id"))
      .groupBy("s.page_id")
      .select(["s.page_id", sortKey.as("k")])
      .orderBy("k", "desc")
      .orderBy("s.page_id")
      .limit(ADMIN_LIST_PAGE_SIZE)
      .offset((page - 1) * ADMIN_LIST_PAGE_SIZE)
      .execute(),
    // The calendar gets its chips only (title, date, version), not whole article views.
    matchingVersions(filters, nowIso)
      .where("t.published", "is not", null)
      .where(sql<string>`coalesce(t.publish_at, t.published_at)`, ">=", from)
      .where(sql<string>`coalesce(t.publish_at, t.published_at)`, "<", to)
      .select(["t.page_id", "t.lang", "t.title", "t.version"])
      .select(sql<string>`coalesce(t.publish_at, t.published_at)`.as("at"))
      .orderBy("at")
      .limit(CALENDAR_MAX)
      .execute(),
    db().selectFrom("team_members").select(["id", "email"]).orderBy("email").execute(),
    db().selectFrom("article_tags").select("tag").distinct().orderBy("tag").limit(500).execute(),
  ]);
  const ids = pageRows.map((r) => r.page_id);
  const byId = new Map(ids.length ? group(await baseQuery(false).where("p.id", "in", ids).execute(), now).map((a) => [a.id, a]) : []);
  const calendar: CalendarEntry[] = calendarRows.map((r) => ({
    id: r.page_id,
    lang: r.lang,
    title: r.title,
    status: statusOf(true, r.at, nowIso),
    publishAt: r.at,
    publishAtLocal: utcToLocal(r.at, tz),
    version: Number(r.version),
  }));
  const total = Number(countRow?.n ?? 0);
  return {
    articles: pageRows.flatMap((r) => byId.get(r.page_id) ?? []),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE)),
    month,
    calendar,
    timeZone: tz,
    tags: uniqueTags(tags.map((t) => t.tag)).sort((a, b) => a.localeCompare(b, "fr")),
    authors,
  };
}

export async function getArticle(id: string, now = new Date()): Promise<ArticleView> {
  if (id.length > 64) throw errors.notFound("Article");
  const rows = await baseQuery().where("p.id", "=", id).execute();
  const [a] = group(rows, now);
  if (!a) throw errors.notFound("Article");
  return a;
}

async function checkAuthor(authorId: string | null | undefined): Promise<string | null> {
  if (!authorId) return null;
  const m = await db().selectFrom("team_members").select("id").where("id", "=", authorId).executeTakeFirst();
  if (!m) throw errors.invalid("auteur inconnu : choisissez un membre de l'équipe");
  return m.id;
}

function slugOf(lang: Lang, input: ArticleMetaInput): string {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw errors.invalid(`${lang}.slug — impossible de tirer un slug de ce titre, saisissez-en un`);
  return slug;
}

const LANG_NAME: Record<Lang, string> = { fr: "français", en: "anglais" };

async function ensurePathFree(trx: Transaction<Database>, path: string, slug: string, lang: Lang, pageId: string) {
  const taken = await trx.selectFrom("page_translations").select("page_id").where("path", "=", path).executeTakeFirst();
  if (taken && taken.page_id !== pageId) throw errors.conflict(`Le slug « ${slug} » est déjà utilisé par un autre article (${LANG_NAME[lang]}).`);
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
  // Under the blog's current address (an admin may have moved it in the site structure).
  const path = blogArticlePath(slug, lang, await currentBlogPath(trx, lang));
  await ensurePathFree(trx, path, slug, lang, pageId);
  // A new article may take a path an older article left behind: the live article wins over the redirect.
  await trx.deleteFrom("slug_redirects").where("from_path", "=", path).execute();
  await trx
    .insertInto("page_translations")
    .values({
      page_id: pageId,
      lang,
      path,
      slug,
      ...metaColumns(input, authorId),
      draft,
      published: null,
      publish_at: null,
      published_at: null,
      updated_at: now,
      updated_by: by,
    })
    .execute();
  await writeTags(trx, pageId, lang, uniqueTags(input.tags ?? []));
}

function conflictOnUnique(e: unknown): never {
  if (isUniqueViolation(e)) throw errors.conflict("Ce slug vient d'être pris par un autre article. Choisissez-en un autre.");
  throw e;
}

/** `drafts`: bodies to start from (sanitized document JSON), e.g. the AI generator's; else an empty body. */
export async function createArticle(
  input: Partial<Record<Lang, ArticleMetaInput>>,
  by: string,
  now = new Date(),
  drafts: Partial<Record<Lang, string>> = {},
): Promise<ArticleView> {
  const id = randomUUID();
  const iso = now.toISOString();
  const authors: Partial<Record<Lang, string | null>> = {};
  for (const lang of ARTICLE_LANGS) if (input[lang]) authors[lang] = await checkAuthor(input[lang].authorId);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("pages").values({ id, kind: "article", system_key: null, created_at: iso, updated_at: iso }).execute();
      for (const lang of ARTICLE_LANGS) {
        const meta = input[lang];
        if (meta) await insertVersion(trx, id, lang, meta, authors[lang] ?? null, by, iso, drafts[lang]);
      }
    })
    .catch(conflictOnUnique);
  return getArticle(id, now);
}

function staleError(row: { version: number | string; updated_by: string | null; updated_at: string }, lang: Lang): ApiError {
  const who = row.updated_by ?? "un autre membre de l'équipe";
  const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: timeZone() }).format(new Date(row.updated_at));
  const e = new ApiError(
    409,
    "stale_version",
    `La version ${LANG_NAME[lang]} de cet article a été modifiée par ${who} le ${when}, après la version que vous éditez. Rechargez pour voir ses modifications, ou écrasez-les avec les vôtres.`,
  );
  e.details = { lang, currentVersion: Number(row.version), updatedBy: row.updated_by, updatedAt: row.updated_at };
  return e;
}

const goneError = () =>
  new ApiError(
    404,
    "not_found",
    "Article introuvable : il a peut-être été supprimé par un autre membre de l'équipe. Vos saisies sont toujours dans le formulaire.",
  );

async function versionRow(trx: Transaction<Database>, id: string, lang: Lang) {
  return trx
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .select(["t.path", "t.slug", "t.draft", "t.published", "t.published_at", "t.publish_at", "t.version", "t.updated_at", "t.updated_by", "t.title"])
    .where("p.kind", "=", "article")
    .where("t.page_id", "=", id)
    .where("t.lang", "=", lang)
    .executeTakeFirst();
}

type UpdateInput = Partial<Record<Lang, ArticleMetaInput & { version?: number }>> & { force?: boolean };

/** Saves the metadata of each language given; a language the article lacks is added (unpublished, empty body). */
export async function updateArticle(id: string, input: UpdateInput, by: string, now = new Date()): Promise<ArticleView> {
  const iso = now.toISOString();
  const page = await db().selectFrom("pages").select(["id", "kind"]).where("id", "=", id).executeTakeFirst();
  if (!page || page.kind !== "article") throw goneError();
  const authors: Partial<Record<Lang, string | null>> = {};
  for (const lang of ARTICLE_LANGS) if (input[lang]) authors[lang] = await checkAuthor(input[lang].authorId);
  const dropped: string[] = [];
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const lang of ARTICLE_LANGS) {
        const meta = input[lang];
        if (!meta) continue;
        const row = await versionRow(trx, id, lang);
        if (!row) {
          await insertVersion(trx, id, lang, meta, authors[lang] ?? null, by, iso);
          continue;
        }
        if (!input.force) {
          if (meta.version === undefined) throw errors.invalid(`${lang}.version — version manquante`);
          if (Number(row.version) !== meta.version) throw staleError(row, lang);
        }
        const slug = slugOf(lang, meta);
        const path = blogArticlePath(slug, lang, await currentBlogPath(trx, lang));
        if (path !== row.path) {
          await ensurePathFree(trx, path, slug, lang, id);
          await trx.deleteFrom("slug_redirects").where("from_path", "=", path).execute();
          // A path visitors may have seen keeps working: it answers 301 to the new one.
          if (row.published_at !== null) {
            await trx.insertInto("slug_redirects").values({ from_path: row.path, page_id: id, lang, created_at: iso }).execute();
          }
          dropped.push(row.path);
        }
        const res = await trx
          .updateTable("page_translations")
          .set({ ...metaColumns(meta, authors[lang] ?? null), slug, path, version: Number(row.version) + 1, updated_at: iso, updated_by: by })
          .where("page_id", "=", id)
          .where("lang", "=", lang)
          .where("version", "=", Number(row.version))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw staleError({ ...row, updated_at: iso }, lang);
        await writeTags(trx, id, lang, uniqueTags(meta.tags ?? []));
        if (row.published !== null) dropped.push(path);
      }
      await trx.updateTable("pages").set({ updated_at: iso }).where("id", "=", id).execute();
    })
    .catch(conflictOnUnique);
  await invalidateArticle(id, dropped);
  return getArticle(id, now);
}

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
      const row = await versionRow(trx, id, lang);
      if (!row) throw goneError();
      if (Number(row.version) !== version) throw staleError(row, lang);
      await trx
        .updateTable("page_translations")
        .set({ published: row.draft, publish_at: atIso, published_at: atIso })
        .where("page_id", "=", id)
        .where("lang", "=", lang)
        .execute();
      if (row.published !== row.draft) {
        await trx
          .insertInto("page_revisions")
          .values({ id: randomUUID(), page_id: id, lang, title: row.title, doc: row.draft, created_at: now.toISOString(), created_by: by })
          .execute();
      }
      return row.path;
    });
  await invalidateArticle(id, [path]);
  return getArticle(id, now);
}

export function scheduleArticle(id: string, lang: Lang, version: number, atLocal: string, by: string, now = new Date()) {
  return setPublication(id, lang, version, localToUtc(atLocal, timeZone()), by, now);
}

export function publishArticleNow(id: string, lang: Lang, version: number, by: string, now = new Date()) {
  return setPublication(id, lang, version, now, by, now);
}

/** Back to brouillon: visitors get a 404 (and the list, feed and sitemap forget it) at once. */
export async function unpublishArticle(id: string, lang: Lang, version: number, now = new Date()) {
  const path = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await versionRow(trx, id, lang);
      if (!row) throw goneError();
      if (Number(row.version) !== version) throw staleError(row, lang);
      await trx.updateTable("page_translations").set({ published: null, publish_at: null }).where("page_id", "=", id).where("lang", "=", lang).execute();
      return row.path;
    });
  await invalidateArticle(id, [path]);
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
        const row = await versionRow(trx, id, lang);
        if (!row) continue;
        const seen = versions[lang];
        if (seen === undefined) throw errors.invalid(`versions.${lang} — version manquante`);
        if (Number(row.version) !== seen) throw staleError(row, lang);
        paths.push(row.path);
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
      const row = await versionRow(trx, id, lang);
      if (!row) throw goneError();
      if (Number(row.version) !== version) throw staleError(row, lang);
      const others = await trx.selectFrom("page_translations").select("lang").where("page_id", "=", id).where("lang", "!=", lang).execute();
      if (others.length === 0) throw errors.conflict(`La version ${LANG_NAME[lang]} est la seule de cet article : pour la retirer, supprimez l'article.`);
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

/** Drops the article's pages and every page listing articles, in this process and (via the revision) the others. */
async function invalidateArticle(id: string, extra: string[]) {
  const rows = await db().selectFrom("page_translations").select("path").where("page_id", "=", id).execute();
  const blogs = await Promise.all(ARTICLE_LANGS.map((l) => currentBlogPath(db(), l)));
  const lists = ARTICLE_LANGS.flatMap((l, i) => [blogs[i], blogFeedPath(l), ROUTES.home[l]]);
  await announceContentChange([...rows.map((r) => r.path), ...extra, ...lists]);
}

export async function articleOptions(): Promise<{
  timeZone: string;
  authors: { id: string; email: string }[];
  tags: string[];
  blogPaths: Record<Lang, string>;
}> {
  const [authors, tags, fr, en] = await Promise.all([
    db().selectFrom("team_members").select(["id", "email"]).orderBy("email").execute(),
    db().selectFrom("article_tags").select("tag").distinct().orderBy("tag").limit(500).execute(),
    currentBlogPath(db(), "fr"),
    currentBlogPath(db(), "en"),
  ]);
  return { timeZone: timeZone(), authors, tags: uniqueTags(tags.map((t) => t.tag)), blogPaths: { fr, en } };
}

/** `slug`, or `slug-2`, `slug-3`… : the first not used by another page in that language. */
export async function freeSlug(slug: string, lang: Lang): Promise<string> {
  const base = slug.slice(0, 74).replace(/-+$/, "") || "article";
  const blog = await currentBlogPath(db(), lang);
  for (let i = 1; i < 50; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    const taken = await db()
      .selectFrom("page_translations")
      .select("page_id")
      .where("path", "=", blogArticlePath(candidate, lang, blog))
      .executeTakeFirst();
    const redirect = await db()
      .selectFrom("slug_redirects")
      .select("page_id")
      .where("from_path", "=", blogArticlePath(candidate, lang, blog))
      .executeTakeFirst();
    if (!taken && !redirect && !RESERVED_SLUGS.includes(candidate)) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}
