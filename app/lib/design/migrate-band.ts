import { bandRef, colorRef } from "./tokens";

/**
 * Document migration 5 → 6 (decision 052, "a white ink turns the dark band white"): a block, section or
 * column whose background is the ink (`var(--color-ink)`: decision 021 mapped the seed's dark band's
 * literal #14171c to it) gets « Fond sombre » (`var(--color-band)`), which stays dark when the ink is set to
 * white. With today's design both are #14171c: nothing moves. Elements keep the ink (a button or an icon
 * badge in the ink is a choice of colour, not a dark band). Per-device values are mapped too; the step
 * itself is `migrateDarkBand` (migrate-document.ts, beside the other steps).
 */
const INK = colorRef("ink");

/** One style map of a block (type undefined), section or column; elements' are left as they are. */
export function bandStyles(styles: Record<string, unknown>, type: string | undefined): Record<string, unknown> {
  if (type !== undefined && type !== "section" && type !== "column") return styles;
  const v = styles.backgroundColor;
  return typeof v === "string" && v.trim() === INK ? { ...styles, backgroundColor: bandRef } : styles;
}
