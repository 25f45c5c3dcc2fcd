/**
 * The one rule for every address the site stores and links to: menus and footer, buttons and links in
 * documents, media addresses, article covers, the builder's way back. Shared by the server (what is
 * stored and rendered) and the forms (which refuse what the server would, with the same message).
 *
 * Addresses are read by the WHATWG URL parser, the one browsers use, against a stand-in origin: a path
 * is one of this site only if the parser keeps it on that origin. Pattern checks missed what the parser
 * forgives: "/\tevil.com" and "/\nevil.com" lose their tab and line feed and become "//evil.com", "/\\evil.com"
 * reads as "//evil.com" (issue 24 finding 13). What the parser would silently rewrite (spaces, tabs,
 * line breaks, backslashes, their percent-encoded forms) is refused outright rather than guessed at.
 */

/** A host no one can own (RFC 2606): a path that the parser takes elsewhere leaves it. */
const PROBE = new URL("https://same-site.invalid");

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export interface UrlRuleOptions {
  /** mailto: and tel: (links yes, media and covers no). */
  mail?: boolean;
  /** http(s) addresses of other sites (links and media yes, the builder's way back no). */
  external?: boolean;
  /** "#section" on the same page. */
  fragment?: boolean;
}

export const URL_REASONS = {
  empty: "adresse obligatoire",
  characters: "caractère interdit dans l'adresse (espace, tabulation, saut de ligne, caractère de contrôle ou barre oblique inverse)",
  doubleSlash: "une adresse interne commence par une seule barre oblique",
  offSite: "cette adresse mènerait vers un autre site : une adresse interne commence par une seule barre oblique",
  scheme: "seules les adresses http(s)://, mailto:, tel: ou /chemin sont acceptées",
  internalOnly: "seul un chemin de ce site (/chemin) est accepté ici",
  malformed: "adresse mal formée",
  noHost: "adresse sans nom de domaine",
  credentials: "une adresse ne peut pas contenir d'identifiants (nom:mot-de-passe@)",
} as const;

/** Whitespace, controls and the backslash, raw or percent-encoded (a server or a decoder may restore them). */
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\\]|%(?:[01][0-9a-f]|7f|5c)/i;

const MAIL = /^mailto:[^\s<>"]+@[^\s<>"]+$/i;
const TEL = /^tel:\+?[\d ().-]{3,30}$/i;

/** Checks an address; `url` is what to store (a path as typed, an http(s) address as the parser writes it). */
export function checkUrl(raw: string, { mail = true, external = true, fragment = true }: UrlRuleOptions = {}): UrlCheck {
  const url = raw.trim();
  if (url === "") return { ok: false, reason: URL_REASONS.empty };
  // A telephone number is written with spaces; it cannot lead anywhere else.
  if (mail && external && TEL.test(url)) return { ok: true, url };
  if (FORBIDDEN.test(url)) return { ok: false, reason: URL_REASONS.characters };
  if (url.startsWith("#")) return fragment ? { ok: true, url } : { ok: false, reason: URL_REASONS.internalOnly };
  if (url.startsWith("/")) {
    if (url.startsWith("//")) return { ok: false, reason: URL_REASONS.doubleSlash };
    let parsed: URL;
    try {
      parsed = new URL(url, PROBE);
    } catch {
      return { ok: false, reason: URL_REASONS.malformed };
    }
    return parsed.origin === PROBE.origin ? { ok: true, url } : { ok: false, reason: URL_REASONS.offSite };
  }
  if (!external) return { ok: false, reason: URL_REASONS.internalOnly };
  if (mail && MAIL.test(url)) return { ok: true, url };
  // "https:evil.com" parses as https://evil.com/: an address of another site must say so with "//".
  if (!/^https?:\/\//i.test(url)) return { ok: false, reason: URL_REASONS.scheme };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: URL_REASONS.malformed };
  }
  if (!parsed.hostname) return { ok: false, reason: URL_REASONS.noHost };
  if (parsed.username || parsed.password) return { ok: false, reason: URL_REASONS.credentials };
  return { ok: true, url: parsed.toString() };
}

/** The reason an address is refused, or null (zod refinements). */
export function unsafeUrlReason(url: string, options?: UrlRuleOptions): string | null {
  const check = checkUrl(url, options);
  return check.ok ? null : check.reason;
}

/** A URL for href/src as stored: the rule's form of it, or "" (refused). "" and "#" stay as they are. */
export function sanitizeUrl(url: string, { allowMail = true } = {}): string {
  const trimmed = url.trim();
  if (trimmed === "" || trimmed === "#") return trimmed;
  const check = checkUrl(trimmed, { mail: allowMail });
  return check.ok ? check.url : "";
}

/**
 * Where the builder's Fermer leads back to: a path on this site only. "?path=//blog" once sent the editor to the host
 * "blog" ("//" and "/\\" start another host for a browser), and any scheme could follow.
 */
export function sameSitePath(path: string | null): string | null {
  if (!path) return null;
  const check = checkUrl(path, { external: false, fragment: false });
  return check.ok ? check.url : null;
}
