import { effectiveColors } from "~/lib/design/derive";
import { MARK } from "~/lib/design/logo-mark";
import type { DesignSettings } from "~/lib/design/tokens";

/**
 * The favicon in the published brand colours (decision 052): the logo's mark, its square in « Couleur de
 * marque », its letter in « Encre » (a pair the design's check keeps readable) and its dot in the teal.
 * Its address names the three colours, so a browser keeps it for a year and a new design is a new
 * address; `public/favicon.svg` (today's yellow) stays for a page rendered without the design.
 */
export interface BrandIcon {
  /** The colours without their #, as the address names them: "3b82f6-14171c-78c6bb". */
  stamp: string;
  href: string;
  svg: string;
}

export function brandIcon(design: DesignSettings): BrandIcon {
  const { brand, ink, teal } = effectiveColors(design).light;
  const stamp = [brand, ink, teal].map((c) => c.slice(1).toLowerCase()).join("-");
  const { viewBox, radius, letter, dot } = MARK;
  // Colours are checked six-digit hex (design-schema.ts): nothing else reaches the attributes.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="40" height="40" rx="${radius}" fill="${brand}"/><path d="${letter}" fill="${ink}"/><circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="${teal}"/></svg>`;
  return { stamp, href: `/brand-icon/${stamp}.svg`, svg };
}

/** The address a page names: `/brand-icon/<stamp>.svg`. */
export const BRAND_ICON_PATTERN = /^([0-9a-f]{6}-[0-9a-f]{6}-[0-9a-f]{6})\.svg$/;
