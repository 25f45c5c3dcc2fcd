import { SPACING_KEYS } from "~/lib/document/style-keys";
import { designVariables } from "./css";
import { topLevel } from "./css-values";
import {
  BUTTON_SIZE_KEYS,
  DEFAULT_DESIGN,
  RADIUS_KEYS,
  SIZE_KEYS,
  SPACE_KEYS,
  buttonSizeRef,
  radiusRef,
  sizeRef,
  spaceRef,
  type ButtonSizeKey,
  type RadiusKey,
  type SizeKey,
  type SpaceKey,
} from "./tokens";

/**
 * Document migration 3 → 4 (issue 21, "named choices instead of CSS"): a size, spacing, radius or button
 * padding whose value is CLOSE to a named step of the default design becomes that step, so the builder
 * shows "Titre 1", "M", "Pilule" or "Moyen" instead of `clamp(2.1rem…)`, `24px`, `9999px` or `14px 28px`.
 * Migration 1 → 2 (migrate-document.ts) took only exact values; this one takes the nearest step when it is
 * within a factor (font sizes 1.4, spacings 2, radii 1.5) at both ends of the fluid range (a 480 px and a
 * 1280 px wide page), so a page may render a few pixels differently: that is the point, one scale.
 * A value that is not a plain length (auto, a negative margin, a percentage) or too far from any step stays.
 */
const vars = designVariables(DEFAULT_DESIGN, "light");
const WIDTHS = [480, 1280] as const;

/** A length's value in px on a page `width` px wide (px, rem, cqi and calc/clamp/min/max of those), or null. */
export function lengthPx(value: string, width: number, depth = 0): number | null {
  const v = value.trim();
  if (depth > 4) return null;
  if (/^0(\.0+)?$/.test(v)) return 0;
  const unit = v.match(/^(-?(?:\d+(?:\.\d+)?|\.\d+))(px|rem|cqi)$/i);
  if (unit) {
    const n = Number(unit[1]);
    const u = unit[2].toLowerCase();
    return u === "px" ? n : u === "rem" ? n * 16 : (n * width) / 100;
  }
  const ref = v.match(/^var\((--[a-z0-9-]+)\)$/i);
  if (ref) return vars[ref[1]] === undefined ? null : lengthPx(vars[ref[1]], width, depth + 1);
  const fn = v.match(/^(calc|clamp|min|max)\((.*)\)$/i);
  if (!fn) return null;
  const args = topLevel(fn[2], ",");
  if (!args) return null;
  const values = args.map((a) => sumPx(a, width, depth + 1));
  if (values.some((x) => x === null)) return null;
  const n = values as number[];
  switch (fn[1].toLowerCase()) {
    case "calc":
      return n.length === 1 ? n[0] : null;
    case "clamp":
      return n.length === 3 ? Math.min(Math.max(n[1], n[0]), n[2]) : null;
    case "min":
      return Math.min(...n);
    default:
      return Math.max(...n);
  }
}

/** "a + b - c" of lengths (no products: the seeded pages use none). */
function sumPx(expr: string, width: number, depth: number): number | null {
  const parts = topLevel(expr, " ");
  if (!parts || parts.length % 2 === 0) return null;
  let total = lengthPx(parts[0], width, depth);
  for (let i = 1; i < parts.length && total !== null; i += 2) {
    const next = lengthPx(parts[i + 1], width, depth);
    if (next === null || (parts[i] !== "+" && parts[i] !== "-")) return null;
    total = parts[i] === "+" ? total + next : total - next;
  }
  return total;
}

/** How far apart two lengths are, at the worst of the two widths (a ratio ≥ 1), or Infinity. */
function distance(a: string, b: string): number {
  let worst = 1;
  for (const w of WIDTHS) {
    const x = lengthPx(a, w);
    const y = lengthPx(b, w);
    if (x === null || y === null || x < 0 || y < 0) return Infinity;
    if (x === 0 || y === 0) {
      if (x !== y) return Infinity;
      continue;
    }
    worst = Math.max(worst, x > y ? x / y : y / x);
  }
  return worst;
}

/** The reference among `refs` nearest to `value`, when within `factor`; null otherwise (or when it is one already). */
function nearest(value: string, refs: readonly string[], factor: number): string | null {
  const v = value.trim();
  if (refs.includes(v)) return null;
  let best: string | null = null;
  let bestD = factor;
  for (const r of refs) {
    const d = distance(v, r);
    if (d <= bestD) {
      best = r;
      bestD = d;
    }
  }
  return best;
}

export const SIZE_REFS = SIZE_KEYS.map((k: SizeKey) => sizeRef(k));
export const SPACE_REFS = SPACE_KEYS.map((k: SpaceKey) => spaceRef(k));
export const RADIUS_REFS = RADIUS_KEYS.map((k: RadiusKey) => radiusRef(k));
export const BUTTON_SIZE_REFS = BUTTON_SIZE_KEYS.map((k: ButtonSizeKey) => buttonSizeRef(k));

const ZERO = /^0(px)?$/;

/** One spacing value, shorthand included: every part a step (or 0), or unchanged. */
function spacingStep(value: string): string | null {
  const parts = topLevel(value.trim(), " ");
  if (!parts || parts.length > 4) return null;
  const out = parts.map((p) => (ZERO.test(p) || SPACE_REFS.includes(p) ? p : nearest(p, SPACE_REFS, 2)));
  if (out.some((p) => p === null)) return null;
  const next = out.join(" ");
  return next === value.trim() ? null : next;
}

/** "14px 28px" → var(--ds-btn-size-m): both parts within a factor 1.25 of the same size. */
function buttonSizeStep(value: string): string | null {
  const parts = value.trim().split(/\s+/);
  if (parts.length !== 2) return null;
  for (const k of BUTTON_SIZE_KEYS) {
    const [y, x] = vars[`--ds-btn-size-${k}`].split(" ");
    if (distance(parts[0], y) <= 1.25 && distance(parts[1], x) <= 1.25) return buttonSizeRef(k);
  }
  return null;
}

const SPACING_PROPS = new Set<string>([...SPACING_KEYS, "gap"]);

/** The named step of one style value, or null when it stays as it is. */
export function namedStep(key: string, value: string, type: string | undefined): string | null {
  // A reference inside a bigger expression is someone's own formula: left alone.
  if (value.includes("var(") && !/^var\([^()]*\)$/.test(value.trim())) return null;
  if (key === "fontSize") return nearest(value, SIZE_REFS, 1.4);
  if (key === "borderRadius") return ZERO.test(value.trim()) ? null : nearest(value, RADIUS_REFS, 1.5);
  if (key === "padding" && type === "button") return buttonSizeStep(value);
  if (SPACING_PROPS.has(key) || (key === "height" && type === "spacer")) return spacingStep(value);
  return null;
}

/** One style map with its values moved to named steps (the same object when none moves). */
export function namedStyles<S extends Record<string, unknown>>(styles: S, type?: string): S {
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(styles)) {
    if (typeof v !== "string") continue;
    const next = namedStep(k, v, type);
    if (next !== null && next !== v) (out ??= { ...styles })[k] = next;
  }
  return (out ?? styles) as S;
}
