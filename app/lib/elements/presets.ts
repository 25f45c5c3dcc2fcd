import { checkStyleValue } from "./style-values";
import type { Checked } from "~/lib/design/css-values";
import {
  BAND_LABEL,
  bandRef,
  COLOR_KEYS,
  COLOR_LABELS,
  HEADING_SIZES,
  RADIUS_KEYS,
  RADIUS_LABELS,
  SIZE_KEYS,
  SIZE_LABELS,
  SPACE_KEYS,
  SPACE_LABELS,
  TEXT_SIZES,
  BUTTON_KEYS,
  BUTTON_LABELS,
  BUTTON_SIZE_KEYS,
  BUTTON_SIZE_LABELS,
  SQUARE_LABEL,
  buttonRef,
  buttonSizeRef,
  colorRef,
  radiusRef,
  sizeRef,
  spaceRef,
} from "~/lib/design/tokens";

/**
 * What the builder's settings panel offers instead of raw CSS: the named steps of the design settings
 * (stored as references that follow them), a few fixed values, and a custom value checked by the same rule
 * as the server's (elements/style-values.ts).
 */
export type Option = readonly [value: string, label: string];
interface PresetGroup {
  label: string;
  options: readonly Option[];
}
export interface PresetKind {
  groups: readonly PresetGroup[];
  /** Checks a custom value; the French message says what to write instead. */
  check: (v: string) => Checked;
  placeholder: string;
  /** The units "Valeur personnalisée" offers, with their ranges. */
  units: UnitRanges;
}

/** A custom value's unit, chosen in words from a list; each with the range the field accepts. */
export type Unit = "px" | "rem" | "%";
export const UNIT_LABELS: Record<Unit, string> = { px: "px (pixels)", rem: "rem (taille du texte)", "%": "% (pourcentage)" };
export type UnitRanges = Partial<Record<Unit, readonly [min: number, max: number]>>;

const sizeOptions = (keys: readonly (typeof SIZE_KEYS)[number][]): Option[] => keys.map((k) => [sizeRef(k), SIZE_LABELS[k]] as const);

export function fontSizeKind(elementType: string): PresetKind {
  const heading = elementType === "heading";
  return {
    groups: [
      { label: "Tailles du site", options: [...sizeOptions(heading ? HEADING_SIZES : TEXT_SIZES), ...sizeOptions(heading ? TEXT_SIZES : HEADING_SIZES)] },
    ],
    check: (v) => checkStyleValue("fontSize", v),
    placeholder: "ex. 22",
    units: { px: [8, 160], rem: [0.5, 10], "%": [50, 500] },
  };
}

const NONE: Option = ["0px", "Aucun"];

export const SPACE_KIND: PresetKind = {
  groups: [{ label: "Espacements du site", options: [NONE, ...SPACE_KEYS.map((k) => [spaceRef(k), SPACE_LABELS[k]] as const)] }],
  check: (v) => checkStyleValue("padding", v),
  placeholder: "ex. 20",
  units: { px: [0, 400], rem: [0, 25], "%": [0, 50] },
};

export const RADIUS_KIND: PresetKind = {
  groups: [{ label: "Arrondis du site", options: [["0px", SQUARE_LABEL], ...RADIUS_KEYS.map((k) => [radiusRef(k), RADIUS_LABELS[k]] as const)] }],
  check: (v) => checkStyleValue("borderRadius", v),
  placeholder: "ex. 12",
  units: { px: [0, 200], rem: [0, 12], "%": [0, 50] },
};

/** A button's size: its padding, as one of the three sizes or the padding of the button style it follows. */
export const BUTTON_SIZE_KIND: PresetKind = {
  groups: [
    { label: "Tailles de bouton", options: BUTTON_SIZE_KEYS.map((k) => [buttonSizeRef(k), BUTTON_SIZE_LABELS[k]] as const) },
    { label: "Selon le style", options: BUTTON_KEYS.map((k) => [buttonRef(k, "padding"), `Taille du style ${BUTTON_LABELS[k]}`] as const) },
  ],
  check: (v) => checkStyleValue("padding", v),
  placeholder: "ex. 14",
  units: { px: [0, 80], rem: [0, 5] },
};

