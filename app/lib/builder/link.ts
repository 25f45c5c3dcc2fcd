import { sanitizeUrl } from "~/lib/document/url";

/**
 * The link editor's rule (seed 001 §3 "Link editor state", §4): the link text found in the content becomes
 * the anchor, otherwise the anchor is appended; a new tab adds target="_blank" with rel="noopener noreferrer".
 * Pure string functions, shared by the dialog and its unit tests.
 */
export interface LinkState {
  text: string;
  url: string;
  newTab: boolean;
}

export const LINK_URL_PLACEHOLDER = "https://exemple.fr, /offres, mailto:contact@exemple.fr";
export const LINK_ERRORS = {
  url: "Adresse invalide : utilisez https://…, un chemin du site commençant par /, mailto: ou tel:. Les adresses javascript: et data: sont refusées.",
  text: "Saisissez le texte du lien.",
} as const;

/** The address as it will be stored, or an error in French. Relative paths, mailto: and tel: are accepted. */
export function checkLinkUrl(url: string): { ok: true; href: string } | { ok: false; error: string } {
  const trimmed = url.trim();
  // A bare "www.exemple.fr" is what people type: it means https.
  const candidate = /^www\.[^\s/]+\.[a-z]{2,}/i.test(trimmed) ? `https://${trimmed}` : trimmed;
  const href = sanitizeUrl(candidate);
  if (!href || href === "#" || /[\u0000-\u001f\u007f]/.test(candidate)) return { ok: false, error: LINK_ERRORS.url };
  return { ok: true, href };
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The anchor's markup; the text is escaped, the address must come from checkLinkUrl. */
function anchorHtml(text: string, href: string, newTab: boolean): string {
  const target = newTab ? ' target="_blank" rel="noopener noreferrer"' : "";
  return `<a href="${escapeHtml(href)}"${target}>${escapeHtml(text)}</a>`;
}

/**
 * Applies the link to HTML content. The text is looked for in the text between tags (never inside a tag
 * or an existing anchor), as the browser shows it (&amp; and friends decoded); its first occurrence becomes
 * the anchor. Not found: the anchor is appended, inside the last paragraph or list item when there is one.
 */
export function applyLink(html: string, link: LinkState): string {
  const check = checkLinkUrl(link.url);
  if (!check.ok) throw new Error(check.error);
  const text = link.text.trim() || check.href;
  const anchor = anchorHtml(text, check.href, link.newTab);
  const parts = html.split(/(<[^>]*>)/);
  let inAnchor = 0;
  const escaped = escapeHtml(text);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.startsWith("<")) {
      if (/^<a[\s>]/i.test(p)) inAnchor++;
      else if (/^<\/a\s*>/i.test(p)) inAnchor = Math.max(0, inAnchor - 1);
      continue;
    }
    if (inAnchor > 0) continue;
    // Text nodes hold the escaped form; quotes may or may not be escaped in the source.
    for (const needle of new Set([escaped, escaped.replace(/&quot;/g, '"')])) {
      const at = p.indexOf(needle);
      if (at >= 0) {
        parts[i] = p.slice(0, at) + anchor + p.slice(at + needle.length);
        return parts.join("");
      }
    }
  }
  const closing = html.match(/<\/(p|li)>\s*(<\/(ul|ol)>\s*)?$/i);
  if (closing && closing.index !== undefined) return `${html.slice(0, closing.index)} ${anchor}${html.slice(closing.index)}`;
  return html.trim() === "" ? anchor : `${html} ${anchor}`;
}

/** Reads back an existing anchor's address and target (the dialog opened on a link). */
export function readLink(anchor: { href?: string | null; target?: string | null; text?: string | null }): LinkState {
  return { text: anchor.text ?? "", url: anchor.href ?? "", newTab: anchor.target === "_blank" };
}
