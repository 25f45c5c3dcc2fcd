import { data, redirect } from "react-router";
import { findPublicPage, listArticles } from "~/lib/content/pages.server";
import { loadSettings } from "~/lib/content/settings.server";
import type { PublicAppProps } from "~/components/public/PublicApp";
import { languageFromPath, normalizePath } from "~/lib/i18n/routes";
import { optionalTeamMember } from "~/lib/auth/permissions.server";
import { readSessionToken } from "~/lib/auth/session.server";
import { runtime } from "~/lib/runtime.server";
import { trackingConfig } from "~/lib/analytics/config.server";

/** Shared by every visitor and revalidated with the ETag; a team member's view is private. */
const PUBLIC_CACHE = { "Cache-Control": "public, max-age=0, must-revalidate" };
const PRIVATE_CACHE = { "Cache-Control": "private, no-store" };

/** Articles and custom pages that do not exist are real 404s; any other unknown path goes home. */
const NOT_FOUND_PATTERN = /^(?:\/en)?\/(?:blog|page)\/[^/]+$/;

export async function loadPublicPage(request: Request) {
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname);
  const path = normalizePath(url.pathname);
  if (path !== url.pathname) throw redirect(path + url.search, 301);
  const [page, settings, member] = await Promise.all([
    findPublicPage(path),
    loadSettings(),
    readSessionToken(request) ? optionalTeamMember(request) : null,
  ]);
  const user = member ? { id: member.id, email: member.email, role: member.role } : null;
  const headers = user ? PRIVATE_CACHE : PUBLIC_CACHE;
  const origin = runtime().env.publicUrl;
  if (!page) {
    if (!NOT_FOUND_PATTERN.test(path)) throw redirect(lang === "en" ? "/en" : "/", 302);
    const props: PublicAppProps = { pathname: path, lang, settings, page: null, articles: null, user, tracking: trackingConfig(runtime().env) };
    return data({ props, origin }, { status: 404, headers });
  }
  const blog = page.systemKey === "blog" ? await listArticles(lang) : null;
  const { pageId: _id, systemKey: _key, ...rest } = page;
  const props: PublicAppProps = {
    pathname: path,
    lang,
    settings,
    page: { ...rest, media: { ...page.media, ...blog?.media } },
    articles: blog?.articles ?? null,
    user,
    tracking: trackingConfig(runtime().env),
  };
  return data({ props, origin }, { headers });
}
