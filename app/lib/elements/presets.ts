import { checkStyleValue } from "./style-values";
import type { Checked } from "~/lib/design/css-values";
import {
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
}

/** Seed 001 §9 font sizes: still reachable as fixed sizes. */
const SEED_FONT_SIZES = ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px", "36px", "42px", "48px"] as const;

const sizeOptions = (keys: readonly (typeof SIZE_KEYS)[number][]): Option[] => keys.map((k) => [sizeRef(k), SIZE_LABELS[k]] as const);

export function fontSizeKind(elementType: string): PresetKind {
  const heading = elementType === "heading";
  return {
    groups: [
      { label: "Tailles du site", options: [...sizeOptions(heading ? HEADING_SIZES : TEXT_SIZES), ...sizeOptions(heading ? TEXT_SIZES : HEADING_SIZES)] },
      { label: "Tailles fixes", options: SEED_FONT_SIZES.map((s) => [s, s] as const) },
    ],
    check: (v) => checkStyleValue("fontSize", v),
    placeholder: "ex. 22px ou 1.4rem",
  };
}

export const SPACE_KIND: PresetKind = {
  groups: [{ label: "Espacements du site", options: [["0px", "Aucun"], ...SPACE_KEYS.map((k) => [spaceRef(k), SPACE_LABELS[k]] as const)] }],
  check: (v) => checkStyleValue("padding", v),
  placeholder: "ex. 20px ou 10px 20px",
};

export const RADIUS_KIND: PresetKind = {
  groups: [{ label: "Arrondis du site", options: [["0px", "Aucun"], ...RADIUS_KEYS.map((k) => [radiusRef(k), RADIUS_LABELS[k]] as const)] }],
  check: (v) => checkStyleValue("borderRadius", v),
  placeholder: "ex. 12px",
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
  placeholder: "ex. 320px ou 60%",
};

export const HEIGHT_KIND: PresetKind = {
  groups: [{ label: "Espacements du site", options: SPACE_KEYS.map((k) => [spaceRef(k), SPACE_LABELS[k]] as const) }],
  check: (v) => checkStyleValue("height", v),
  placeholder: "ex. 60px",
};

/** The site's colours as the colour picker lists them first (references, so they follow the settings). */
export const SITE_COLORS: readonly Option[] = COLOR_KEYS.map((k) => [colorRef(k), COLOR_LABELS[k]] as const);
export const checkCustomColor = (v: string) => checkStyleValue("color", v);

/** The label of a stored value in a kind, or null when it is a custom value. */
export function presetLabel(kind: PresetKind, value: string | undefined): string | null {
  if (value === undefined) return null;
  for (const g of kind.groups) for (const [v, l] of g.options) if (v === value.trim()) return l;
  return null;
}
