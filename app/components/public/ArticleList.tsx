import { Picture } from "~/lib/elements/renderers/Media";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";

export interface ArticleCard {
  path: string;
  title: string;
  excerpt: string;
  image: string | null;
  date: string | null;
}

export function formatDate(iso: string | null, lang: Lang): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
}

export function ArticleList({ lang, articles }: { lang: Lang; articles: ArticleCard[] }) {
  const t = translator(lang);
  if (articles.length === 0) return <p className="mx-auto max-w-[1280px] px-5 py-10 md:px-8">{t("blog.empty")}</p>;
  return (
    <section className="mx-auto max-w-[1280px] px-5 pb-8 md:px-8" data-testid="article-list">
      <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
        {articles.map((a, i) => (
          <li key={a.path} className="group relative flex flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-sm transition hover:shadow-lg">
            {a.image ? (
              <div className="aspect-[16/9] overflow-hidden bg-[var(--surface-alt)]">
                <Picture src={a.image} alt="" eager={i === 0} className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]" sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw" />
              </div>
            ) : null}
            <div className="flex flex-1 flex-col p-6">
              {a.date ? <time className="text-sm text-[var(--text-muted)]" dateTime={a.date}>{formatDate(a.date, lang)}</time> : null}
              <h2 className="mt-2 text-xl font-bold leading-snug">
                <a href={a.path} className="after:absolute after:inset-0 hover:underline">
                  {a.title}
                </a>
              </h2>
              <p className="mt-3 flex-1 text-[var(--text-muted)]">{a.excerpt}</p>
              <span className="mt-4 font-semibold text-brand-teal-dark dark:text-brand-teal" aria-hidden="true">{t("blog.readMore")} →</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
