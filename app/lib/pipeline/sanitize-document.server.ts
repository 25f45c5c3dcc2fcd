import { UNSAFE_VALUE } from "~/lib/elements/style";
import { serverElement } from "~/lib/elements/server-types.server";
import { sanitizeUrl } from "~/lib/document/sanitize.server";
import type { PageElement, RenderDocument, RenderElement } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";

/**
 * Style values that could fetch or break out (url(), expression(), declaration breaks) are dropped when
 * stored, not only when rendered (elements/style.ts): nothing executable is kept, even unrendered.
 */
function cleanStyles(styles: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(styles)) if (!UNSAFE_VALUE.test(v)) out[k] = v;
  return out;
}

/** The same for per-device overrides (devices.ts): a device left with no value loses its entry. */
function cleanDeviceStyles<D extends Partial<Record<"tablet" | "mobile", Partial<Record<string, string>>>>>(ds: D | undefined): D | undefined {
  if (!ds) return ds;
  const out: Partial<Record<"tablet" | "mobile", Record<string, string>>> = {};
  for (const device of ["tablet", "mobile"] as const) {
    const values = ds[device];
    if (!values) continue;
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) if (typeof v === "string" && !UNSAFE_VALUE.test(v)) kept[k] = v;
    if (Object.keys(kept).length) out[device] = kept;
  }
  return (Object.keys(out).length ? out : undefined) as D | undefined;
}

/** Sanitizes one element's content by its type (server-types.server.ts); unknown types keep their content, which is never rendered. */
export function sanitizeElement<E extends RenderElement | PageElement>(el: E): E {
  const out = { ...el, styles: cleanStyles(el.styles) };
  if (el.deviceStyles) out.deviceStyles = cleanDeviceStyles(el.deviceStyles);
  const def = serverElement(el.type);
  if (def) out.content = def.sanitizeContent(el.content);
  if (out.href !== undefined) out.href = sanitizeUrl(out.href);
  return out;
}

export function sanitizeDocument<D extends RenderDocument>(doc: D): D {
  const styled: D = {
    ...doc,
    blocks: doc.blocks.map((b) => ({ ...b, styles: cleanStyles(b.styles), ...(b.deviceStyles ? { deviceStyles: cleanDeviceStyles(b.deviceStyles) } : {}) })),
  };
  return mapElements(styled, (e) => sanitizeElement(e));
}
