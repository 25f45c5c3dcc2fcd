import { memo } from "react";
import type { RenderBlock, RenderDocument, RenderElement } from "~/lib/document/schema";
import { rendererFor } from "./registry";
import { hideClasses, safeStyle } from "./style";

/** Tailwind needs literal class names: one per width, for the 12-column grid from the tablet width up. */
export const SPAN: Record<number, string> = {
  1: "@tablet:col-span-1", 2: "@tablet:col-span-2", 3: "@tablet:col-span-3", 4: "@tablet:col-span-4",
  5: "@tablet:col-span-5", 6: "@tablet:col-span-6", 7: "@tablet:col-span-7", 8: "@tablet:col-span-8",
  9: "@tablet:col-span-9", 10: "@tablet:col-span-10", 11: "@tablet:col-span-11", 12: "@tablet:col-span-12",
};

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
          <div key={section.id} className="doc-section grid grid-cols-12 gap-x-8 gap-y-6" data-section-id={section.id}>
            {section.columns.map((col) => (
              <div key={col.id} className={`doc-column col-span-12 flex flex-col gap-4 ${SPAN[col.width] ?? SPAN[12]}`} data-column-id={col.id}>
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
  for (const b of doc.blocks)
    for (const s of b.sections) for (const c of s.columns) for (const e of c.elements) if (e.type === "image") return e.id;
  return undefined;
}
