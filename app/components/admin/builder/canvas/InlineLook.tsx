import type { ReactNode } from "react";
import type { PageElement } from "~/lib/document/schema";
import { safeStyle } from "~/lib/elements/style";

const TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/**
 * Inline editing keeps the element's real look (issue 11 §5): the editor sits inside the same tag, classes
 * and styles as the renderer gives the element (app/lib/elements/renderers/RichText.tsx), so a heading
 * being typed keeps its size, weight, colour and alignment instead of shrinking to body text.
 */
export function InlineLook({ element, children }: { element: Pick<PageElement, "type" | "styles" | "level">; children: ReactNode }) {
  const style = safeStyle(element.styles);
  if (element.type === "heading") {
    const Tag = TAGS[(element.level ?? 2) - 1] ?? "h2";
    return (
      <Tag className="el-heading text-balance" style={style} data-inline-look="heading">
        {children}
      </Tag>
    );
  }
  return (
    <div className={`el-${element.type}`} style={style} data-inline-look={element.type}>
      {children}
    </div>
  );
}

/** The input of a button's label, drawn as the button (colours, radius, padding, weight). */
export function buttonInputStyle(styles: Record<string, string>) {
  const { textAlign: _align, width: _width, margin: _m, marginTop: _mt, marginBottom: _mb, ...rest } = safeStyle(styles) as Record<string, string>;
  return rest;
}
