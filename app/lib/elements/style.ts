import type { CSSProperties } from "react";
import type { Hide } from "~/lib/document/schema";
import { SPACING_KEYS } from "~/lib/document/style-keys";

/**
 * Style maps come from editors, so only known properties with inert values reach the style attribute:
 * no url(), expression(), declaration breaks or markup.
 */
const ALLOWED = new Set([
  "color",
  "backgroundColor",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "textAlign",
  "lineHeight",
  "letterSpacing",
  "textTransform",
  ...SPACING_KEYS,
  "borderRadius",
  "border",
  "borderTop",
  "borderBottom",
  "borderColor",
  "width",
  "maxWidth",
  "height",
  "minHeight",
  "opacity",
  "justifyContent",
  "alignItems",
  "gap",
  "objectFit",
]);
export const UNSAFE_VALUE = /url\s*\(|expression|javascript:|[;{}<>\\]|@import/i;

export const SHADOWS: Record<string, string> = {
  none: "none",
  light: "0 1px 3px rgba(0,0,0,.12)",
  medium: "0 4px 12px rgba(0,0,0,.15)",
  strong: "0 10px 25px rgba(0,0,0,.2)",
  "very strong": "0 20px 45px rgba(0,0,0,.3)",
};

export function safeStyle(styles: Record<string, string> | undefined, omit: readonly string[] = []): CSSProperties {
  const out: Record<string, string> = {};
  if (!styles) return out;
  for (const [k, v] of Object.entries(styles)) {
    if (omit.includes(k)) continue;
    if (k === "shadow") {
      const s = SHADOWS[v];
      if (s && s !== "none") out.boxShadow = s;
      continue;
    }
    if (!ALLOWED.has(k) || typeof v !== "string" || v.trim() === "" || UNSAFE_VALUE.test(v)) continue;
    out[k] = v.trim();
  }
  return out as CSSProperties;
}

/** Visibility per device, as container queries so the builder canvas at 375/768 px behaves like a phone/tablet. */
export function hideClasses(hide: Hide | undefined): string {
  if (!hide) return "";
  const c: string[] = [];
  if (hide.mobile) c.push("@max-tablet:hidden");
  if (hide.tablet) c.push("@tablet:@max-desktop:hidden");
  if (hide.desktop) c.push("@desktop:hidden");
  return c.join(" ");
}
