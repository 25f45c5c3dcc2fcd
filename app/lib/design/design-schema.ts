import { z } from "zod";
import { AA_TEXT, contrastRatio, formatRatio } from "./contrast";
import { effectiveBand, effectiveColors } from "./derive";
import { TYPEFACE_KEYS } from "./typefaces";
import {
  BUTTON_KEYS,
  BUTTON_LABELS,
  COLOR_KEYS,
  COLOR_LABELS,
  DEFAULT_FONTS,
  RADIUS_KEYS,
  SIZE_KEYS,
  SIZE_LABELS,
  SPACE_KEYS,
  SPACE_LABELS,
  type ColorKey,
  type DesignSettings,
} from "./tokens";

/**
 * What the design screen sends, checked field by field: colours are six-digit hex only, sizes are
 * numbers in range, every other value is one of the names. No text reaches the stylesheet as typed,
 * so a hostile string is refused by its shape (in French) and can never break a page.
 */
const hex = (label: string) =>
  z
    .string({ error: `${label} : couleur manquante.` })
    .max(7, `${label} : écrivez la couleur en hexadécimal, par exemple #1f6feb.`)
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} : écrivez la couleur en hexadécimal, par exemple #1f6feb.`)
    .transform((v) => v.toLowerCase());

const px = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} : un nombre de pixels est attendu.` })
    .finite(`${label} : un nombre de pixels est attendu.`)
    .min(min, `${label} : au moins ${min} px.`)
    .max(max, `${label} : au plus ${max} px.`)
    .transform((n) => Math.round(n * 10) / 10);

const fluid = (label: string, min: number, max: number) =>
  z.object({ phone: px(`${label} (mobile)`, min, max), desktop: px(`${label} (ordinateur)`, min, max) }).strict();

const palette = (theme: string) =>
  z.object(Object.fromEntries(COLOR_KEYS.map((k) => [k, hex(`${COLOR_LABELS[k]} (${theme})`)])) as Record<ColorKey, ReturnType<typeof hex>>).strict();

const colorName = z.enum(COLOR_KEYS, { error: "couleur inconnue : choisissez une des couleurs du site." });
const button = (label: string) =>
  z
    .object({
      background: z.union([colorName, z.literal("transparent")], { error: `${label} : fond inconnu.` }),
      text: colorName,
      border: z.union([colorName, z.literal("none")], { error: `${label} : bordure inconnue.` }),
      radius: z.union([z.enum(RADIUS_KEYS), z.literal("none")], { error: `${label} : arrondi inconnu.` }),
      paddingY: px(`${label}, marge verticale`, 0, 64),
      paddingX: px(`${label}, marge horizontale`, 0, 96),
    })
    .strict();

const typeface = (label: string) => z.enum(TYPEFACE_KEYS, { error: `${label} : police inconnue, choisissez une des polices proposées.` });

export const designSettingsSchema = z
  .object({
    // Designs stored before the choice existed keep today's faces.
    fonts: z
      .object({ heading: typeface("Police des titres"), body: typeface("Police du texte") })
      .strict()
      .default(DEFAULT_FONTS),
    colors: z.object({ light: palette("thème clair"), dark: palette("thème sombre") }).strict(),
    type: z
      .object(Object.fromEntries(SIZE_KEYS.map((k) => [k, fluid(SIZE_LABELS[k], 10, 120)])) as Record<(typeof SIZE_KEYS)[number], ReturnType<typeof fluid>>)
      .strict(),
    space: z
      .object(
        Object.fromEntries(SPACE_KEYS.map((k) => [k, fluid(`Espacement ${SPACE_LABELS[k]}`, 0, 240)])) as Record<
          (typeof SPACE_KEYS)[number],
          ReturnType<typeof fluid>
        >,
      )
      .strict(),
    radius: z
      .object(Object.fromEntries(RADIUS_KEYS.map((k) => [k, px(`Arrondi ${k}`, 0, 9999)])) as Record<(typeof RADIUS_KEYS)[number], ReturnType<typeof px>>)
      .strict(),
    buttons: z
      .object(
        Object.fromEntries(BUTTON_KEYS.map((k) => [k, button(`Bouton ${BUTTON_LABELS[k].toLowerCase()}`)])) as Record<
          (typeof BUTTON_KEYS)[number],
          ReturnType<typeof button>
        >,
      )
      .strict(),
    // Designs stored before the modes existed work their tints and dark brand colours out (decision 042).
    derive: z
      .object({
        tints: z.enum(["auto", "custom"], { error: "Teintes : « automatiques » ou « personnalisées » attendu." }),
        dark: z.enum(["auto", "custom"], { error: "Couleurs du thème sombre : « automatiques » ou « personnalisées » attendu." }),
      })
      .strict()
      .default({ tints: "auto", dark: "auto" }),
    // Designs stored before the setting existed read as "warn only".
    publishing: z
      .object({ blockContrast: z.boolean({ error: "Publication : oui ou non attendu." }), blockAlt: z.boolean({ error: "Publication : oui ou non attendu." }) })
      .strict()
      .default({ blockContrast: false, blockAlt: false }),
  })
  .strict()
  .superRefine((d, ctx) => {
    for (const problem of contrastProblems(d as DesignSettings)) ctx.addIssue({ code: "custom", message: problem });
  });

export const saveDesignSchema = z.object({ version: z.number().int().min(0).max(1e9), design: designSettingsSchema }).strict();
export const publishDesignSchema = z.object({ version: z.number().int().min(0).max(1e9) }).strict();
export const DESIGN_BODY_LIMIT = 32 * 1024;

const THEMES = { light: "thème clair", dark: "thème sombre" } as const;

/**
 * The pairs every page relies on (text on each surface, ink on the brand yellow, each button's text on
 * its background), checked in both themes against WCAG AA: a French sentence for each failure.
 */
export function contrastProblems(d: DesignSettings): string[] {
  const out: string[] = [];
  const colors = effectiveColors(d);
  const band = effectiveBand(d);
  for (const theme of ["light", "dark"] as const) {
    const c = colors[theme];
    const pairs: [string, string, string][] = [
      // The dark band's white text (decision 052): worked out to read, checked like the rest.
      ["#ffffff", band[theme], `le texte blanc sur « Fond sombre »`],
      [c.text, c.surface, `« Texte » sur « Fond »`],
      [c.text, c.surfaceAlt, `« Texte » sur « Fond alterné »`],
      [c.text, c.surfaceAccent, `« Texte » sur « Fond accent »`],
      [c.text, c.surfaceTeal, `« Texte » sur « Fond turquoise »`],
      [c.muted, c.surface, `« Texte secondaire » sur « Fond »`],
      [c.ink, c.brand, `« Encre » sur « Couleur de marque »`],
    ];
    for (const k of BUTTON_KEYS) {
      const b = d.buttons[k];
      const bg = b.background === "transparent" ? c.surface : c[b.background];
      pairs.push([c[b.text], bg, `le texte du bouton ${BUTTON_LABELS[k].toLowerCase()} sur son fond`]);
    }
    for (const [fg, bg, what] of pairs) {
      const r = contrastRatio(fg, bg);
      if (r !== null && r < AA_TEXT)
        out.push(`Contraste insuffisant (${THEMES[theme]}) : ${what} n'atteint que ${formatRatio(r)}, il faut au moins 4,5:1 (norme WCAG AA).`);
    }
  }
  return out;
}

export type DesignSettingsInput = z.input<typeof designSettingsSchema>;
export type { DesignSettings };
