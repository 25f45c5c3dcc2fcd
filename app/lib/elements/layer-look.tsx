import type { CSSProperties } from "react";
import type { Background, Hide } from "~/lib/document/schema";
import { hideClasses, safeStyle } from "./style";

/**
 * A section's or column's own look (issue 21), shared by the public renderer and the builder's canvas:
 * its styles (spacing, background colour, alignment) through the same filter as elements', its visibility
 * per device, and a background image drawn behind its content.
 */
interface Look {
  styles?: Record<string, string>;
  hide?: Hide;
  background?: Background;
}

/**
 * With a background, the node is positioned and isolated (its own stacking context), so the image sits
 * behind the content. Inline styles, not utility classes: the HTML export has its own stylesheet.
 */
export function lookStyle(node: Look): CSSProperties {
  const style = safeStyle(node.styles);
  return node.background ? { ...style, position: "relative", isolation: "isolate" } : style;
}

export function lookClass(node: Look, withHide = true): string {
  return withHide ? hideClasses(node.hide) : "";
}

const COVER: CSSProperties = { position: "absolute", inset: 0, zIndex: -1, width: "100%", height: "100%", pointerEvents: "none" };

/**
 * The background image, covering the node with its focal point kept in view (object-position, so the
 * point stays visible however the box is cropped at 320 or 1440 px), and the overlay over it. Out of
 * flow (absolute), so a section's grid places its columns as before. Numbers only come from the schema.
 */
export function LayerBackground({ background }: { background?: Background }) {
  if (!background) return null;
  const { image, focusX, focusY, overlay } = background;
  return (
    <>
      <img
        src={image}
        alt=""
        aria-hidden="true"
        loading="lazy"
        decoding="async"
        className="layer-bg"
        style={{ ...COVER, objectFit: "cover", objectPosition: `${focusX}% ${focusY}%`, maxWidth: "none" }}
        data-layer-bg=""
      />
      {overlay > 0 ? <span aria-hidden="true" style={{ ...COVER, backgroundColor: "#000", opacity: overlay / 100 }} data-layer-overlay="" /> : null}
    </>
  );
}
