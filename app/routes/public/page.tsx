import { useActionData, useLoaderData } from "react-router";
import { AdminBar } from "~/components/admin/AdminBar";
import { TeamPreviewBanner } from "~/components/admin/TeamPreviewBanner";
import { PublicApp } from "~/components/public/PublicApp";
import { ContactForm } from "~/components/public/contact/ContactForm";
import { PUBLIC_DATA_ID } from "~/islands/public-data";
import { seoMeta } from "~/lib/seo";
import * as ArticleHeaderModule from "~/components/public/ArticleHeader";
import * as ArticleListModule from "~/components/public/ArticleList";
import { blogPageHref } from "~/components/public/ArticleList";
import { articleHeader, articleList } from "~/components/public/PublicApp";
import { galleryRenderer, videoRenderer } from "~/lib/elements/renderers";
import * as GalleryModule from "~/lib/elements/renderers/Gallery";
import * as VideoModule from "~/lib/elements/renderers/Video";
import { blogFeedPath } from "~/lib/blog/feed-paths";
import type { Route } from "./+types/page";
import { contactAction, loadPublicPage } from "./page.server";

/**
 * Visitors' pages hydrate as an island, without React Router in the browser (see entry.client.tsx and
 * the root layout). A signed-in member's view hydrates through the router and carries the admin bar.
 */
export const handle = { island: true };

// A signed-in member's view hydrates through the router with this module: it carries the parts the island
// loads on demand (lib/deferred.ts), so that view never waits on them. Visitors' JavaScript never loads it.
articleList.provide(ArticleListModule);
articleHeader.provide(ArticleHeaderModule);
galleryRenderer.provide(GalleryModule);
videoRenderer.provide(VideoModule);

export async function loader({ request }: Route.LoaderArgs) {
  return loadPublicPage(request);
}

/** Only the contact page takes a POST: its form, sent without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context.ip);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data }: Route.MetaArgs) {
  const page = data?.props.page;
  if (!data || !page) {
    const en = data?.props.lang === "en";
    return [{ title: en ? "Page not found | Archimed" : "Page introuvable | Archimed" }, { name: "robots", content: "noindex" }];
  }
  const nav = data.blogNav;
  const listPath = (n: number) => (nav ? blogPageHref(page.path, n, nav.tag?.slug ?? null) : page.path);
  const tags = seoMeta({
    origin: data.origin,
    lang: page.lang,
    // Page 2 and tag pages are pages of their own: their canonical URL says so.
    path: nav ? listPath(nav.page) : page.path,
    title: nav?.tag ? `${page.title} — ${nav.tag.label}` : nav && nav.page > 1 ? `${page.title} (${nav.page})` : page.title,
    description: page.description,
    image: page.image,
    alternates: nav && (nav.page > 1 || nav.tag) ? {} : page.alternates,
    type: page.kind === "article" ? "article" : "website",
  });
  if (nav && nav.page > 1) tags.push({ tagName: "link", rel: "prev", href: `${data.origin}${listPath(nav.page - 1)}` });
  if (nav && nav.page < nav.pageCount) tags.push({ tagName: "link", rel: "next", href: `${data.origin}${listPath(nav.page + 1)}` });
  if (nav || page.kind === "article") {
    const feed = blogFeedPath(page.lang);
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: page.lang === "fr" ? "Blog Archimed (RSS)" : "Archimed blog (RSS)",
      href: `${data.origin}${feed}`,
    });
  }
  return tags;
}

/** JSON inside <script>: "<" is escaped so no content can close the tag. */
function serialize(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export default function PublicPageRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const { props: loaded, jsonLd } = loaderData;
  const builderHref = ("builderHref" in loaderData ? loaderData.builderHref : null) ?? `/admin/archimed-editor?path=${encodeURIComponent(loaded.pathname)}`;
  // A contact form refused after a post without JavaScript: shown again with its errors and values.
  const posted = useActionData<typeof action>();
  const props = posted && loaded.contact ? { ...loaded, contact: { ...loaded.contact, ...posted } } : loaded;
  return (
    <>
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialize(jsonLd) }} /> : null}
      <div id={props.user ? undefined : "public-root"} className="flex min-h-screen flex-col">
        <PublicApp
          {...props}
          topBar={
            props.user ? (
              <AdminBar user={props.user} builderHref={builderHref} states={("states" in loaderData ? loaderData.states : null) ?? undefined} />
            ) : null
          }
          contactForm={props.contact && props.page ? <ContactForm lang={props.lang} action={props.page.path} state={props.contact} /> : undefined}
        />
        {props.user && "teamState" in loaderData && loaderData.teamState ? <TeamPreviewBanner state={loaderData.teamState} /> : null}
      </div>
      {props.user ? null : <script id={PUBLIC_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialize(props) }} />}
    </>
  );
}
