import { isArticlePath, languageFromPath, ROUTES, type Lang, type RouteTable } from "~/lib/i18n/routes";
import { typesetTitle } from "~/lib/pipeline/typography";
import { runtime } from "~/lib/runtime.server";
import { sql } from "kysely";
import { mediaInfo, readingMinutes } from "~/lib/content/pages.server";
import { redirectTarget, visiblePath } from "~/lib/content/translations.server";
import { readStoredDocument } from "~/lib/pipeline/read";
import type { MediaMap } from "~/lib/elements/context";
import type { ArticleCard } from "~/lib/content/public-page";
import { blogFeedPath } from "./feed-paths";
import { slugify } from "./article-schemas";
import { xmlText } from "~/lib/text/xml";
import { rfc822, zonedIso } from "./time";

const siteZone = () => runtime().env.SITE_TIMEZONE;
const db = () => runtime().db.kysely;

/**
 * Where an article path that matches no visible article should lead, if anywhere:
 * - an old slug (the article was renamed): 301 to its current path;
 * - the other language's slug (the language switch keeps the slug, seed 000 §2): 301 to this
 *   language's version, or, when the article has no visible version in this language, 302 to this
 *   language's blog.
 */
export async function articleRedirect(path: string, routes: RouteTable = ROUTES, now = new Date()): Promise<{ to: string; status: 301 | 302 } | null> {
  const lang = languageFromPath(path);
  // The blog's current address, or its default one (articles that were there answer by their old slug below).
  const base = [routes.blog[lang], ROUTES.blog[lang]].find((b) => isArticlePath(path, b));
  if (!base) return null;
  const nowIso = now.toISOString();
  const renamed = await redirectTarget(path, now);
  if (renamed) return { to: renamed, status: 301 };
  const other = lang === "fr" ? "en" : "fr";
  const otherPath = `${routes.blog[other]}/${path.slice(base.length + 1)}`;
  const sibling = await db().selectFrom("page_translations").select(["page_id"]).where("path", "=", otherPath).executeTakeFirst();
  if (!sibling || !(await visiblePath(sibling.page_id, other, nowIso))) return null;
  const mine = await visiblePath(sibling.page_id, lang, nowIso);
  if (mine) return mine === path ? null : { to: mine, status: 301 };
  return { to: routes.blog[lang], status: 302 };
}

// ---------------------------------------------------------------------------------------------------
// The public blog: one page of the list (optionally one tag), related articles, the feed, structured data.

const BLOG_PAGE_SIZE = 9;

