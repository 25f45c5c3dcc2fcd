import { ROUTES, type Lang } from "~/lib/i18n/routes";

/** First path segments that belong to the server, the back-office or the blog, never to a page. */
const RESERVED_SEGMENTS = new Set(["admin", "api", "assets", "media", "blog", "healthz", "en"]);
const SYSTEM_PATHS = new Set<string>(Object.values(ROUTES).flatMap((r) => [r.fr, r.en]));

/**
 * Why a page cannot have this address (null: it can). Lower-case words, digits and hyphens separated by
 * "/", up to four segments; English addresses start with /en/, French ones never do. The route table's
 * addresses are reserved for the system pages: `ownDefault` is the one a system page may always take back
 * (the blog's "/blog" included, though "/blog/…" stays the articles' and the feed's).
 */
export function pagePathProblem(path: string, lang: Lang, { ownDefault }: { ownDefault?: string } = {}): string | null {
  if (path === "/en" || path === "/en/") return "« /en » seul est l'accueil anglais, une adresse réservée";
  if (!/^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,4}$/.test(path)) {
    return "une adresse commence par « / » et ne contient que des lettres minuscules sans accents, des chiffres et des tirets (quatre niveaux au plus)";
  }
  const en = path.startsWith("/en/");
  if (lang === "en" && !en) return "l'adresse anglaise commence par « /en/ »";
  if (lang === "fr" && en) return "l'adresse française ne commence pas par « /en/ »";
  if (path === ownDefault) return null;
  const rest = en ? path.slice(3) : path;
  const first = rest.split("/")[1] ?? "";
  if (RESERVED_SEGMENTS.has(first)) return `adresse réservée (/admin, /api, /assets, /media, /blog)`;
  if (SYSTEM_PATHS.has(path)) return "adresse d'une page système";
  return null;
}