export const WIDTH_KIND: PresetKind = {
  groups: [
    {
      label: "Largeurs",
      options: [
        ["100%", "Toute la largeur"],
        ["75%", "Trois quarts"],
        ["50%", "Moitié"],
        ["auto", "Taille naturelle"],
      ],
    },
  ],
  check: (v) => checkStyleValue("width", v),
  placeholder: "ex. 320",
  units: { px: [0, 2000], "%": [0, 100], rem: [0, 125] },
};

export const HEIGHT_KIND: PresetKind = {
  groups: [{ label: "Espacements du site", options: SPACE_KEYS.map((k) => [spaceRef(k), SPACE_LABELS[k]] as const) }],
  check: (v) => checkStyleValue("height", v),
  placeholder: "ex. 60",
  units: { px: [0, 1000], rem: [0, 60] },
};

/** The icon's size: the width of the drawing itself (the renderer keeps any padding outside it). */
export const ICON_SIZES = ["16px", "24px", "32px", "48px", "64px", "96px", "128px"] as const;
const iconOption = (v: string): Option => [v, `${v.slice(0, -2)}\u202fpx`];
/** The size an icon without one is drawn at: its markup's own width (Lucide's 24, the seed's 28). */
export function iconNaturalSize(markup: string): string {
  const m = markup.match(/<svg\b[^>]*?\swidth="(\d{1,3})"/);
  return `${m ? m[1] : 24}px`;
}
/** The icon sizes offered, with the icon's own size among them so the panel names what the page shows. */
export function iconSizeOptions(current: string): readonly Option[] {
  const sizes: string[] = [...ICON_SIZES];
  if (/^\d{1,3}px$/.test(current) && !sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => parseInt(a) - parseInt(b)).map(iconOption);
}

/** The site's colours as the colour picker lists them first (references, so they follow the settings). */
export const SITE_COLORS: readonly Option[] = [...COLOR_KEYS.map((k) => [colorRef(k), COLOR_LABELS[k]] as const), [bandRef, BAND_LABEL] as const];
export const checkCustomColor = (v: string) => checkStyleValue("color", v);

/** The label of a stored value in a kind, or null when it is a custom value. */
export function presetLabel(kind: PresetKind, value: string | undefined): string | null {
  if (value === undefined) return null;
  for (const g of kind.groups) for (const [v, l] of g.options) if (v === value.trim()) return l;
  return null;
}

/** A custom value the number-and-unit field can show: one number with one of the kind's units. */
export function splitCustom(kind: PresetKind, value: string): { amount: string; unit: Unit } | null {
  const m = value.trim().match(/^(-?(?:\d+(?:\.\d+)?|\.\d+))(px|rem|%)$/);
  if (!m || !kind.units[m[2] as Unit]) return null;
  return { amount: m[1], unit: m[2] as Unit };
}

const fmt = (n: number) => String(n).replace(".", ",");

/** The number and unit typed in "Valeur personnalisée", checked against the kind's range, as a CSS value. */
export function checkCustom(kind: PresetKind, amount: string, unit: Unit): Checked {
  const range = kind.units[unit];
  const typed = amount.trim().replace(",", ".");
  if (!range) return { ok: false, message: "Choisissez une unité dans la liste." };
  if (!/^-?(?:\d+(?:\.\d+)?|\.\d+)$/.test(typed)) return { ok: false, message: "Saisissez un nombre, par exemple 24." };
  const n = Number(typed);
  if (n < range[0] || n > range[1]) {
    return { ok: false, message: `La valeur doit être comprise entre ${fmt(range[0])} et ${fmt(range[1])}\u202f${unit}.` };
  }
  return kind.check(`${Number(n.toFixed(3))}${unit}`);
}
