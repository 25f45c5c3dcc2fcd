import { sizeRef, type SizeKey } from "~/lib/design/tokens";
import { insertBlock, insertElement } from "~/lib/document/ops";
import type { ElementType, PageDocument, PageElement } from "~/lib/document/schema";
import { createBlock, createElement, type BlockLayout } from "./defaults";

/*
 * New nodes from the palette: the element types' defaults (defaults.ts) placed by the document's pure
 * operations (document/ops.ts), which know nothing of what a new element looks like.
 */

/** The level of the last heading before position `index` of column `columnId` (document order), or null. */
function headingBefore(doc: PageDocument, columnId: string, index: number | undefined): number | null {
  let last: number | null = null;
  for (const b of doc.blocks)
    for (const s of b.sections)
      for (const c of s.columns) {
        const stop = c.id === columnId;
        const upTo = stop ? Math.min(index ?? c.elements.length, c.elements.length) : c.elements.length;
        for (let i = 0; i < upTo; i++) if (c.elements[i].type === "heading") last = c.elements[i].level ?? 2;
        if (stop) return last;
      }
  return last;
}

/**
 * A new heading takes the next level after the last heading above where it is inserted (an h1 is
 * followed by an h2, an h2 by an h3…, up to h4), and the size of that level in the type scale. With no
 * heading above it is an h2 (a page has one h1, usually its hero's).
 */
export function onBrandElement(doc: PageDocument, columnId: string, index: number | undefined, el: PageElement): PageElement {
  if (el.type !== "heading") return el;
  const last = headingBefore(doc, columnId, index);
  const level = Math.min(4, Math.max(2, last === null ? 2 : last + 1));
  return { ...el, level, styles: { ...el.styles, fontSize: sizeRef(`h${level}` as SizeKey), fontWeight: level <= 2 ? "800" : "700" } };
}

export function addBlock(doc: PageDocument, layout: BlockLayout, index = doc.blocks.length) {
  const block = createBlock(layout);
  return { doc: insertBlock(doc, block, index), id: block.id };
}

export function addElement(doc: PageDocument, columnId: string, type: ElementType, index?: number) {
  const el = onBrandElement(doc, columnId, index, createElement(type));
  const next = insertElement(doc, columnId, el, index);
  return { doc: next, id: next === doc ? undefined : el.id };
}
