import { isUploadedPdfUrl } from "~/lib/media/media-url";
import { useRenderContext } from "../context";
import { safeStyle } from "../style";
import type { ElementRendererProps } from "../types";

/** The button is an inline link; its alignment applies to the line it sits on. */
export function ButtonElement({ element }: ElementRendererProps) {
  const { textAlign, ...rest } = safeStyle(element.styles);
  const link = (
    <a
      href={element.href || "#"}
      {...(isUploadedPdfUrl(element.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="el-button inline-block font-semibold no-underline transition hover:brightness-95 focus-visible:outline-2"
      style={rest}
    >
      {element.content}
    </a>
  );
  return textAlign ? <div style={{ textAlign }}>{link}</div> : link;
}

/** Icon content is SVG markup, sanitized on the server. */
export function IconElement({ element }: ElementRendererProps) {
  // With a size chosen, the SVG fills the box whatever width and height its markup carries; the box's
  // padding (the seed's badges) is outside that size, so "48 px" in the settings draws a 48 px icon.
  const sized = Boolean(element.styles.width);
  return (
    <span
      className={`el-icon inline-flex ${sized ? "[&>svg]:h-full [&>svg]:w-full" : ""}`}
      style={sized ? { ...safeStyle(element.styles), boxSizing: "content-box" } : safeStyle(element.styles)}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: element.content }}
    />
  );
}

export function DividerElement({ element }: ElementRendererProps) {
  const { height: _h, ...rest } = element.styles;
  return <hr className="el-divider border-0" style={{ borderTop: "1px solid #e5e7eb", ...safeStyle(rest) }} />;
}

export function SpacerElement({ element }: ElementRendererProps) {
  return <div className="el-spacer" aria-hidden="true" style={{ height: "40px", ...safeStyle(element.styles) }} />;
}

export function UnsupportedElement({ element }: ElementRendererProps) {
  const { surface } = useRenderContext();
  if (surface === "preview" || surface === "export") {
    return <p className="el-unsupported rounded border border-dashed border-red-400 p-2 text-sm text-red-700">Unknown element type: {element.type}</p>;
  }
  return <p className="el-unsupported rounded border border-dashed border-red-400 p-2 text-sm text-red-700">Type d'élément non pris en charge</p>;
}
