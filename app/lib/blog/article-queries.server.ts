import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { siteTimeZone } from "~/lib/content/translations.server";
import { errors } from "~/lib/http/api.server";
import { blogArticlePath, type Lang } from "~/lib/i18n/routes";
import { currentBlogPath } from "~/lib/structure/blog-move.server";
import { runtime } from "~/lib/runtime.server";
import {
  ADMIN_LIST_PAGE_SIZE,
  RESERVED_SLUGS,
  slugify,
  type ArticleListAnswer,
  type ArticleStatus,
  type CalendarEntry,
  type ArticleVersionView,
  type ArticleView,
} from "./article-schemas";
import { localToUtc, utcToLocal } from "./time";
import { publicationState } from "~/lib/content/publication-state";

/**
 * Articles as the back-office reads them: each language version's metadata, status and schedule, the
 * scheduler's list and calendar, the form's options. The body is the page document edited in Archimed.
 * Publication is decided at read time (publish_at <= now), so a schedule is a row, never a job that must run.
 * Writes: article-writes.server.ts; publication and schedule: article-schedule.server.ts.
 */
const db = () => runtime().db.kysely;
const timeZone = siteTimeZone;

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

export function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const k = tagSlug(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Whether each draft differs from what is public is compared in SQL (the documents are not sent back):
 * the list's page of 20 articles needs it as much as one article does, or a scheduled article whose
 * draft changed since would read "Programmé" as if its new text were the one to go out.
 */
function baseQuery() {
  return (
    db()
      .selectFrom("page_translations as t")
      .innerJoin("pages as p", "p.id", "t.page_id")
      .leftJoin("team_members as m", "m.id", "t.author_id")
      // The other language, for "à revoir" (issue 20 §6): it changed after this one was last in step.
      .leftJoin("page_translations as o", (j) => j.onRef("o.page_id", "=", "t.page_id").onRef("o.lang", "<>", "t.lang"))
      .where("p.kind", "=", "article")
      .select([
        "o.lang as other_lang",
        "o.content_changed_at as other_changed_at",
        "t.synced_at",
        "t.needs_review",
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
      .select(sql<number>`case when t.published is not null and t.published = t.draft then 0 else 1 end`.as("pending"))
  );
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

/** The other language changed its body or title after this one was last edited or marked up to date. */
function staleness(r: Row): ArticleVersionView["stale"] {
  if (!r.other_lang || !r.other_changed_at) return null;
  if (r.synced_at && r.other_changed_at <= r.synced_at) return null;
  return { sourceLang: r.other_lang, changedAt: r.other_changed_at };
}

function versionView(r: Row, now: Date, tz: string): ArticleVersionView {
  const nowIso = now.toISOString();
  const published = Number(r.is_published) === 1;
  const at = published ? (r.publish_at ?? r.published_at) : null;
  const pending = Number(r.pending) === 1;
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
    pendingChanges: pending,
    stale: staleness(r),
    needsReview: Number(r.needs_review ?? 0) === 1,
    state: publicationState({ published, publishAt: at, pending }, { now, timeZone: tz }),
    version: Number(r.version),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}

function group(rows: Row[], now: Date): ArticleView[] {
  const tz = timeZone();
  const byId = new Map<string, ArticleView>();
  for (const r of rows) {
    const a = byId.get(r.id) ?? { id: r.id, createdAt: r.created_at, versions: {} };
    a.versions[r.lang] = versionView(r, now, tz);
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

/**
 * At most this many chips in a calendar month and the days around it (a month with more shows the first
 * ones): 300 bilingual articles in a month are 600 chips, plus the neighbouring weeks' (issue 20's bench).
 */
const CALENDAR_MAX = 1500;

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
  const byId = new Map(ids.length ? group(await baseQuery().where("p.id", "in", ids).execute(), now).map((a) => [a.id, a]) : []);
  const calendar: CalendarEntry[] = calendarRows.map((r) => ({
    id: r.page_id,
    lang: r.lang,
    title: r.title,
    status: statusOf(true, r.at, nowIso),
    state: publicationState({ published: true, publishAt: r.at, pending: false }, { now, timeZone: tz }),
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
