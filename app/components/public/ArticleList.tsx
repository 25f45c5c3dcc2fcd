import { Picture } from "~/lib/elements/renderers/Media";
import { ARTICLE_CARD_SIZES } from "./lead-image";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";
import type { ArticleCard, BlogNav } from "~/lib/content/public-page";

/** Month names as fr-FR and en-GB write them in "27 novembre 2026" / "27 November 2026" (the unit test holds them to Intl). */
const MONTHS = {
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
} as const;

/**
 * The server sends dates with the site's offset ("2026-11-27T00:30:00+01:00", SITE_TIMEZONE): their first
 * ten characters are the site's day, which is shown as such whatever the reader's own zone (the island
 * formats it again in the browser and must agree with the server).
 * Written from a table, not with Intl.DateTimeFormat: a browser's first formatter loads its locale data, and
 * made a blog page's hydration spend 20–40 ms in one task (counted by Lighthouse's TBT, issue 21); a table also
 * writes the same string on the server and in every browser, whatever ICU version each carries.
 */
export function formatDate(iso: string | null, lang: Lang): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  const month = m ? MONTHS[lang][Number(m[2]) - 1] : undefined;
  const day = m ? Number(m[3]) : 0;
  if (!m || !month || day < 1 || day > 31) return "";
  return `${day} ${month} ${Number(m[1])}`;
}

export function blogPageHref(base: string, page: number, tag: string | null): string {
  const q = new URLSearchParams();
  if (tag) q.set("tag", tag);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

export function ArticleList({
  lang,
  articles,
  nav,
  base,
  headingLevel = 2,
}: {
  lang: Lang;
  articles: ArticleCard[];
  nav?: BlogNav | null;
  base?: string;
  headingLevel?: 2 | 3;
}) {
  const t = translator(lang);
  const H = headingLevel === 2 ? "h2" : "h3";
  if (articles.length === 0) return <p className="mx-auto max-w-[1280px] px-5 py-10 md:px-8">{t("blog.empty")}</p>;
  return (
    <>
      {nav && base ? (
        <nav
          aria-label={t("blog.tagged")}
          className="mx-auto mb-8 flex max-w-[1280px] flex-wrap items-center gap-2 px-5 text-sm md:px-8"
          data-testid="blog-tags"
        >
          {nav.tag ? (
            <p className="mr-2 w-full text-lg font-bold">
              {t("blog.tagged")} {t("quote.open")}
              {nav.tag.label}
              {t("quote.close")}
            </p>
          ) : null}
          <a
            href={base}
            className={`rounded-full border px-3 py-1 ${nav.tag ? "border-[var(--border)]" : "border-ink bg-ink text-white dark:border-white dark:bg-white dark:text-ink"}`}
          >
            {t("blog.allTags")}
          </a>
          {nav.tags.map((g) => (
            <a
              key={g.slug}
              href={blogPageHref(base, 1, g.slug)}
              className={`rounded-full border px-3 py-1 ${nav.tag?.slug === g.slug ? "border-ink bg-ink text-white dark:border-white dark:bg-white dark:text-ink" : "border-[var(--border)]"}`}
            >
              {g.label}
            </a>
          ))}
          {/* A call to subscribe: an outline button like the pages' secondary buttons, not a text link. */}
          <a
            href={`${base}/rss.xml`}
            data-testid="blog-rss"
            className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-[var(--text)] px-4 py-1.5 font-semibold text-[var(--text)] no-underline hover:bg-[var(--surface-alt)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-teal"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
              <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" />
              <circle cx="5" cy="19" r="1.5" fill="currentColor" />
            </svg>
            {t("blog.rss")}
          </a>
        </nav>
      ) : null}
      <section className="mx-auto max-w-[1280px] px-5 pb-8 md:px-8" data-testid="article-list">
        <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
          {articles.map((a, i) => (
            <li
              key={a.path}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-sm transition hover:shadow-lg"
            >
              {a.image ? (
                <div className="aspect-[16/9] overflow-hidden bg-[var(--surface-alt)]">
                  <Picture
                    src={a.image}
                    alt={a.imageAlt ?? ""}
                    eager={i === 0 && headingLevel === 2}
                    className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
                    sizes={ARTICLE_CARD_SIZES}
                  />
                </div>
              ) : null}
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm text-[var(--text-muted)]">
                  {a.date ? <time dateTime={a.date}>{formatDate(a.date, lang)}</time> : null}
                  {a.readingMinutes ? ` · ${a.readingMinutes} ${t("blog.minutes")}` : null}
                  {a.author ? ` · ${t("blog.by")} ${a.author}` : null}
                </p>
                <H className="mt-2 text-xl font-bold leading-snug">
                  <a href={a.path} className="after:absolute after:inset-0 hover:underline">
                    {a.title}
                  </a>
                </H>
                <p className="mt-3 flex-1 text-[var(--text-muted)]">{a.excerpt}</p>
                <span className="mt-4 font-semibold text-brand-teal-dark dark:text-brand-teal" aria-hidden="true">
                  {t("blog.readMore")} →
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {nav && base && nav.pageCount > 1 ? (
        <nav
          aria-label={t("blog.pagination")}
          className="mx-auto mb-8 flex max-w-[1280px] items-center px-5 md:px-8 justify-between gap-4 text-sm font-semibold"
          data-testid="blog-pagination"
        >
          {nav.page > 1 ? (
            <a rel="prev" href={blogPageHref(base, nav.page - 1, nav.tag?.slug ?? null)} className="rounded-full border border-[var(--border)] px-4 py-2">
              ← {t("blog.previous")}
            </a>
          ) : (
            <span />
          )}
          <span className="text-[var(--text-muted)]">
            {t("blog.pageOf")} {nav.page} / {nav.pageCount}
          </span>
          {nav.page < nav.pageCount ? (
            <a rel="next" href={blogPageHref(base, nav.page + 1, nav.tag?.slug ?? null)} className="rounded-full border border-[var(--border)] px-4 py-2">
              {t("blog.next")} →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
