import { hasOrdinalLetters } from "~/lib/design/typefaces";
import { data, redirect } from "react-router";
import "~/components/public/eager.server";
import { findPublicPage } from "~/lib/content/pages.server";
import { currentRoutes, loadShell, movedPageRedirect } from "~/lib/structure/structure.server";
import type { PublicAppProps } from "~/components/public/PublicApp";
import { isArticlePath, languageFromPath, normalizePath, routeKeyOfPath, switchLanguagePath, type Lang, type RouteTable } from "~/lib/i18n/routes";
import { handleContact } from "~/lib/contact/http.server";
import { CONTACT_OFFERS } from "~/lib/contact/limits";
import { contactWords } from "~/lib/contact/words";
import type { ContactState } from "~/components/public/contact/state";
import { optionalTeamMember } from "~/lib/auth/permissions.server";
import { readSessionToken } from "~/lib/auth/session.server";
import { runtime } from "~/lib/runtime.server";
import { trackingConfig } from "~/lib/analytics/config.server";
import { articleDetails, articleRedirect, blogListing, relatedArticles, type BlogListing } from "~/lib/blog/public.server";
import { blogPostingLd, organizationLd } from "~/lib/blog/structured-data";
import { sameSitePath } from "~/lib/document/url";
import { publicationState } from "~/lib/content/publication-state";
import { pageStates } from "~/lib/content/page-states.server";
import { leadImage } from "~/components/public/lead-image";

/** Shared by every visitor and revalidated with the ETag; a team member's view is private. */
const PUBLIC_CACHE = { "Cache-Control": "public, max-age=0, must-revalidate" };
const PRIVATE_CACHE = { "Cache-Control": "private, no-store" };
/**
 * A 301 from a former address: browsers keep 301s without end unless told, and an admin may move a page
 * back (or restore a publication), when the cached redirect would loop. They must ask again each time.
 */
const MOVED_HEADERS = { "Cache-Control": "no-cache" };

/**
 * Addresses of articles (under the blog's current address, or the default one) and custom pages: a team
 * member gets the preview of a draft there. Any unknown address, these or others, is a real 404 (decision
 * 036: a redirect to the home page is a soft 404 to search engines and a silent jump to visitors).
 */
const PREVIEW_PATTERN = /^(?:\/en)?\/(?:blog|page)\/[^/]+$/;
const isPreviewPath = (path: string, lang: Lang, routes: RouteTable) => PREVIEW_PATTERN.test(path) || isArticlePath(path, routes.blog[lang]);

