/** The public route table of seed 000 §2, and the language rules derived from paths. */
export type Lang = "fr" | "en";
export const LANGS: readonly Lang[] = ["fr", "en"];

export const ROUTES = {
  home: { fr: "/", en: "/en" },
  blog: { fr: "/blog", en: "/en/blog" },
  booking: { fr: "/solutions/reservation", en: "/en/solutions/reservation" },
  website: { fr: "/solutions/site-web", en: "/en/solutions/website" },
  social: { fr: "/solutions/reseaux-sociaux", en: "/en/solutions/social-media" },
  clickCollect: { fr: "/solutions/click-collect", en: "/en/solutions/click-collect" },
  offers: { fr: "/offres", en: "/en/offers" },
  partners: { fr: "/partenaires", en: "/en/partners" },
  recruitment: { fr: "/recrutement", en: "/en/recruitment" },
  legal: { fr: "/mentions-legales", en: "/en/legal-notice" },
  privacy: { fr: "/politique-de-confidentialite", en: "/en/privacy-policy" },
  contact: { fr: "/contact", en: "/en/contact" },
} as const satisfies Record<string, Record<Lang, string>>;
export type RouteKey = keyof typeof ROUTES;
export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

export function routePath(key: RouteKey, lang: Lang): string {
  return ROUTES[key][lang];
}

/**
 * A trailing slash is ignored ("/offres/" is "/offres"); the root stays "/". Repeated slashes collapse
 * too: "//host/" must never come out, since a redirect to it would send the visitor to another site.
 */
export function normalizePath(path: string): string {
  const p = path.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

/** "/en" and "/en/…" are English; everything else, "/enfants" included, is French. */
export function languageFromPath(path: string): Lang {
  return path === "/en" || path.startsWith("/en/") ? "en" : "fr";
}

export function routeKeyOfPath(path: string): RouteKey | undefined {
  const p = normalizePath(path);
  for (const key of ROUTE_KEYS) if (ROUTES[key].fr === p || ROUTES[key].en === p) return key;
  return undefined;
}

/**
 * The equivalent path in the other language: the route table's mapping when the path is in it,
 * otherwise "/en" added or removed (blog slugs are kept unchanged this way).
 */
export function switchLanguagePath(path: string, to: Lang): string {
  const p = normalizePath(path);
  const from = languageFromPath(p);
  if (from === to) return p;
  const key = routeKeyOfPath(p);
  if (key) return ROUTES[key][to];
  if (to === "en") return p === "/" ? "/en" : `/en${p}`;
  const rest = p.slice(3);
  return rest === "" ? "/" : rest;
}

/** The path with the language prefix removed ("/en/blog/x" → "/blog/x"). */
export function stripLangPrefix(path: string): string {
  return languageFromPath(path) === "en" ? path.slice(3) || "/" : path;
}

export function withLangPrefix(path: string, lang: Lang): string {
  if (lang === "fr") return path;
  return path === "/" ? "/en" : `/en${path}`;
}

export const blogArticlePath = (slug: string, lang: Lang) => withLangPrefix(`/blog/${slug}`, lang);
export const customPagePath = (slug: string, lang: Lang) => withLangPrefix(`/page/${slug}`, lang);
