/**
 * Cache tags of public responses, for a CDN in front of the site (Cloudflare's Cache-Tag, Fastly's
 * Surrogate-Key): every public response carries "site", its language and its page ("page:fr:/offres"),
 * so that a publication purges exactly the pages it changed, or "site" when any page may show it.
 */
export const SITE_TAG = "site";

export function languageOf(pathname: string): "fr" | "en" {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "fr";
}

/** A client navigation's data request (/offres.data, /_root.data) is tagged as the page it loads. */
function pageOf(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length).replace(/\/_root$/, "/");
  return page || "/";
}

/** Tags are visible ASCII without commas or spaces (both are list separators). */
const tagSafe = (s: string) => s.replace(/[^!-~]|,/g, (c) => encodeURIComponent(c));

export function pageTag(pathname: string): string {
  const page = pageOf(pathname);
  return tagSafe(`page:${languageOf(page)}:${page}`);
}

export function cacheTagsFor(pathname: string): string[] {
  return [SITE_TAG, `lang:${languageOf(pageOf(pathname))}`, pageTag(pathname)];
}

/** The headers naming them: Cache-Tag (comma-separated) and Surrogate-Key (space-separated). */
export function cacheTagHeaders(pathname: string): { "cache-tag": string; "surrogate-key": string } {
  const tags = cacheTagsFor(pathname);
  return { "cache-tag": tags.join(","), "surrogate-key": tags.join(" ") };
}

/** What a change announced for these paths purges. */
export function purgeTagsFor(paths: readonly string[] | "all"): string[] {
  if (paths === "all") return [SITE_TAG];
  return [...new Set(paths.map(pageTag))];
}