/** "marie.dupont@agence.fr" → "Marie Dupont": the public byline (the address itself is never shown). */
function authorName(email: string | null): string | null {
  if (!email) return null;
  const local = email.split("@")[0] ?? "";
  const words = local.split(/[._-]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") : null;
}

function visibleArticles(lang: Lang, nowIso: string) {
  return db()
    .selectFrom("page_translations as t")
    .innerJoin("pages as p", "p.id", "t.page_id")
    .where("p.kind", "=", "article")
    .where("t.lang", "=", lang)
    .where("t.published", "is not", null)
    .where((eb) => eb.or([eb("t.publish_at", "is", null), eb("t.publish_at", "<=", nowIso)]));
}

const dateExpr = sql<string>`coalesce(t.publish_at, t.published_at)`;

type CardRow = {
  page_id: string;
  path: string;
  title: string;
  excerpt: string | null;
  description: string;
  image: string | null;
  cover_alt: string | null;
  date: string | null;
  author_email: string | null;
};

/**
 * The cards of one page of a list. Only these few rows' published bodies are read (for the reading
 * time): the list queries themselves never select a document, so sorting 1,000 articles stays cheap.
 */
async function cards(lang: Lang, rows: CardRow[]): Promise<ArticleCard[]> {
  const ids = rows.map((r) => r.page_id);
  const docs = ids.length
    ? await db().selectFrom("page_translations").select(["page_id", "published"]).where("lang", "=", lang).where("page_id", "in", ids).execute()
    : [];
  const minutes = new Map(docs.map((d) => [d.page_id, readingMinutes(readStoredDocument(d.published).doc)]));
  return rows.map((r) => ({
    path: r.path,
    title: typesetTitle(r.title, lang),
    excerpt: typesetTitle(r.excerpt || r.description, lang),
    image: r.image,
    imageAlt: r.cover_alt ?? "",
    // With the site's offset: its first ten characters are the day visitors live in (not UTC's).
    date: r.date ? zonedIso(r.date, siteZone()) : null,
    readingMinutes: minutes.get(r.page_id) ?? 1,
    author: authorName(r.author_email),
  }));
}

function cardQuery(lang: Lang, nowIso: string) {
  return visibleArticles(lang, nowIso)
    .leftJoin("team_members as m", "m.id", "t.author_id")
    .select(["t.page_id", "t.path", "t.title", "t.excerpt", "t.description", "t.image", "t.cover_alt", "m.email as author_email"])
    .select(dateExpr.as("date"));
}

export interface BlogListing {
  articles: ArticleCard[];
  media: MediaMap;
  page: number;
  pageCount: number;
  tag: { slug: string; label: string } | null;
  tags: { slug: string; label: string }[];
}

/** One page of the language's visible articles, newest first; `tagSlug` keeps those with that tag. */
export async function blogListing(lang: Lang, page: number, tagSlug: string | null, now = new Date()): Promise<BlogListing> {
  const nowIso = now.toISOString();
  const withTag = <Q extends ReturnType<typeof visibleArticles>>(q: Q): Q =>
    tagSlug
      ? (q.where((eb) =>
          eb.exists(
            eb
              .selectFrom("article_tags as a")
              .select("a.page_id")
              .whereRef("a.page_id", "=", "t.page_id")
              .where("a.lang", "=", lang)
              .where("a.tag_slug", "=", tagSlug),
          ),
        ) as Q)
      : q;
  const [countRow, tagRows] = await Promise.all([
    withTag(visibleArticles(lang, nowIso))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db()
      .selectFrom("article_tags as a")
      .innerJoin("page_translations as t", (j) => j.onRef("t.page_id", "=", "a.page_id").onRef("t.lang", "=", "a.lang"))
      .where("a.lang", "=", lang)
      .where("t.published", "is not", null)
      .where((eb) => eb.or([eb("t.publish_at", "is", null), eb("t.publish_at", "<=", nowIso)]))
      .select(["a.tag_slug", "a.tag"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .groupBy(["a.tag_slug", "a.tag"])
      .orderBy("n", "desc")
      .limit(40)
      .execute(),
  ]);
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const rows = await withTag(cardQuery(lang, nowIso) as unknown as ReturnType<typeof visibleArticles>)
    .orderBy(dateExpr, "desc")
    .orderBy("t.path")
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE)
    .execute();
  const articles = await cards(lang, rows as unknown as CardRow[]);
  const tags = new Map<string, string>();
  for (const t of tagRows) if (!tags.has(t.tag_slug)) tags.set(t.tag_slug, t.tag);
  const label = tagSlug ? (tags.get(tagSlug) ?? null) : null;
  return {
    articles,
    media: await mediaInfo(articles.flatMap((a) => (a.image ? [a.image] : []))),
    page,
    pageCount,
    tag: tagSlug && label ? { slug: tagSlug, label } : null,
    tags: [...tags].slice(0, 20).map(([slug, l]) => ({ slug, label: l })),
  };
}

/** Up to `n` other visible articles of the language: most tags in common first, then the newest. */
export async function relatedArticles(pageId: string, lang: Lang, n = 3, now = new Date()): Promise<{ articles: ArticleCard[]; media: MediaMap }> {
  const nowIso = now.toISOString();
  const mine = await db().selectFrom("article_tags").select("tag_slug").where("page_id", "=", pageId).where("lang", "=", lang).execute();
  const shared = mine.length
    ? await cardQuery(lang, nowIso)
        .innerJoin("article_tags as a", (j) => j.onRef("a.page_id", "=", "t.page_id").onRef("a.lang", "=", "t.lang"))
        .where(
          "a.tag_slug",
          "in",
          mine.map((m) => m.tag_slug),
        )
        .where("t.page_id", "!=", pageId)
        .select((eb) => eb.fn.countAll<number>().as("common"))
        .groupBy(["t.page_id", "t.path", "t.title", "t.excerpt", "t.description", "t.image", "t.cover_alt", "m.email", "t.publish_at", "t.published_at"])
        .orderBy("common", "desc")
        .orderBy(dateExpr, "desc")
        .limit(n)
        .execute()
    : [];
  const seen = new Set([pageId, ...shared.map((r) => r.page_id)]);
  const latest =
    shared.length < n
      ? (
          await cardQuery(lang, nowIso)
            .orderBy(dateExpr, "desc")
            .limit(n + seen.size)
            .execute()
        )
          .filter((r) => !seen.has(r.page_id))
          .slice(0, n - shared.length)
      : [];
  const articles = await cards(lang, [...shared, ...latest]);
  return { articles, media: await mediaInfo(articles.flatMap((a) => (a.image ? [a.image] : []))) };
}

/** What an article page shows besides its body: byline, tags, the cover's alt text. */
export async function articleDetails(
  pageId: string,
  lang: Lang,
): Promise<{ author: string | null; tags: { slug: string; label: string }[]; imageAlt: string; updatedAt: string }> {
  const row = await db()
    .selectFrom("page_translations as t")
    .leftJoin("team_members as m", "m.id", "t.author_id")
    .select(["m.email", "t.tags", "t.cover_alt", "t.updated_at"])
    .where("t.page_id", "=", pageId)
    .where("t.lang", "=", lang)
    .executeTakeFirst();
  let tags: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row?.tags ?? "[]");
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === "string");
  } catch {
    /* unreadable tags: none shown */
  }
  return {
    author: authorName(row?.email ?? null),
    tags: tags.map((t) => ({ slug: slugify(t) || t.toLowerCase(), label: t })),
    imageAlt: row?.cover_alt ?? "",
    updatedAt: row?.updated_at ? zonedIso(row.updated_at, siteZone()) : "",
  };
}

