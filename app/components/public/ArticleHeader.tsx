import { Picture } from "~/lib/elements/renderers/Media";
import { ARTICLE_IMAGE_SIZES } from "./lead-image";
import { translator } from "~/lib/i18n/messages";
import { ROUTES, type Lang } from "~/lib/i18n/routes";
import { formatDate } from "./ArticleList";

export function ArticleHeader({
  page,
  blogHref = ROUTES.blog[page.lang],
}: {
  /** The blog's current address (site structure). */
  blogHref?: string;
  page: {
    lang: Lang;
    title: string;
    description: string;
    image: string | null;
    date: string | null;
    readingMinutes: number;
    author?: string | null;
    tags?: { slug: string; label: string }[];
    imageAlt?: string;
  };
}) {
  const t = translator(page.lang);
  return (
    <header className="mx-auto max-w-[880px] px-5 pb-8 pt-12 md:px-8">
      <a href={blogHref} className="text-sm font-semibold text-brand-teal-dark hover:underline dark:text-brand-teal">
        ← {t("blog.back")}
      </a>
      <h1 className="mt-4 text-balance text-3xl font-extrabold leading-tight md:text-5xl">{page.title}</h1>
      <p className="mt-4 text-lg text-[var(--text-muted)]">{page.description}</p>
      <p className="mt-4 text-sm text-[var(--text-muted)]">
        {page.date ? (
          <>
            {t("blog.publishedOn")} <time dateTime={page.date}>{formatDate(page.date, page.lang)}</time> ·{" "}
          </>
        ) : null}
        {page.readingMinutes} {t("blog.minutes")}
        {page.author ? ` · ${t("blog.by")} ${page.author}` : null}
      </p>
      {page.tags?.length ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          {page.tags.map((g) => (
            <li key={g.slug}>
              <a href={`${blogHref}?tag=${encodeURIComponent(g.slug)}`} className="rounded-full border border-[var(--border)] px-3 py-1 hover:underline">
                {g.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {page.image ? (
        <div className="mt-8 overflow-hidden rounded-2xl">
          <Picture src={page.image} alt={page.imageAlt ?? ""} eager className="h-auto w-full" sizes={ARTICLE_IMAGE_SIZES} />
        </div>
      ) : null}
    </header>
  );
}
