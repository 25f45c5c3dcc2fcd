import { memo } from "react";
import type { RenderBlock, RenderDocument, RenderElement } from "~/lib/document/schema";
import { rendererFor } from "./renderers";
import { hideClasses, safeStyle } from "./style";
import { findElementWhere } from "~/lib/document/walk";

/** Tailwind needs literal class names: one per width, for the 12-column grid from the tablet width up. */
export const SPAN: Record<number, string> = {
  1: "@tablet:col-span-1",
  2: "@tablet:col-span-2",
  3: "@tablet:col-span-3",
  4: "@tablet:col-span-4",
  5: "@tablet:col-span-5",
  6: "@tablet:col-span-6",
  7: "@tablet:col-span-7",
  8: "@tablet:col-span-8",
  9: "@tablet:col-span-9",
  10: "@tablet:col-span-10",
  11: "@tablet:col-span-11",
  12: "@tablet:col-span-12",
};

/**
 * The one grid of a section, shared by the public renderer and the builder canvas. Below the tablet width
 * every column is full width, so the grid has a single track: a 12-track grid with 32 px gaps there needs
 * 352 px of gaps alone and spilled past a 335 px content box at 375 px. Columns get min-width 0 so a long
 * word, a wide image or a gallery track never widens its column past the grid.
 */
export const SECTION_GRID_CLASS = "doc-section grid grid-cols-1 gap-y-6 @tablet:grid-cols-12 @tablet:gap-x-8";
export function columnClass(width: number): string {
  return `doc-column flex min-w-0 flex-col gap-4 ${SPAN[width] ?? SPAN[12]}`;
}

export const ElementView = memo(function ElementView({ element }: { element: RenderElement }) {
  const Render = rendererFor(element.type);
  return (
    <div className={`el el-${element.type.replace(/[^a-z]/g, "")} ${hideClasses(element.hide)}`} data-element-id={element.id}>
      <Render element={element} />
    </div>
  );
});

export const BlockView = memo(function BlockView({ block }: { block: RenderBlock }) {
  const style = safeStyle(block.styles);
  return (
    <section className={`doc-block ${hideClasses(block.hide)}`} style={style} data-block-id={block.id}>
      <div className="mx-auto max-w-[1280px] px-5 @tablet:px-8">
        {block.sections.map((section) => (
          <div key={section.id} className={SECTION_GRID_CLASS} data-section-id={section.id}>
            {section.columns.map((col) => (
              <div key={col.id} className={columnClass(col.width)} data-column-id={col.id}>
                {col.elements.map((el) => (
                  <ElementView key={el.id} element={el} />
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
});

export function DocumentView({ doc }: { doc: RenderDocument }) {
  return (
    <div className="doc @container">
      {doc.blocks.map((b) => (
        <BlockView key={b.id} block={b} />
      ))}
    </div>
  );
}

/** The first image element in reading order, so it can be loaded eagerly (largest contentful paint). */
export function firstImageId(doc: RenderDocument): string | undefined {
  return findElementWhere(doc, (e) => e.type === "image")?.id;
}
