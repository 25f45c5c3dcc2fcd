import { memo } from "react";
import type { RenderBlock, RenderDocument, RenderElement } from "~/lib/document/schema";
import { rendererFor } from "./renderers";
import { hideClasses, safeStyle } from "./style";
import { LayerBackground, lookClass, lookStyle } from "./layer-look";
import { BLOCK_INNER_CLASS, DOC_ROOT_CLASS, columnClass, elementClass, hasMobileWidths, sectionGridClass } from "./layout";

/** The layout classes moved to layout.ts, shared with the builder's canvas; these names stay for older imports. */
export { SECTION_GRID_CLASS, columnClass } from "./layout";

const ElementView = memo(function ElementView({ element }: { element: RenderElement }) {
  const Render = rendererFor(element.type);
  return (
    <div className={`${elementClass(element.type)} ${hideClasses(element.hide)}`} data-element-id={element.id}>
      <Render element={element} />
    </div>
  );
});

/**
 * A block's per-device rules come made (device-css.ts `withDeviceCss`, run by the server, the export and the
 * preview): the public JavaScript carries no CSS generator, and hydration finds the same <style>.
 */
const BlockView = memo(function BlockView({ block }: { block: RenderBlock & { deviceCss?: string } }) {
  const style = safeStyle(block.styles);
  const deviceCss = block.deviceCss;
  return (
    <section className={`doc-block ${hideClasses(block.hide)}`} style={style} data-block-id={block.id}>
      <div className={BLOCK_INNER_CLASS}>
        {block.sections.map((section) => (
          <div key={section.id} className={`${sectionGridClass(section)} ${lookClass(section)}`} style={lookStyle(section)} data-section-id={section.id}>
            <LayerBackground background={section.background} />
            {section.columns.map((col, _i, columns) => (
              <div key={col.id} className={`${columnClass(col, hasMobileWidths(columns))} ${lookClass(col)}`} style={lookStyle(col)} data-column-id={col.id}>
                <LayerBackground background={col.background} />
                {col.elements.map((el) => (
                  <ElementView key={el.id} element={el} />
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
      {deviceCss ? <style dangerouslySetInnerHTML={{ __html: deviceCss }} /> : null}
    </section>
  );
});

export function DocumentView({ doc }: { doc: RenderDocument }) {
  return (
    <div className={DOC_ROOT_CLASS}>
      {doc.blocks.map((b) => (
        <BlockView key={b.id} block={b} />
      ))}
    </div>
  );
}
