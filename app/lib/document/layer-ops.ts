import { moveBlock, moveElement, moveSection } from "./ops";
import type { PageDocument, Section } from "./schema";

/**
 * Moves of the Structure panel, as pure document operations (the same ones the canvas uses where they
 * exist): a node dropped on another node takes its place; an element dropped on a column goes to its end,
 * a section dropped on a block to its end. A move that makes no sense (a block on an element, a column to
 * another section, whose widths would no longer add up) leaves the document unchanged.
 */

type Kind = "block" | "section" | "column" | "element";
const kindOf = (id: string): Kind | null => {
  const k = id.slice(0, id.indexOf("-"));
  return k === "block" || k === "section" || k === "column" || k === "element" ? k : null;
};

interface Place {
  blockIndex: number;
  sectionIndex: number;
  columnIndex: number;
  elementIndex: number;
}

/** Where a node is (indexes of its parents and itself, -1 below its level). */
export function placeOf(doc: PageDocument, id: string): Place | null {
  for (let b = 0; b < doc.blocks.length; b++) {
    const block = doc.blocks[b];
    if (block.id === id) return { blockIndex: b, sectionIndex: -1, columnIndex: -1, elementIndex: -1 };
    for (let s = 0; s < block.sections.length; s++) {
      const section = block.sections[s];
      if (section.id === id) return { blockIndex: b, sectionIndex: s, columnIndex: -1, elementIndex: -1 };
      for (let c = 0; c < section.columns.length; c++) {
        const column = section.columns[c];
        if (column.id === id) return { blockIndex: b, sectionIndex: s, columnIndex: c, elementIndex: -1 };
        const e = column.elements.findIndex((x) => x.id === id);
        if (e >= 0) return { blockIndex: b, sectionIndex: s, columnIndex: c, elementIndex: e };
      }
    }
  }
  return null;
}

export function moveColumn(doc: PageDocument, sectionId: string, from: number, to: number): PageDocument {
  if (from === to) return doc;
  let changed = false;
  const blocks = doc.blocks.map((b) => {
    const i = b.sections.findIndex((s) => s.id === sectionId);
    if (i < 0) return b;
    const s = b.sections[i];
    if (from < 0 || from >= s.columns.length || to < 0 || to >= s.columns.length) return b;
    const columns = s.columns.slice();
    const [col] = columns.splice(from, 1);
    columns.splice(to, 0, col);
    changed = true;
    const sections = b.sections.slice();
    sections[i] = { ...s, columns };
    return { ...b, sections };
  });
  return changed ? { ...doc, blocks } : doc;
}

/** Moves a section to `index` among the sections of block `toBlockId` (the same block or another). */
function moveSectionTo(doc: PageDocument, sectionId: string, toBlockId: string, index: number): PageDocument {
  const from = placeOf(doc, sectionId);
  const target = doc.blocks.findIndex((b) => b.id === toBlockId);
  if (!from || from.sectionIndex < 0 || from.columnIndex >= 0 || target < 0) return doc;
  if (doc.blocks[from.blockIndex].id === toBlockId)
    return moveSection(doc, toBlockId, from.sectionIndex, Math.min(index, doc.blocks[target].sections.length - 1));
  const section: Section = doc.blocks[from.blockIndex].sections[from.sectionIndex];
  const blocks = doc.blocks.slice();
  blocks[from.blockIndex] = { ...blocks[from.blockIndex], sections: blocks[from.blockIndex].sections.filter((s) => s.id !== sectionId) };
  const sections = blocks[target].sections.slice();
  sections.splice(Math.max(0, Math.min(index, sections.length)), 0, section);
  blocks[target] = { ...blocks[target], sections };
  return { ...doc, blocks };
}

/** The document after `activeId` is dropped on `overId` in the Structure panel. */
export function moveLayer(doc: PageDocument, activeId: string, overId: string): PageDocument {
  if (activeId === overId) return doc;
  const a = kindOf(activeId);
  const o = kindOf(overId);
  const from = placeOf(doc, activeId);
  const to = placeOf(doc, overId);
  if (!a || !o || !from || !to) return doc;
  if (a === "block" && o === "block") return moveBlock(doc, from.blockIndex, to.blockIndex);
  if (a === "section" && o === "section") return moveSectionTo(doc, activeId, doc.blocks[to.blockIndex].id, to.sectionIndex);
  if (a === "section" && o === "block") return moveSectionTo(doc, activeId, overId, doc.blocks[to.blockIndex].sections.length);
  if (a === "column" && o === "column") {
    if (from.blockIndex !== to.blockIndex || from.sectionIndex !== to.sectionIndex) return doc;
    return moveColumn(doc, doc.blocks[to.blockIndex].sections[to.sectionIndex].id, from.columnIndex, to.columnIndex);
  }
  if (a === "element" && o === "element") {
    const column = doc.blocks[to.blockIndex].sections[to.sectionIndex].columns[to.columnIndex];
    return moveElement(doc, activeId, column.id, to.elementIndex);
  }
  if (a === "element" && o === "column") {
    const column = doc.blocks[to.blockIndex].sections[to.sectionIndex].columns[to.columnIndex];
    const sameColumn = column.elements.some((e) => e.id === activeId);
    return moveElement(doc, activeId, overId, sameColumn ? column.elements.length - 1 : column.elements.length);
  }
  return doc;
}

/** One step up (-1) or down (+1) among its siblings: the keyboard shortcut of the panel (Alt + arrows). */
export function moveLayerBy(doc: PageDocument, id: string, delta: -1 | 1): { doc: PageDocument; index: number; count: number } | null {
  const p = placeOf(doc, id);
  const k = kindOf(id);
  if (!p || !k) return null;
  const siblings =
    k === "block"
      ? doc.blocks
      : k === "section"
        ? doc.blocks[p.blockIndex].sections
        : k === "column"
          ? doc.blocks[p.blockIndex].sections[p.sectionIndex].columns
          : doc.blocks[p.blockIndex].sections[p.sectionIndex].columns[p.columnIndex].elements;
  const index = k === "block" ? p.blockIndex : k === "section" ? p.sectionIndex : k === "column" ? p.columnIndex : p.elementIndex;
  const to = index + delta;
  if (to < 0 || to >= siblings.length) return null;
  return { doc: moveLayer(doc, id, siblings[to].id), index: to, count: siblings.length };
}
