import { AA_TEXT, contrastRatio, parseRgb } from "./contrast";
import type { ColorKey, DesignSettings } from "./tokens";

/**
 * Colours the site works out from others (decision 042), so one change of the brand colour reaches every
 * pixel: the pale backgrounds are tints of the brand and teal colours ("Teintes : automatiques"), and the
 * dark theme's brand colours are the light ones made readable on the dark background ("Couleurs du thème
 * sombre : automatiques"). The dark neutrals (text, backgrounds, border) belong to the dark theme and stay
 * as set. A value set apart ("personnalisées") is used as it is.
 */

type Rgb = [number, number, number];
const hex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** `amount` (0..1) of `a` over `b`, in sRGB as color-mix(in srgb, …) does. */
export function mix(a: string, b: string, amount: number): string {
  const x = parseRgb(a);
  const y = parseRgb(b);
  if (!x || !y) return b;
  return hex([0, 1, 2].map((i) => x[i] * amount + y[i] * (1 - amount)) as Rgb);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const ch = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [ch(h + 1 / 3) * 255, ch(h) * 255, ch(h - 1 / 3) * 255];
}

/**
 * The colour itself when it reaches `min` contrast on `background`; otherwise the same hue and saturation,
 * lighter (on a dark background) or darker (on a light one), by the smallest step that does.
 */
export function readableOn(color: string, background: string, min = AA_TEXT): string {
  const c = parseRgb(color);
  const bg = parseRgb(background);
  if (!c || !bg || (contrastRatio(color, background) ?? 0) >= min) return color;
  const [h, s, l] = toHsl(c);
  const lighter = toHsl(bg)[2] < 0.5;
  for (let step = 1; step <= 100; step++) {
    const next = hex(fromHsl([h, s, Math.max(0, Math.min(1, l + (lighter ? step : -step) / 100))]));
    if ((contrastRatio(next, background) ?? 0) >= min) return next;
  }
  return lighter ? "#ffffff" : "#000000";
}

/** How much of the brand (teal) colour the pale accent (teal) background holds: today's #fff8e1 and #e9f6f4. */
export const TINT = { accent: 0.12, teal: 0.16 } as const;

/**
 * The dark theme's ink: the light ink when it reads on the dark brand colour, else white or the dark
 * background, whichever reads better (decision 042). The dark background is a candidate because an ink
 * set to white (for a dark brand colour) never reads on that brand colour lightened for the dark theme.
 */
function inkOn(ink: string, background: string, darkSurface: string): string {
  if ((contrastRatio(ink, background) ?? 0) >= AA_TEXT) return ink;
  const white = contrastRatio("#ffffff", background) ?? 0;
  const dark = contrastRatio(darkSurface, background) ?? 0;
  return white >= dark ? "#ffffff" : darkSurface;
}

/** The seed's dark band carries white text (and #d5dbe1): its background keeps white at 7:1, so both read. */
export const BAND_TEXT_CONTRAST = 7;

/**
 * « Fond sombre », the dark band's background (decision 052): the ink when it is dark, as today; once the
 * ink is light (white, for a dark brand colour) the dark text colour, else the ink darkened until white
 * reads on it. A dark background stays dark whatever the ink.
 */
export function bandOf(ink: string, text: string): string {
  for (const c of [ink, text]) if ((contrastRatio("#ffffff", c) ?? 0) >= BAND_TEXT_CONTRAST) return c;
  return readableOn(ink, "#ffffff", BAND_TEXT_CONTRAST);
}

/** The colours every page uses, once the automatic ones are worked out. */
export function effectiveColors(d: DesignSettings): DesignSettings["colors"] {
  const light = { ...d.colors.light };
  if (d.derive.tints === "auto") {
    light.surfaceAccent = mix(light.brand, light.surface, TINT.accent);
    light.surfaceTeal = mix(light.teal, light.surface, TINT.teal);
  }
  const dark = { ...d.colors.dark };
  if (d.derive.dark === "auto") {
    dark.brand = readableOn(light.brand, dark.surface);
    dark.teal = readableOn(light.teal, dark.surface);
    dark.ink = inkOn(light.ink, dark.brand, dark.surface);
  }
  return { light, dark };
}

/** The dark band's background in each theme (`--color-band`): worked out, never typed. */
export function effectiveBand(d: DesignSettings): { light: string; dark: string } {
  const c = effectiveColors(d);
  return { light: bandOf(c.light.ink, c.light.text), dark: bandOf(c.dark.ink, c.light.text) };
}

/** The colours the automatic modes decide, for the screen to show them as read-only. */
export function derivedKeys(d: DesignSettings): { light: readonly ColorKey[]; dark: readonly ColorKey[] } {
  return {
    light: d.derive.tints === "auto" ? ["surfaceAccent", "surfaceTeal"] : [],
    dark: d.derive.dark === "auto" ? ["brand", "teal", "ink"] : [],
  };
}
