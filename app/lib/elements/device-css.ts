import { DEVICE_STYLE_KEYS, isDeviceStyleKey, type DeviceStyleValues, type DeviceStyles } from "~/lib/document/devices";
import { UNSAFE_VALUE } from "./style";

/**
 * Per-device styles as CSS, no JavaScript (issue 11 §3, decision 022). Desktop values stay in the style
 * attributes; a block's tablet and mobile overrides become rules in container queries at the builder's
 * device widths (the same 48rem and 64rem as the grid classes, layout.ts), marked !important to win over
 * the style attribute. The tablet rules apply below 64rem and the mobile ones, written after, below 48rem:
 * mobile inherits tablet's values through the cascade.
 *
 * One small stylesheet per block, written beside it, so that an edit re-writes the rules of one block only.
 * Selectors are ids that the schema limits to [A-Za-z0-9_-]; values pass the same filter as style attributes
 * plus no "!" and no quotes, so nothing can close the rule or the <style> element.
 */
type CssScope = "public" | "canvas";

const TABLET_QUERY = "@container (width < 64rem)";
const MOBILE_QUERY = "@container (width < 48rem)";
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const BAD_VALUE = /[!"'\n\r]/;

interface StyledBlock {
  id: string;
  deviceStyles?: DeviceStyles;
  sections: readonly {
    id: string;
    deviceStyles?: DeviceStyles;
    columns: readonly { id: string; deviceStyles?: DeviceStyles; elements: readonly { id: string; type: string; deviceStyles?: DeviceStyles }[] }[];
  }[];
}

/** Where a section's and a column's style attribute is: the public grid, or the canvas frame's grid and column. */
function layerSelector(scope: CssScope, kind: "section" | "column", id: string): string {
  if (scope === "public") return `[data-${kind}-id="${id}"]`;
  return kind === "section" ? `[data-builder-section="${id}"] > .doc-section` : `[data-builder-column="${id}"]`;
}

function layerRules(scope: CssScope, kind: "section" | "column", node: { id: string; deviceStyles?: DeviceStyles }, device: "tablet" | "mobile"): string {
  if (!node.deviceStyles || !SAFE_ID.test(node.id)) return "";
  const body = declarations(node.deviceStyles[device]);
  return body ? `${layerSelector(scope, kind, node.id)}{${body}}` : "";
}

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function declarations(values: DeviceStyleValues | undefined, keys: (k: string) => boolean = () => true): string {
  if (!values) return "";
  let out = "";
  for (const key of DEVICE_STYLE_KEYS) {
    const v = values[key];
    if (v === undefined || !keys(key) || !isDeviceStyleKey(key)) continue;
    const value = v.trim();
    if (!value || value.length > 200 || UNSAFE_VALUE.test(value) || BAD_VALUE.test(value)) continue;
    out += `${kebab(key)}:${value} !important;`;
  }
  return out;
}

function elementRules(scope: CssScope, id: string, type: string, values: DeviceStyleValues | undefined): string {
  const wrapper = scope === "public" ? `.el[data-element-id="${id}"]` : `[data-builder-element="${id}"] > .el`;
  // Where each renderer puts its style attribute (renderers/*.tsx).
  if (type === "button") {
    // The link carries the style; an aligned button sits in a div that carries the alignment.
    const align = declarations(values, (k) => k === "textAlign");
    const rest = declarations(values, (k) => k !== "textAlign");
    return (align ? `${wrapper},${wrapper} > div{${align}}` : "") + (rest ? `${wrapper} .el-button{${rest}}` : "");
  }
  const target = type === "image" ? `${wrapper} .el-image` : `${wrapper} > *`;
  const body = declarations(values);
  return body ? `${target}{${body}}` : "";
}

/** The device rules of one block and its elements ("" when nothing differs per device). */
export function blockDeviceCss(block: StyledBlock, scope: CssScope): string {
  if (!SAFE_ID.test(block.id)) return "";
  let tablet = "";
  let mobile = "";
  const blockSel = scope === "public" ? `[data-block-id="${block.id}"]` : `[data-builder-block="${block.id}"]`;
  if (block.deviceStyles) {
    const t = declarations(block.deviceStyles.tablet);
    const m = declarations(block.deviceStyles.mobile);
    if (t) tablet += `${blockSel}{${t}}`;
    if (m) mobile += `${blockSel}{${m}}`;
  }
  for (const s of block.sections) {
    tablet += layerRules(scope, "section", s, "tablet");
    mobile += layerRules(scope, "section", s, "mobile");
    for (const c of s.columns) {
      tablet += layerRules(scope, "column", c, "tablet");
      mobile += layerRules(scope, "column", c, "mobile");
      for (const e of c.elements) {
        if (!e.deviceStyles || !SAFE_ID.test(e.id)) continue;
        tablet += elementRules(scope, e.id, e.type, e.deviceStyles.tablet);
        mobile += elementRules(scope, e.id, e.type, e.deviceStyles.mobile);
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
    const deviceCss = blockDeviceCss(b, "public");
    if (!deviceCss) return b;
    changed = true;
    return { ...b, deviceCss };
  });
  return changed ? { ...doc, blocks } : doc;
}
