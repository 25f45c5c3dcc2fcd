/**
 * The site's design settings (issue 11): named colours for both themes, a fluid type scale, a spacing
 * scale, radii and three button styles. This file holds the names, the CSS variables they become and
 * the defaults; it has no validation code, so the builder and the public page can import it cheaply.
 *
 * Element styles store references to these variables (`var(--ds-size-h2)`, `var(--color-brand-yellow)`):
 * changing a setting and publishing changes every page that uses it.
 */

import type { TypefaceKey } from "./typefaces";

export const DEFAULT_FONTS: { heading: TypefaceKey; body: TypefaceKey } = { heading: "jakarta", body: "system" };

export const COLOR_KEYS = ["brand", "teal", "ink", "text", "muted", "surface", "surfaceAlt", "surfaceAccent", "surfaceTeal", "border"] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

/** The CSS variable of each colour: the names the shell and the seeded pages already use. */
export const COLOR_VARS: Record<ColorKey, string> = {
  brand: "--color-brand-yellow",
  teal: "--color-brand-teal",
  ink: "--color-ink",
  text: "--text",
  muted: "--text-muted",
  surface: "--surface",
  surfaceAlt: "--surface-alt",
  surfaceAccent: "--surface-accent",
  surfaceTeal: "--surface-teal",
  border: "--border",
};

export const COLOR_LABELS: Record<ColorKey, string> = {
  brand: "Couleur de marque",
  teal: "Turquoise",
  ink: "Encre (texte sur la couleur de marque)",
  text: "Texte",
  muted: "Texte secondaire",
  surface: "Fond",
  surfaceAlt: "Fond alterné",
  surfaceAccent: "Fond accent",
  surfaceTeal: "Fond turquoise",
  border: "Bordure",
};

/**
 * « Fond sombre », the dark band's background (decision 052): worked out from the ink and the text colour
 * (derive.ts `bandOf`), so it stays dark when the ink turns white. Not one of the editable colours.
 */
export const BAND_VAR = "--color-band";
export const BAND_LABEL = "Fond sombre";
export const bandRef = `var(${BAND_VAR})`;

export const SIZE_KEYS = ["h1", "h2", "h3", "h4", "lead", "body", "small"] as const;
export type SizeKey = (typeof SIZE_KEYS)[number];
export const SIZE_LABELS: Record<SizeKey, string> = {
  h1: "Titre 1",
  h2: "Titre 2",
  h3: "Titre 3",
  h4: "Titre 4",
  lead: "Grand texte",
  body: "Texte",
  small: "Petit",
};
export const HEADING_SIZES: readonly SizeKey[] = ["h1", "h2", "h3", "h4"];
export const TEXT_SIZES: readonly SizeKey[] = ["lead", "body", "small"];

export const SPACE_KEYS = ["xs", "s", "m", "l", "xl", "xxl"] as const;
export type SpaceKey = (typeof SPACE_KEYS)[number];
export const SPACE_LABELS: Record<SpaceKey, string> = { xs: "XS", s: "S", m: "M", l: "L", xl: "XL", xxl: "XXL" };

export const RADIUS_KEYS = ["sm", "md", "lg", "xl", "pill"] as const;
export type RadiusKey = (typeof RADIUS_KEYS)[number];
export const RADIUS_LABELS: Record<RadiusKey, string> = { sm: "Léger", md: "Arrondi", lg: "Très arrondi", xl: "Extra arrondi", pill: "Pilule" };
/** A radius of 0: the first choice of every "Arrondi" list. */
export const SQUARE_LABEL = "Carré";

/**
 * Button sizes (issue 21): paddings derived from the primary button's, so they follow the design settings.
 * Petit is the seed's literal button (10 × 20 px with the default design), Moyen the primary button itself.
 */
export const BUTTON_SIZE_KEYS = ["s", "m", "l"] as const;
export type ButtonSizeKey = (typeof BUTTON_SIZE_KEYS)[number];
export const BUTTON_SIZE_LABELS: Record<ButtonSizeKey, string> = { s: "Petit", m: "Moyen", l: "Grand" };
export const BUTTON_SIZE_SCALE: Record<ButtonSizeKey, number> = { s: 5 / 7, m: 1, l: 9 / 7 };

export const BUTTON_KEYS = ["primary", "secondary", "link"] as const;
export type ButtonKey = (typeof BUTTON_KEYS)[number];
export const BUTTON_LABELS: Record<ButtonKey, string> = { primary: "Principal", secondary: "Secondaire", link: "Lien" };

/** A size that grows with the page's width: `phone` px up to 480 px wide, `desktop` px from 1280 px. */
export interface Fluid {
  phone: number;
  desktop: number;
}

export interface ButtonStyle {
  background: ColorKey | "transparent";
  text: ColorKey;
  border: ColorKey | "none";
  radius: RadiusKey | "none";
  paddingY: number;
  paddingX: number;
}

