/**
 * Back-office API reads started by the HTML itself, before any JavaScript has downloaded.
 *
 * A back-office page cannot render before its client loaders have their data (session, then the draft
 * in the builder), and those loaders only run once the router's code is loaded and started: the reads
 * used to begin half a second after the HTML. The root layout puts a small inline script in <head> that
 * starts them at once (PREFETCH_SCRIPT); apiFetch() takes the answer over the first time the loader asks
 * for that same URL. Nothing is trusted from it that a normal fetch would not give: it is the same GET
 * with the same cookie, read once, and ignored when older than PREFETCH_TTL_MS.
 */

/** Same character rule as the API's page ids: anything else is not prefetched (the loader handles it). */
const PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const PREFETCH_TTL_MS = 15_000;

/** The API URLs worth starting for a document request to `url` (pathname and query of the page). */
export function adminPrefetchUrls(url: URL): string[] {
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  if ((pathname !== "/admin" && !pathname.startsWith("/admin/")) || pathname === "/admin/login") return [];
  const urls = ["/api/auth/session"];
  if (pathname === "/admin/archimed-editor") {
    const page = url.searchParams.get("page");
    const lang = url.searchParams.get("lang");
    if (page && PAGE_ID.test(page) && (lang === "fr" || lang === "en")) urls.push(`/api/pages/${page}/${lang}`);
  }
  return urls;
}

/** The inline script: URLs come only from adminPrefetchUrls (fixed shapes), and are JSON with < escaped. */
export function prefetchScript(urls: string[]): string {
  const list = JSON.stringify(urls).replace(/</g, "\\u003c");
  return `(function(u){var s=window.__apiPrefetch={};u.forEach(function(x){var p=fetch(x,{headers:{Accept:"application/json"},credentials:"same-origin"});p.catch(function(){});s[x]={at:performance.now(),res:p};});})(${list});`;
}

declare global {
  interface Window {
    __apiPrefetch?: Record<string, { at: number; res: Promise<Response> }>;
  }
}

/** The response of a read the page started for `path`, once, if it is still fresh; otherwise null. */
export function takePrefetched(path: string): Promise<Response> | null {
  if (typeof window === "undefined") return null;
  const started = window.__apiPrefetch?.[path];
  if (!started) return null;
  delete window.__apiPrefetch![path];
  return performance.now() - started.at <= PREFETCH_TTL_MS ? started.res : null;
}
