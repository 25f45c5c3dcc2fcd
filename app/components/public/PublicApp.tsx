import type { ReactNode } from "react";
import type { AdminUser } from "~/lib/api/team";
import type { TrackingConfig } from "~/lib/analytics/tracking";
import type { ArticleCard, BlogNav, PublicPageData } from "~/lib/content/public-page";
import type { SiteSettings } from "~/lib/content/settings";
import type { PublicShell } from "~/lib/structure/shell";
import { RenderProvider } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
import { leadImageId } from "./lead-image";
import { translator } from "~/lib/i18n/messages";
import { switchLanguagePath, type Lang, type RouteKey } from "~/lib/i18n/routes";
import { deferredModule } from "~/lib/deferred";
import { ChatButton } from "./ChatButton";
import { CookieBanner } from "./CookieBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollTopButton } from "./ScrollTopButton";
import type { ContactState } from "./contact/state";

export interface PublicAppProps {
  pathname: string;
  lang: Lang;
  settings: SiteSettings;
  /** The published menu and footer columns, resolved for this language (site structure). */
  shell: PublicShell;
  /** Null on a 404: the shell renders around the not-found message. */
  page: PublicPageData | null;
  /** The other language's address when there is no page (404), from the current route table. */
  alternate?: string;
  articles: ArticleCard[] | null;
  /** The blog list: its page and tag. */
  blog?: BlogNav | null;
  /** An article: related articles of its language. */
  related?: ArticleCard[] | null;
  /** A signed-in team member sees the admin bar; visitors get null and never load its code. */
  user: AdminUser | null;
  /**
   * A fixed bar above the header (the route module passes the admin bar for a signed-in member); the
   * shell makes room for it. Visitors' pages hydrate as an island that never passes one, so their
   * JavaScript holds no reference to back-office code.
   */
  topBar?: ReactNode;
  /** Google tag and Meta pixel IDs from configuration (null: not loaded); used only after consent. */
  tracking: TrackingConfig;
  /** On the contact page only: what its form starts from. */
  contact?: ContactState;
  /**
   * The contact page's form, passed in like the top bar: the island loads its code only on that page
   * (see hydrate-public.tsx), so no other page's JavaScript carries it.
   */
  contactForm?: ReactNode;
}

/**
 * The blog's lists and an article's header: only the pages that show them load their code (the island,
 * before hydrating; the server provides it in app/components/public/eager.server.ts).
 */
export const articleList = deferredModule(() => import("./ArticleList"));
export const articleHeader = deferredModule(() => import("./ArticleHeader"));

/** What the island loads before hydrating a page, from its data. */
export function blogPartsFor(props: Pick<PublicAppProps, "page" | "articles" | "related">) {
  return {
    list: Boolean(props.page && (props.articles || props.related?.length)),
    header: props.page?.kind === "article",
  };
}

/**
 * The whole public page: rendered on the server, hydrated in the browser as one island (no client
 * router), so visitors download React and these components only.
 */
export function PublicApp({
  pathname,
  lang,
  settings,
  shell,
  page,
  alternate: fallback,
  articles,
  blog,
  related,
  user,
  tracking,
  topBar,
  contactForm,
}: PublicAppProps) {
  const t = translator(lang);
  const other: Lang = lang === "fr" ? "en" : "fr";
  const alternate = page?.alternates[other] ?? fallback ?? switchLanguagePath(pathname, other);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded focus:bg-brand-yellow focus:px-4 focus:py-2 focus:text-ink"
      >
        {t("nav.skip")}
      </a>
      {topBar}
      <Header lang={lang} menu={shell.menu} pathname={pathname} alternate={alternate} contactHref={shell.routes.contact} belowTopBar={Boolean(topBar)} />
      {/* Room for the fixed admin bar and header (seed 001 §2: 10rem, 11rem from md) only when the bar shows. */}
      {/* flex-1: on a short page the footer still reaches the bottom of the window (the root is a flex column). */}
      <main id="main" tabIndex={-1} className={`site-main flex-1 outline-none ${topBar ? "pt-40 md:pt-44" : ""}`}>
        {page ? (
          <PageBody page={page} articles={articles} blog={blog ?? null} related={related ?? null} blogHref={shell.routes.blog} contactForm={contactForm} />
        ) : (
          <NotFound lang={lang} routes={shell.routes} />
        )}
      </main>
      <Footer lang={lang} settings={settings} columns={shell.footer} />
      <ScrollTopButton lang={lang} />
      <ChatButton lang={lang} number={settings.contact[lang].whatsapp} />
      {/* Team members' own visits are not counted; a 404 is not a page view. */}
      <CookieBanner lang={lang} tracking={tracking} path={page && !user ? page.path : null} privacyHref={shell.routes.privacy} />
    </>
  );
}