export interface DesignSettings {
  /** The typefaces of headings and of running text (typefaces.ts). */
  fonts: { heading: TypefaceKey; body: TypefaceKey };
  colors: { light: Record<ColorKey, string>; dark: Record<ColorKey, string> };
  type: Record<SizeKey, Fluid>;
  space: Record<SpaceKey, Fluid>;
  radius: Record<RadiusKey, number>;
  buttons: Record<ButtonKey, ButtonStyle>;
  /** Which colours the site works out itself (derive.ts): the pale tints, the dark theme's brand colours. */
  derive: ColorModes;
  /** What the pre-publish check refuses instead of warning about (decision 036), on the server's publish too. */
  publishing: PublishRules;
}

export type ColorMode = "auto" | "custom";
export interface ColorModes {
  /** « Fond accent » and « Fond turquoise » (light theme) as pale tints of the brand and teal colours. */
  tints: ColorMode;
  /** The dark theme's brand, teal and ink colours from the light ones, kept readable on the dark background. */
  dark: ColorMode;
}

export interface PublishRules {
  /** Text, icons and buttons below WCAG AA contrast. */
  blockContrast: boolean;
  /** Images without alternative text. */
  blockAlt: boolean;
}

/**
 * Today's look: the colours of app.css (brand yellow and teal of seed 001 §9), the seeded pages' type
 * scale (Titre 2 is exactly their fluid h2, Titre 3 their 21 px, Texte their 17 px…) and their buttons.
 */
export const DEFAULT_DESIGN: DesignSettings = {
  // Today's look: the brand face for headings, the system's font for text.
  fonts: DEFAULT_FONTS,
  colors: {
    light: {
      brand: "#ffc104",
      teal: "#78c6bb",
      ink: "#14171c",
      text: "#14171c",
      muted: "#4b5563",
      surface: "#ffffff",
      surfaceAlt: "#f6f7f4",
      surfaceAccent: "#fff8e1",
      surfaceTeal: "#e9f6f4",
      border: "#e5e7eb",
    },
    dark: {
      brand: "#ffc104",
      teal: "#78c6bb",
      ink: "#14171c",
      text: "#eef0f2",
      muted: "#a7b0bb",
      surface: "#0f1216",
      surfaceAlt: "#161a20",
      surfaceAccent: "#1d2433",
      surfaceTeal: "#0f2d29",
      border: "#2a3038",
    },
  },
  type: {
    h1: { phone: 33.6, desktop: 52.8 },
    h2: { phone: 28, desktop: 40 },
    h3: { phone: 21, desktop: 21 },
    h4: { phone: 19, desktop: 19 },
    lead: { phone: 19, desktop: 19 },
    body: { phone: 17, desktop: 17 },
    small: { phone: 15, desktop: 15 },
  },
  space: {
    xs: { phone: 8, desktop: 8 },
    s: { phone: 16, desktop: 16 },
    m: { phone: 24, desktop: 24 },
    l: { phone: 32, desktop: 32 },
    xl: { phone: 40, desktop: 40 },
    xxl: { phone: 56, desktop: 88 },
  },
  radius: { sm: 5, md: 16, lg: 20, xl: 24, pill: 9999 },
  buttons: {
    primary: { background: "brand", text: "ink", border: "none", radius: "pill", paddingY: 14, paddingX: 28 },
    secondary: { background: "transparent", text: "text", border: "text", radius: "pill", paddingY: 12, paddingX: 26 },
    link: { background: "transparent", text: "text", border: "none", radius: "none", paddingY: 4, paddingX: 0 },
  },
  derive: { tints: "auto", dark: "auto" },
  publishing: { blockContrast: false, blockAlt: false },
};

// ── References stored in element styles ─────────────────────────────────────────────────────────
export const colorRef = (k: ColorKey) => `var(${COLOR_VARS[k]})`;
export const sizeRef = (k: SizeKey) => `var(--ds-size-${k})`;
export const spaceRef = (k: SpaceKey) => `var(--ds-space-${k})`;
export const radiusRef = (k: RadiusKey) => `var(--ds-radius-${k})`;
export const buttonSizeRef = (k: ButtonSizeKey) => `var(--ds-btn-size-${k})`;
export const buttonRef = (k: ButtonKey, part: "bg" | "text" | "border" | "radius" | "padding") => `var(--ds-btn-${k}-${part})`;

/** The styles a button takes to follow one of the site's button styles. */
export function buttonStyles(k: ButtonKey): Record<string, string> {
  return {
    backgroundColor: buttonRef(k, "bg"),
    color: buttonRef(k, "text"),
    border: buttonRef(k, "border"),
    borderRadius: buttonRef(k, "radius"),
    padding: buttonRef(k, "padding"),
  };
}

/** The seed's literal button (seed 001 §9): reachable as a style choice, not the default any more. */
export const SEED_BUTTON_STYLES: Record<string, string> = {
  backgroundColor: "var(--color-brand-yellow)",
  color: "#ffffff",
  borderRadius: "5px",
  padding: "10px 20px",
};

/** Which button style a button's styles follow, or null (its own values). */
export function buttonStyleOf(styles: Record<string, string>): ButtonKey | null {
  for (const k of BUTTON_KEYS) if (styles.backgroundColor === buttonRef(k, "bg") && styles.color === buttonRef(k, "text")) return k;
  return null;
}

export function colorKeyOfRef(value: string | undefined): ColorKey | null {
  if (!value) return null;
  for (const k of COLOR_KEYS) if (value.trim() === colorRef(k)) return k;
  return null;
}