export async function loadPublicPage(request: Request) {
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname);
  const path = normalizePath(url.pathname);
  if (path !== url.pathname) throw redirect(path + url.search, 301);
  // The shell (menu, footer, contact settings) comes from memory after the first render: no query per request.
  const [found, { settings, shell: shells, routes }, member] = await Promise.all([
    findPublicPage(path),
    loadShell(),
    readSessionToken(request) ? optionalTeamMember(request) : null,
  ]);
  // Team members see an article before its time (brouillon, programmé): the preview of its draft.
  const page = found ?? (member && isPreviewPath(path, lang, routes) ? await findPublicPage(path, new Date(), { preview: true }) : null);
  const user = member ? { id: member.id, email: member.email, role: member.role } : null;
  const shell = shells[lang];
  const headers = user ? PRIVATE_CACHE : PUBLIC_CACHE;
  const origin = runtime().env.publicUrl;
  /** The site's 404 page, in this address's language, with a link to the other language's. */
  const notFound = () => {
    const props: PublicAppProps = {
      pathname: path,
      lang,
      settings,
      shell,
      page: null,
      articles: null,
      user,
      alternate: switchLanguagePath(path, lang === "fr" ? "en" : "fr", routes),
      tracking: trackingConfig(runtime().env),
    };
    return data({ props, origin, jsonLd: null, blogNav: null }, { status: 404, headers });
  };
  if (!page) {
    // A page whose address changed in the site structure: its old address answers 301 to the new one.
    // Only ever to a path of this site, whatever is stored (a restored "//evil.com" once led off-site).
    const movedTo = sameSitePath(await movedPageRedirect(path));
    if (movedTo) throw redirect(movedTo + url.search, { status: 301, headers: MOVED_HEADERS });
    const moved = await articleRedirect(path, routes);
    if (moved) throw redirect(moved.to + url.search, { status: moved.status, headers: MOVED_HEADERS });
    return notFound();
  }
  const contact = page.systemKey === "contact" ? contactState(url, page.lang) : undefined;
  let blog: BlogListing | null = null;
  if (page.systemKey === "blog") {
    const raw = url.searchParams.get("page");
    const n = raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
    const tag = url.searchParams.get("tag");
    // A malformed ?page= or ?tag= goes back to the list itself rather than inventing a page.
    if (Number.isNaN(n) || (tag !== null && !/^[a-z0-9-]{1,60}$/.test(tag))) throw redirect(path, 301);
    blog = await blogListing(lang, n, tag);
    if (n > blog.pageCount || (tag && !blog.tag)) {
      return notFound();
    }
  }
  const [article, states] = await Promise.all([
    page.kind === "article" ? Promise.all([articleDetails(page.pageId, lang), relatedArticles(page.pageId, lang)]) : null,
    // The admin bar says each language's state of this page, as the lists do (issue 20 §3): members only.
    user ? pageStates(page.pageId) : null,
  ]);
  const { pageId: _id, systemKey: _key, publication: facts, ...rest } = page;
  // A member sees what visitors do not (a draft, a schedule, changes not yet published): the banner says
  // what visitors get instead, and a preview does not claim a publication date it does not have yet.
  const teamState = user ? publicationState(facts, { now: new Date(), timeZone: runtime().env.SITE_TIMEZONE }) : null;
  const previewing = found === null;
  if (previewing) rest.date = null;
  const details = article?.[0];
  const props: PublicAppProps = {
    pathname: path,
    lang,
    settings,
    shell,
    page: {
      ...rest,
      media: { ...page.media, ...blog?.media, ...article?.[1].media },
      ...(details ? { author: details.author, tags: details.tags, imageAlt: details.imageAlt } : {}),
    },
    articles: blog?.articles ?? null,
    blog: blog ? { page: blog.page, pageCount: blog.pageCount, tag: blog.tag, tags: blog.tags } : null,
    related: article?.[1].articles ?? null,
    user,
    tracking: trackingConfig(runtime().env),
    ...(contact ? { contact } : {}),
  };
  const jsonLd =
    page.kind === "article" && details ? blogPostingLd(origin, page, details) : page.systemKey === "home" ? organizationLd(origin, settings, lang) : null;
  // The contact form carries the time it was shown (minimum fill time): never served from a shared cache.
  // A member's admin bar opens the builder on this page by its id (no lookup of the address on the way).
  const builderHref = user ? `/admin/archimed-editor?page=${encodeURIComponent(page.pageId)}&lang=${lang}&path=${encodeURIComponent(path)}` : null;
  // A page that writes a French ordinal (6ᵉ) preloads the text face's ordinals file (root.tsx, decision 056).
  const ordinals = hasOrdinalLetters(JSON.stringify(props));
  return data(
    {
      props,
      origin,
      jsonLd: previewing ? null : jsonLd,
      blogNav: props.blog ?? null,
      builderHref,
      teamState: teamState?.visitors ? teamState : null,
      states,
      ordinals,
      leadImage: props.page ? leadImage(props.page, props.articles) : null,
    },
    { headers: contact ? PRIVATE_CACHE : headers },
  );
}

/** What a form post without JavaScript left to show: the refusal and the values typed, to fill in again. */
export type ContactPosted = Pick<ContactState, "values" | "error">;

function contactState(url: URL, lang: Lang): ContactState {
  const offer = url.searchParams.get("offre");
  return {
    words: contactWords(lang),
    startedAt: Date.now(),
    sent: url.searchParams.get("envoye") === "1",
    offer: offer && (CONTACT_OFFERS as readonly string[]).includes(offer) ? offer : null,
    values: {},
    error: null,
  };
}

/**
 * The contact form posted without JavaScript (a plain urlencoded form on the contact page): accepted →
 * 303 to the page with ?envoye=1 (a reload does not send again); refused → the page again with the errors
 * and the values typed, status 400/413/429. Any other public path takes no POST.
 */
export async function contactAction(request: Request, ip: string) {
  const url = new URL(request.url);
  if (routeKeyOfPath(url.pathname, await currentRoutes()) !== "contact" || normalizePath(url.pathname) !== url.pathname) {
    throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const { failure, values } = await handleContact(request, ip, "form");
  if (!failure) throw redirect(`${url.pathname}?envoye=1`, 303);
  const posted: ContactPosted = { values, error: { message: failure.message, fields: failure.fields } };
  return data(posted, {
    status: failure.status,
    headers: { "Cache-Control": "no-store", ...(failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : {}) },
  });
}