function PageBody({
  page,
  articles,
  blog,
  related,
  blogHref,
  contactForm,
}: {
  page: PublicPageData;
  articles: ArticleCard[] | null;
  blog: BlogNav | null;
  related: ArticleCard[] | null;
  blogHref: string;
  contactForm?: ReactNode;
}) {
  const t = translator(page.lang);
  const eager = leadImageId(page);
  const { ArticleList } = articles || related?.length ? articleList.read() : NO_LIST;
  const { ArticleHeader } = page.kind === "article" ? articleHeader.read() : NO_HEADER;
  return (
    <RenderProvider value={{ lang: page.lang, media: page.media, eagerImageId: eager }}>
      <div data-page-path={page.path}>
        {page.kind === "article" ? <ArticleHeader page={page} blogHref={blogHref} /> : null}
        <DocumentView doc={page.doc} />
        {articles ? <ArticleList lang={page.lang} articles={articles} nav={blog} base={page.path} /> : null}
        {contactForm ? (
          <section className="mx-auto max-w-[1280px] px-5 pb-20 pt-12 @tablet:px-8 md:px-8" aria-label={page.title} data-testid="contact-section">
            <div className="max-w-3xl">{contactForm}</div>
          </section>
        ) : null}
        {related?.length ? (
          <aside aria-labelledby="related-title" className="mt-8 border-t border-[var(--border)] pt-10" data-testid="related-articles">
            <h2 id="related-title" className="mx-auto max-w-[1280px] px-5 pb-6 text-2xl font-extrabold md:px-8">
              {t("blog.related")}
            </h2>
            <ArticleList lang={page.lang} articles={related} headingLevel={3} />
          </aside>
        ) : null}
      </div>
    </RenderProvider>
  );
}

const NO_LIST = { ArticleList: () => null };
const NO_HEADER = { ArticleHeader: () => null };

export function NotFound({ lang, routes }: { lang: Lang; routes: Record<RouteKey, string> }) {
  const t = translator(lang);
  const pages = [routes.blog, routes.offers, routes.website, routes.contact];
  const labels = ["nav.blog", "nav.offers", "nav.website", "nav.contact"] as const;
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center" data-testid="not-found">
      {/* Decorative; in the text colour with a yellow bar, as yellow text would be unreadable on white. */}
      <p className="inline-block border-b-8 border-brand-yellow text-7xl font-black text-[var(--text)]" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">{t("notFound.title")}</h1>
      <p className="mt-3 text-[var(--text-muted)]">{t("notFound.text")}</p>
      <a href={lang === "en" ? "/en" : "/"} className="mt-8 inline-block rounded-full bg-brand-yellow px-6 py-3 font-semibold text-ink">
        {t("notFound.home")}
      </a>
      <nav aria-label={t("notFound.elsewhere")} className="mt-10">
        <p className="font-semibold">{t("notFound.elsewhere")}</p>
        <ul className="mt-1 flex flex-wrap justify-center gap-x-6" data-testid="not-found-links">
          {pages.map((p, i) => (
            <li key={p}>
              {/* A block with room around the words: a target of at least 24 px to tap (WCAG 2.5.8). */}
              <a href={p} className="inline-block py-2 font-semibold underline underline-offset-4">
                {t(labels[i])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
