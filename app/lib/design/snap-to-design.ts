import { parseRgb } from "./contrast";
import { bandRef, COLOR_KEYS, HEADING_SIZES, SIZE_KEYS, TEXT_SIZES, colorRef, sizeRef, type DesignSettings, type SizeKey } from "./tokens";

/**
 * A style map held to the site's design (issue 22 item 2, decision 038): what a generator writes (an AI
 * service's "#3366ff", "27px") becomes the nearest colour or text size of the design, as a reference that
 * follows the design settings; a colour or size that cannot be read is dropped. References to the design's
 * own variables are kept; other properties are left to the style-value rules (style-values.ts).
 */
const COLOR_PROPS = new Set(["color", "backgroundColor", "borderColor"]);
const KNOWN_COLOR_REFS = new Set([...COLOR_KEYS.map(colorRef), bandRef]);
const KNOWN_SIZE_REFS = new Set(SIZE_KEYS.map(sizeRef));

function nearestColor(value: string, design: DesignSettings): string | null {
  const rgb = parseRgb(value);
  if (!rgb) return null;
  let best: { ref: string; d: number } | null = null;
  for (const k of COLOR_KEYS) {
    const c = parseRgb(design.colors.light[k]);
    if (!c) continue;
    const d = (c[0] - rgb[0]) ** 2 + (c[1] - rgb[1]) ** 2 + (c[2] - rgb[2]) ** 2;
    if (!best || d < best.d) best = { ref: colorRef(k), d };
  }
  return best?.ref ?? null;
}

/** "27px", "1.5rem" or "1.5em" (of 16 px) → pixels; null otherwise. */
function pixels(value: string): number | null {
  const m = value.trim().match(/^(\d+(?:\.\d+)?)(px|rem|em)$/);
  if (!m) return null;
  return m[2] === "px" ? Number(m[1]) : Number(m[1]) * 16;
}

function nearestSize(value: string, type: string, design: DesignSettings): string | null {
  const px = pixels(value);
  if (px === null) return null;
  const keys: readonly SizeKey[] = type === "heading" ? HEADING_SIZES : TEXT_SIZES;
  let best = keys[0];
  for (const k of keys) if (Math.abs(design.type[k].desktop - px) < Math.abs(design.type[best].desktop - px)) best = k;
  return sizeRef(best);
}

/** The style map of an element of `type` (or of a block: type undefined), snapped to `design`. */
export function snapStylesToDesign(styles: Record<string, string>, type: string | undefined, design: DesignSettings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, raw] of Object.entries(styles)) {
    const v = raw.trim();
    if (COLOR_PROPS.has(k)) {
      const ref = KNOWN_COLOR_REFS.has(v) || v === "transparent" ? v : nearestColor(v, design);
      if (ref) out[k] = ref;
    } else if (k === "fontSize" && type) {
      const ref = KNOWN_SIZE_REFS.has(v) ? v : nearestSize(v, type, design);
      if (ref) out[k] = ref;
    } else out[k] = raw;
  }
  return out;
}
