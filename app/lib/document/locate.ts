import type { PageDocument } from "./schema";
import { walkElements } from "./walk";

/** Where a node sits in the document: used by keyboard moves and the settings panel. */
interface ElementLocation {
  blockId: string;
  sectionId: string;
  columnId: string;
  /** Column ids of the section, in order (for moving an element to a neighbouring column). */
  siblingColumns: string[];
  index: number;
  count: number;
}

export function locateElement(doc: PageDocument, elementId: string): ElementLocation | null {
  let found: ElementLocation | null = null;
  walkElements(doc, (e, at) => {
    if (e.id !== elementId) return true;
    const [bi, si, ci, index] = at.path;
    const section = doc.blocks[bi].sections[si];
    const count = section.columns[ci].elements.length;
    found = { blockId: at.blockId, sectionId: at.sectionId, columnId: at.columnId, siblingColumns: section.columns.map((x) => x.id), index, count };
    return false;
  });
  return found;
}

export function locateSection(doc: PageDocument, sectionId: string): { blockId: string; index: number; count: number } | null {
  for (const b of doc.blocks) {
    const index = b.sections.findIndex((s) => s.id === sectionId);
    if (index >= 0) return { blockId: b.id, index, count: b.sections.length };
  }
  return null;
}

/** The column a new element goes to: the selected element's column, else the selected block's last column. */
export function targetColumn(doc: PageDocument, selected: { kind: "block" | "section" | "column" | "element"; id: string } | null): string | null {
  if (selected?.kind === "element") return locateElement(doc, selected.id)?.columnId ?? null;
  if (selected?.kind === "column") return selected.id;
  if (selected?.kind === "section") {
    const section = doc.blocks.flatMap((b) => b.sections).find((s) => s.id === selected.id);
    return section?.columns[section.columns.length - 1]?.id ?? null;
  }
  const block = selected?.kind === "block" ? doc.blocks.find((b) => b.id === selected.id) : doc.blocks[doc.blocks.length - 1];
  const section = block?.sections[block.sections.length - 1];
  return section?.columns[section.columns.length - 1]?.id ?? null;
}
