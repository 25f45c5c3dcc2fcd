import { createHash, randomBytes } from "node:crypto";
import { THEME_SCRIPT } from "~/lib/theme";

/**
 * Content-Security-Policy. Public pages carry one inline script (the theme, allowed by its hash) and
 * module scripts from our origin; the back-office's inline scripts carry a per-response nonce.
 * Third-party origins are added only when the feature that needs them is configured.
 */
const themeHash = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;

export interface CspExtras {
  scriptSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
  frameSrc?: string[];
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Without a nonce: the policy of cached public pages, whose only inline script is the theme's. */
export function contentSecurityPolicy(nonce: string | null, extras: CspExtras = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", themeHash, ...(nonce ? [`'nonce-${nonce}'`] : []), ...(extras.scriptSrc ?? [])],
    // React writes style attributes (editor-chosen colours, spacing); no inline <style> is served.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(extras.imgSrc ?? [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(extras.connectSrc ?? [])],
    // 'self': the builder's live preview is an iframe of this site.
    "frame-src": ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com", ...(extras.frameSrc ?? [])],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}
