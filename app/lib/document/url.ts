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

/**
 * Where the builder's Fermer leads back to: a path on this site only. "?path=//blog" once sent the editor to the host
 * "blog" ("//" and "/\\" start another host for a browser), and any scheme could follow.
 */
export function sameSitePath(path: string | null): string | null {
  if (!path || !/^\/(?![/\\])/.test(path) || /[\u0000-\u001f\u007f\\]/.test(path)) return null;
  try {
    return new URL(path, "http://same.site").host === "same.site" ? path : null;
  } catch {
    return null;
  }
}
