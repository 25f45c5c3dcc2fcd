import { colorRef, DEFAULT_DESIGN } from "./tokens";

/**
 * Document migration 3 → 4 (issue 21, "every brand colour is a token"): the literal brand colour of
 * seed 001 §9 (the default design's brand hex, or its rgb() form) wherever a style holds it, alone or
 * inside a shorthand (`4px solid <yellow>`), in per-device values and in the inline colour of rich
 * text, becomes the design's brand reference. The page looks the same with today's design and follows the brand colour from now on.
 * Anything else, and the visible text of an element, is left as it is.
 */
const BRAND = DEFAULT_DESIGN.colors.light.brand;
const LITERAL = new RegExp(`${BRAND}(?![0-9a-f])|rgba?\\(\\s*255\\s*,\\s*193\\s*,\\s*4\\s*(?:,\\s*1(?:\\.0*)?\\s*)?\\)`, "gi");
const REF = colorRef("brand");
// `color: <yellow>` inside a style attribute of rich text (the only inline style the sanitizer keeps a colour in).
const INLINE = new RegExp(`(style\\s*=\\s*["'][^"']*?color\\s*:\\s*)(?:${LITERAL.source})`, "gi");

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);

/** A style map (or a map of per-device style maps) with the literal replaced; the same object when nothing changed. */
function styleMap(styles: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(styles)) {
    const next = typeof v === "string" ? v.replace(LITERAL, REF) : isObj(v) ? styleMap(v) : v;
    if (next !== v) (out ??= { ...styles })[k] = next;
  }
  return out ?? styles;
}

function node(x: unknown): unknown {
  if (Array.isArray(x)) {
    const mapped = x.map(node);
    return mapped.some((m, i) => m !== x[i]) ? mapped : x;
  }
  if (!isObj(x)) return x;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(x)) {
    let next = v;
    if ((k === "styles" || k === "deviceStyles") && isObj(v)) next = styleMap(v);
    else if (k === "content" && typeof v === "string") next = v.replace(INLINE, (_m, head: string) => `${head}${REF}`);
    else if (Array.isArray(v)) next = node(v);
    if (next !== v) (out ??= { ...x })[k] = next;
  }
  return out ?? x;
}

/** The migration step, on the raw stored document (anything unexpected is left as it is). */
export function migrateBrandToToken(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, version: 4, blocks: Array.isArray(doc.blocks) ? node(doc.blocks) : doc.blocks };
}

/** True when a style value or rich text still carries the literal brand colour (tests, the seed's check). */
export const carriesBrandLiteral = (json: string) => new RegExp(LITERAL.source, "i").test(json);
