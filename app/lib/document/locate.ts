import type { PageDocument } from "./schema";

/** Where a node sits in the document: used by keyboard moves and the settings panel. */
export interface ElementLocation {
  blockId: string;
  sectionId: string;
  columnId: string;
  /** Column ids of the section, in order (for moving an element to a neighbouring column). */
  siblingColumns: string[];
  index: number;
  count: number;
}

export function locateElement(doc: PageDocument, elementId: string): ElementLocation | null {
  for (const b of doc.blocks)
    for (const s of b.sections)
      for (const c of s.columns) {
        const index = c.elements.findIndex((e) => e.id === elementId);
        if (index >= 0) {
          return { blockId: b.id, sectionId: s.id, columnId: c.id, siblingColumns: s.columns.map((x) => x.id), index, count: c.elements.length };
        }
      }
  return null;
}

export function locateSection(doc: PageDocument, sectionId: string): { blockId: string; index: number; count: number } | null {
  for (const b of doc.blocks) {
    const index = b.sections.findIndex((s) => s.id === sectionId);
    if (index >= 0) return { blockId: b.id, index, count: b.sections.length };
  }
  return null;
}

/** The column a new element goes to: the selected element's column, else the selected block's last column. */
export function targetColumn(doc: PageDocument, selected: { kind: "block" | "element"; id: string } | null): string | null {
  if (selected?.kind === "element") return locateElement(doc, selected.id)?.columnId ?? null;
  const block = selected?.kind === "block" ? doc.blocks.find((b) => b.id === selected.id) : doc.blocks[doc.blocks.length - 1];
  const section = block?.sections[block.sections.length - 1];
  return section?.columns[section.columns.length - 1]?.id ?? null;
}
