/**
 * The public route table of seed 000 §2 (the DEFAULT addresses of the system pages), and the language
 * rules derived from paths. An admin may move a system page (site structure, decision 017): the server
 * then hands a `RouteTable` of current addresses to whatever builds links; functions here take one.
 */
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
/** System pages' addresses, current or default. */
export type RouteTable = Record<RouteKey, Record<Lang, string>>;
/** Pages whose addresses never change: "/" and "/en" are the language roots. */
export const FIXED_ROUTE_KEYS: readonly RouteKey[] = ["home"];

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

export function routeKeyOfPath(path: string, table: RouteTable = ROUTES): RouteKey | undefined {
  const p = normalizePath(path);
  for (const key of ROUTE_KEYS) if (table[key].fr === p || table[key].en === p) return key;
  return undefined;
}

/**
 * The equivalent path in the other language: the route table's mapping when the path is in it,
 * otherwise "/en" added or removed (blog slugs are kept unchanged this way).
 */
export function switchLanguagePath(path: string, to: Lang, table: RouteTable = ROUTES): string {
  const p = normalizePath(path);
  const from = languageFromPath(p);
  if (from === to) return p;
  const key = routeKeyOfPath(p, table);
  if (key) return table[key][to];
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

/** An article's address under the blog's address (`blogPath`: the current one, ROUTES.blog by default). */
export const blogArticlePath = (slug: string, lang: Lang, blogPath: string = ROUTES.blog[lang]) => `${blogPath}/${slug}`;
/** "/actualites/mon-article" is an article's address when "/actualites" is the blog's (one segment after it). */
export function isArticlePath(path: string, blogPath: string): boolean {
  return path.startsWith(`${blogPath}/`) && path.length > blogPath.length + 1 && !path.slice(blogPath.length + 1).includes("/");
}
export const customPagePath = (slug: string, lang: Lang) => withLangPrefix(`/page/${slug}`, lang);