/** RSS 2.0 of the language's 20 newest visible articles. */
export async function blogFeed(lang: Lang, origin: string, routes: RouteTable = ROUTES, now = new Date()): Promise<string> {
  const rows = await cardQuery(lang, now.toISOString()).select("t.tags").orderBy(dateExpr, "desc").limit(20).execute();
  const title = lang === "fr" ? "Archimed — le blog" : "Archimed — the blog";
  const blog = `${origin}${routes.blog[lang]}`;
  const items = rows
    .map((r) => {
      let tags: string[] = [];
      try {
        const t: unknown = JSON.parse(r.tags ?? "[]");
        if (Array.isArray(t)) tags = t.filter((x): x is string => typeof x === "string");
      } catch {
        /* none */
      }
      const link = `${origin}${r.path}`;
      const author = authorName(r.author_email);
      return [
        "    <item>",
        `      <title>${xmlText(r.title)}</title>`,
        `      <link>${xmlText(link)}</link>`,
        `      <guid isPermaLink="true">${xmlText(link)}</guid>`,
        r.date ? `      <pubDate>${rfc822(r.date, siteZone())}</pubDate>` : "",
        `      <description>${xmlText(r.excerpt || r.description)}</description>`,
        author ? `      <dc:creator>${xmlText(author)}</dc:creator>` : "",
        ...tags.map((t) => `      <category>${xmlText(t)}</category>`),
        r.image
          ? `      <enclosure url="${xmlText(r.image.startsWith("/") ? origin + r.image : r.image)}" type="image/${/\.png$/i.test(r.image) ? "png" : /\.webp$/i.test(r.image) ? "webp" : "jpeg"}" length="0"/>`
          : "",
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlText(title)}</title>
    <link>${xmlText(blog)}</link>
    <description>${xmlText(lang === "fr" ? "Conseils numériques pour les commerces de proximité." : "Digital advice for local businesses.")}</description>
    <language>${lang === "fr" ? "fr-FR" : "en-GB"}</language>
    <atom:link href="${xmlText(origin + blogFeedPath(lang))}" rel="self" type="application/rss+xml"/>
${rows[0]?.date ? `    <lastBuildDate>${rfc822(rows[0].date, siteZone())}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
