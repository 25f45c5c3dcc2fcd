/** WCAG 2.x contrast: relative luminance of sRGB colours, AA thresholds (4.5:1 text, 3:1 large text). */

export const AA_TEXT = 4.5;
const AA_LARGE = 3;

/** #rgb, #rrggbb, #rrggbbaa (alpha ignored) or rgb()/rgba() → [r, g, b] in 0..255; null when unknown. */
export function parseRgb(value: string): [number, number, number] | null {
  const v = value.trim().toLowerCase();
  let m = v.match(/^#([0-9a-f]{3})$/);
  if (m) return [0, 1, 2].map((i) => parseInt(m![1][i] + m![1][i], 16)) as [number, number, number];
  m = v.match(/^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1].slice(i, i + 2), 16)) as [number, number, number];
  m = v.match(/^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])].map((n) => Math.min(255, n)) as [number, number, number];
  if (v === "white") return [255, 255, 255];
  if (v === "black") return [0, 0, 0];
  return null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours (1 to 21), or null when one cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseRgb(a);
  const y = parseRgb(b);
  if (!x || !y) return null;
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** "1,6:1" as French writes it. */
export const formatRatio = (r: number) => `${(Math.floor(r * 10) / 10).toFixed(1).replace(".", ",")}:1`;

/** A French warning when the pair fails WCAG AA, else null. `large`: text of 24 px, or 19 px bold, and up. */
export function contrastWarning(text: string, background: string, large = false): string | null {
  const r = contrastRatio(text, background);
  if (r === null) return null;
  const min = large ? AA_LARGE : AA_TEXT;
  if (r >= min) return null;
  return `Contraste insuffisant : ${formatRatio(r)} (il faut au moins ${formatRatio(min)} pour être lisible, norme WCAG AA). Choisissez un texte plus foncé ou un fond plus clair, ou l'inverse.`;
}
