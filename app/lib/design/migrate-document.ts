import { SPACING_KEYS } from "~/lib/document/style-keys";
import { designVariables } from "./css";
import { bandStyles } from "./migrate-band";
import { namedStyles } from "./named-steps";
import { COLOR_KEYS, DEFAULT_DESIGN, HEADING_SIZES, RADIUS_KEYS, SPACE_KEYS, TEXT_SIZES, colorRef, radiusRef, sizeRef, spaceRef, type SizeKey } from "./tokens";

/**
 * Document migration 1 → 2 (issue 11, "presets instead of CSS"): a style whose value is EXACTLY what a
 * named step of the default design gives becomes a reference to that step (`17px` → `var(--ds-size-body)`,
 * the seed's yellow → `var(--color-brand-yellow)`, `9999px` → `var(--ds-radius-pill)`), so it follows the design
 * settings from now on. Every other value stays as it is (a custom value). With the default design the
 * page renders exactly as before (tested on every seeded page).
 *
 * Colours are mapped only to the colours that are the same in both themes (brand yellow, teal, ink): a
 * literal #14171c must not turn light in the dark theme.
 */
const vars = designVariables(DEFAULT_DESIGN, "light");
const darkVars = designVariables(DEFAULT_DESIGN, "dark");

const byValue = <K extends string>(keys: readonly K[], varOf: (k: K) => string, ref: (k: K) => string) => {
  const m = new Map<string, string>();
  for (const k of keys) {
    const v = vars[varOf(k)];
    if (!m.has(v)) m.set(v, ref(k));
  }
  return m;
};

const headingSizes = byValue(HEADING_SIZES as SizeKey[], (k) => `--ds-size-${k}`, sizeRef);
const textSizes = byValue(TEXT_SIZES as SizeKey[], (k) => `--ds-size-${k}`, sizeRef);
const spaces = byValue(SPACE_KEYS, (k) => `--ds-space-${k}`, spaceRef);
const radii = byValue(RADIUS_KEYS, (k) => `--ds-radius-${k}`, radiusRef);
const colors = new Map<string, string>();
for (const k of COLOR_KEYS) {
  const name = colorRef(k).slice(4, -1);
  if (vars[name] === darkVars[name] && !colors.has(vars[name])) colors.set(vars[name], colorRef(k));
}

const SPACING_PROPS = new Set<string>([...SPACING_KEYS, "gap"]);
const COLOR_PROPS = new Set(["color", "backgroundColor", "borderColor"]);

/** "24px" → var(--ds-space-m); "16px 24px" → both parts when both are steps (0 kept); else unchanged. */
function spacing(value: string): string {
  const parts = value.trim().split(/\s+/);
  if (parts.length > 4) return value;
  let changed = false;
  const out = parts.map((p) => {
    const r = spaces.get(p);
    if (r) changed = true;
    return r ?? p;
  });
  if (!changed || out.some((p, i) => p === parts[i] && !/^0(px)?$/.test(p))) return value;
  return out.join(" ");
}

/** One style map, for an element of `type` (or a block: type undefined). */
export function presetStyles(styles: Record<string, unknown>, type?: string): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(styles)) {
    if (typeof v !== "string") continue;
    let next: string | undefined;
    if (k === "fontSize" && type) next = (type === "heading" ? headingSizes : textSizes).get(v.trim());
    else if (COLOR_PROPS.has(k)) next = colors.get(v.trim().toLowerCase());
    else if (k === "borderRadius") next = radii.get(v.trim());
    else if (SPACING_PROPS.has(k) || (k === "height" && type === "spacer")) {
      const s = spacing(v);
      next = s === v ? undefined : s;
    }
    if (next !== undefined && next !== v) (out ??= { ...styles })[k] = next;
  }
  return out ?? styles;
}

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);

type StyleMap = Record<string, unknown>;
type MapStyles = (styles: StyleMap, type: string | undefined) => StyleMap;

/** A node with `f` applied to its styles (and, with `devices`, to its tablet and mobile overrides). */
function mapNode(node: unknown, f: MapStyles, type: string | undefined, devices: boolean): unknown {
  if (!isObj(node)) return node;
  let out: StyleMap = node;
  if (isObj(node.styles)) {
    const styles = f(node.styles, type);
    if (styles !== node.styles) out = { ...out, styles };
  }
  if (devices && isObj(node.deviceStyles)) {
    const ds = node.deviceStyles;
    const next: StyleMap = { ...ds };
    for (const d of ["tablet", "mobile"]) if (isObj(ds[d])) next[d] = f(ds[d] as StyleMap, type);
    if (Object.keys(next).some((k) => next[k] !== ds[k])) out = { ...out, deviceStyles: next };
  }
  return out;
}

const mapList = (list: unknown, f: (x: unknown) => unknown) => (Array.isArray(list) ? list.map(f) : list);

/**
 * Every style map of a raw stored document through `f`: blocks' (type undefined), sections' ("section"),
 * columns' ("column") and elements' (their type); `devices` includes the per-device overrides.
 */
export function mapDocumentStyles(doc: StyleMap, f: MapStyles, devices: boolean): StyleMap {
  const blocks = mapList(doc.blocks, (b) => {
    const block = mapNode(b, f, undefined, devices);
    if (!isObj(block)) return block;
    const sections = mapList(block.sections, (s) => {
      const section = mapNode(s, f, "section", devices);
      if (!isObj(section)) return section;
      const columns = mapList(section.columns, (c) => {
        const column = mapNode(c, f, "column", devices);
        if (!isObj(column)) return column;
        const elements = mapList(column.elements, (e) => mapNode(e, f, isObj(e) && typeof e.type === "string" ? e.type : "", devices));
        return { ...column, elements };
      });
      return { ...section, columns };
    });
    return { ...block, sections };
  });
  return { ...doc, blocks };
}

/** The migration step itself, on the raw stored document (anything unexpected is left as it is). */
export function migrateToDesignPresets(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...mapDocumentStyles(doc, (styles, type) => (type === "section" || type === "column" ? styles : presetStyles(styles, type)), false), version: 3 };
}

/** Migration 3 → 4: sizes, spacings, radii and button paddings to their nearest named step (named-steps.ts). */
export function migrateToNamedSteps(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...mapDocumentStyles(doc, (styles, type) => namedStyles(presetStyles(styles, type), type), true), version: 5 };
}

/** Migration 5 → 6: the dark band's background from the ink to « Fond sombre » (migrate-band.ts). */
export function migrateDarkBand(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...mapDocumentStyles(doc, bandStyles, true), version: 6 };
}

/** Every mapping on a current document, keeping its version (the seed, the starting layouts and saved models). */
export function withDesignPresets<D extends { blocks: unknown[] }>(doc: D): D {
  const { blocks } = migrateDarkBand(migrateToNamedSteps(migrateToDesignPresets(doc as unknown as Record<string, unknown>)));
  return { ...doc, blocks } as D;
}
