/**
 * The one rule for links and media addresses, shared by the server's sanitizer (what is stored and
 * rendered) and the builder's forms (which refuse what the server would drop, with a message).
 */
/** A URL for href/src: relative paths and the safe schemes only; anything else becomes "". */
export function sanitizeUrl(url: string, { allowMail = true } = {}): string {
  const trimmed = url.trim();
  if (trimmed === "" || trimmed === "#") return trimmed;
  // "/\host" is read by browsers as "//host", another site: only true same-site paths pass here.
  if (/^\/(?![/\\])/.test(trimmed) || trimmed.startsWith("#")) return trimmed;
  try {
    const parsed = new URL(trimmed);
    const scheme = parsed.protocol.replace(":", "");
    if (scheme === "http" || scheme === "https") return parsed.toString();
    if (allowMail && (scheme === "mailto" || scheme === "tel")) return trimmed;
  } catch {
    /* not a URL */
  }
  return "";
}
