import { DEVICE_STYLE_KEYS, type DeviceStyleValues, type DeviceStyles } from "~/lib/document/devices";
import { UNSAFE_VALUE } from "./style";

/**
 * Per-device styles as CSS, no JavaScript (issue 11 §3, decision 022). Desktop values stay in the style
 * attributes; a block's tablet and mobile overrides become rules in container queries at the builder's
 * device widths (the same 48rem and 64rem as the grid classes, layout.ts), marked !important to win over
 * the style attribute. The tablet rules apply below 64rem and the mobile ones, written after, below 48rem:
 * mobile inherits tablet's values through the cascade.
 *
 * One small stylesheet per block, written beside it on the public page, the export and the preview. Selectors
 * are ids that the schema limits to [A-Za-z0-9_-]; values pass the same filter as style attributes plus no "!"
 * and no quotes, so nothing can close the rule or the <style> element. The builder's canvas, where documents
 * change with every gesture, writes the same values as custom properties instead (device-vars.ts).
 */

export const TABLET_QUERY = "@container (width < 64rem)";
export const MOBILE_QUERY = "@container (width < 48rem)";
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const BAD_VALUE = /[!"'\n\r]/;

/** A per-device value as it may be written into CSS, or null when it could leave its declaration. */
export function safeDeviceValue(v: string | undefined): string | null {
  if (v === undefined) return null;
  const value = v.trim();
  if (!value || value.length > 200 || UNSAFE_VALUE.test(value) || BAD_VALUE.test(value)) return null;
  return value;
}

interface StyledBlock {
  id: string;
  deviceStyles?: DeviceStyles;
  sections: readonly {
    id: string;
    deviceStyles?: DeviceStyles;
    columns: readonly { id: string; deviceStyles?: DeviceStyles; elements: readonly { id: string; type: string; deviceStyles?: DeviceStyles }[] }[];
  }[];
}

function layerRules(kind: "section" | "column", node: { id: string; deviceStyles?: DeviceStyles }, device: "tablet" | "mobile"): string {
  if (!node.deviceStyles || !SAFE_ID.test(node.id)) return "";
  const body = declarations(node.deviceStyles[device]);
  return body ? `[data-${kind}-id="${node.id}"]{${body}}` : "";
}

export const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function declarations(values: DeviceStyleValues | undefined): string {
  if (!values) return "";
  let out = "";
  for (const key of DEVICE_STYLE_KEYS) {
    const value = safeDeviceValue(values[key]);
    if (value !== null) out += `${kebab(key)}:${value} !important;`;
  }
  return out;
}

/**
 * Where an element's renderer puts its style attribute (renderers/*.tsx), as selectors below the element's `.el`
 * wrapper: a button's link, with its alignment on the wrapper and the div an aligned button sits in; an image's
 * picture; any other element's rendered child. Shared by the public rules and the canvas's fixed sheet.
 */
export const STYLED_ELEMENT_TYPES = ["image", "button"] as const;
export function styledNodes(type: string, key: string): readonly string[] {
  if (type === "button") return key === "textAlign" ? ["", " > div"] : [" .el-button"];
  if (type === "image") return [" .el-image"];
  return [" > *"];
}

function elementRules(id: string, type: string, values: DeviceStyleValues | undefined): string {
  if (!values) return "";
  const wrapper = `.el[data-element-id="${id}"]`;
  // One rule per styled node, its declarations in DEVICE_STYLE_KEYS order.
  const rules = new Map<string, string>();
  for (const key of DEVICE_STYLE_KEYS) {
    const value = safeDeviceValue(values[key]);
    if (value === null) continue;
    const selector = styledNodes(type, key)
      .map((node) => wrapper + node)
      .join(",");
    rules.set(selector, `${rules.get(selector) ?? ""}${kebab(key)}:${value} !important;`);
  }
  return [...rules].map(([selector, body]) => `${selector}{${body}}`).join("");
}

/** The device rules of one block and its elements ("" when nothing differs per device). */
export function blockDeviceCss(block: StyledBlock): string {
  if (!SAFE_ID.test(block.id)) return "";
  let tablet = "";
  let mobile = "";
  const blockSel = `[data-block-id="${block.id}"]`;
  if (block.deviceStyles) {
    const t = declarations(block.deviceStyles.tablet);
    const m = declarations(block.deviceStyles.mobile);
    if (t) tablet += `${blockSel}{${t}}`;
    if (m) mobile += `${blockSel}{${m}}`;
  }
  for (const s of block.sections) {
    tablet += layerRules("section", s, "tablet");
    mobile += layerRules("section", s, "mobile");
    for (const c of s.columns) {
      tablet += layerRules("column", c, "tablet");
      mobile += layerRules("column", c, "mobile");
      for (const e of c.elements) {
        if (!e.deviceStyles || !SAFE_ID.test(e.id)) continue;
        tablet += elementRules(e.id, e.type, e.deviceStyles.tablet);
        mobile += elementRules(e.id, e.type, e.deviceStyles.mobile);
      }
    }
  }
  return (tablet ? `${TABLET_QUERY}{${tablet}}` : "") + (mobile ? `${MOBILE_QUERY}{${mobile}}` : "");
}

/**
 * The document with each block's public rules attached (`deviceCss`, only where there are some), for
 * DocumentView. Run where documents are prepared for rendering: the public page's server data, the HTML
 * export and the builder's preview; blocks without overrides are the same objects.
 */
export function withDeviceCss<D extends { blocks: readonly StyledBlock[] }>(doc: D): D {
  let changed = false;
  const blocks = doc.blocks.map((b) => {
    const deviceCss = blockDeviceCss(b);
    if (!deviceCss) return b;
    changed = true;
    return { ...b, deviceCss };
  });
  return changed ? { ...doc, blocks } : doc;
}
