/**
 * Text for an XML 1.0 document (the RSS feeds, the sitemap). What XML 1.0 forbids anywhere (C0 controls
 * but tab and line breaks, lone surrogates, U+FFFE, U+FFFF) is dropped rather than escaped, since no
 * escape makes it legal: one such character made the whole feed unreadable to every reader (issue 24
 * finding 6). Input refuses them too (safe-text.ts); this keeps rows stored before that rule harmless.
 */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escaped for an element's text or a quoted attribute value. */
export function xmlText(s: string): string {
  return s.replace(FORBIDDEN_IN_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
