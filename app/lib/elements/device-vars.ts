import type { CSSProperties } from "react";
import { DEVICE_STYLE_KEYS, type DeviceStyles, type SmallDevice } from "~/lib/document/devices";
import { kebab, MOBILE_QUERY, safeDeviceValue, STYLED_ELEMENT_TYPES, styledNodes, TABLET_QUERY } from "./device-css";

/**
 * Per-device values in the builder's canvas (decision 058). The public page writes them as one <style> per
 * block (device-css.ts); the canvas did the same, and every gesture that touched a block with per-device values
 * (delete, duplicate, a per-device edit) rewrote that block's sheet. Blink then works out over the whole
 * document which elements a changed sheet may restyle (StyleEngine::scheduleInvalidationsForRuleSets): 6–13 ms
 * of a 1,000-element page's gesture (docs/benchmarks.md). Here the values are custom properties in the node's
 * own style attribute, with two attributes naming the overridden properties (`data-dt` for tablet, `data-dm`
 * for mobile), read by one fixed sheet (CANVAS_DEVICE_CSS) that never changes: an edit restyles its own node.
 *
 * The fixed rules target what the public rules target (the block, the section's grid, the column, an element's
 * rendered child, an image's picture, a button's link and its aligning div) inside the same container queries,
 * !important over the style attribute as there; mobile's rules come after tablet's, so mobile inherits tablet's
 * values through the cascade. Values pass the same filter as the public sheet (safeDeviceValue).
 */

const PREFIX: Record<SmallDevice, string> = { tablet: "dt", mobile: "dm" };
/** Element types whose style attribute is not on the rendered child (device-css.ts, styledNodes). */
type ElementKind = (typeof STYLED_ELEMENT_TYPES)[number];
const isElementKind = (type: string | undefined): type is ElementKind => (STYLED_ELEMENT_TYPES as readonly (string | undefined)[]).includes(type);

export interface DeviceVarProps {
  style?: CSSProperties;
  "data-dt"?: string;
  "data-dm"?: string;
  "data-dk"?: ElementKind;
}

const NONE: DeviceVarProps = {};
/** Per values, per kind of node ("" for all but a button or an image). */
const cache = new WeakMap<DeviceStyles, Map<ElementKind | "", DeviceVarProps>>();

function build(deviceStyles: DeviceStyles, kind: ElementKind | ""): DeviceVarProps {
  const style: Record<string, string> = {};
  const out: DeviceVarProps = {};
  for (const device of ["tablet", "mobile"] as const) {
    const values = deviceStyles[device];
    if (!values) continue;
    const names: string[] = [];
    for (const key of DEVICE_STYLE_KEYS) {
      const value = safeDeviceValue(values[key]);
      if (value === null) continue;
      const name = kebab(key);
      style[`--${PREFIX[device]}-${name}`] = value;
      names.push(name);
    }
    if (names.length) out[device === "tablet" ? "data-dt" : "data-dm"] = names.join(" ");
  }
  if (!out["data-dt"] && !out["data-dm"]) return NONE;
  out.style = style as CSSProperties;
  if (kind) out["data-dk"] = kind;
  return out;
}

/**
 * The props that carry a node's per-device values in the canvas: spread them on the node that the fixed rules
 * select (the block, the section's frame, the column, the element's frame) and merge `style` with its own.
 * The same object for the same `deviceStyles`, so an unchanged node gives React nothing to compare.
 */
export function deviceVarProps(node: { deviceStyles?: DeviceStyles }, type?: string): DeviceVarProps {
  const ds = node.deviceStyles;
  if (!ds) return NONE;
  const kind = isElementKind(type) ? type : "";
  let byKind = cache.get(ds);
  if (!byKind) cache.set(ds, (byKind = new Map()));
  let props = byKind.get(kind);
  if (!props) byKind.set(kind, (props = build(ds, kind)));
  return props;
}

function deviceRules(device: SmallDevice): string {
  const p = PREFIX[device];
  let out = "";
  for (const key of DEVICE_STYLE_KEYS) {
    const name = kebab(key);
    const has = `[data-${p}~="${name}"]`;
    const element = `[data-builder-element]${has}`;
    const selectors = [
      `[data-builder-block]${has}`,
      `[data-builder-section]${has} > .doc-section`,
      `[data-builder-column]${has}`,
      ...styledNodes("", key).map((node) => `${element}:not([data-dk]) > .el${node}`),
      ...STYLED_ELEMENT_TYPES.flatMap((type) => styledNodes(type, key).map((node) => `${element}[data-dk="${type}"] > .el${node}`)),
    ];
    out += `${selectors.join(",")}{${name}:var(--${p}-${name}) !important}`;
  }
  return out;
}

/** The canvas's one per-device sheet: the same text for every page, written once. */
export const CANVAS_DEVICE_CSS = `${TABLET_QUERY}{${deviceRules("tablet")}}${MOBILE_QUERY}{${deviceRules("mobile")}}`;
