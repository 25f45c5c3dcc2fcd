import { effectiveWidth, maxWidthAt, type Device, type SmallDevice } from "./devices";
import { newId } from "./ids";
import type { Block, Column, PageDocument, PageElement, Section } from "./schema";
import { findElementWhere, mapChanged, mapColumns } from "./walk";

/**
 * Pure operations on a page document. Each returns a new document (untouched branches are shared, so
 * memoised views skip them) and keeps every id unique. Unknown ids leave the document unchanged.
 */

function mapBlocks(doc: PageDocument, fn: (b: Block) => Block): PageDocument {
  const blocks = mapChanged(doc.blocks, fn);
  return blocks ? { ...doc, blocks } : doc;
}

function mapSections(doc: PageDocument, fn: (s: Section) => Section): PageDocument {
  return mapBlocks(doc, (b) => {
    const sections = mapChanged(b.sections, fn);
    return sections ? { ...b, sections } : b;
  });
}

/** A copy of the item `id` (new ids) placed right after it, or undefined when `items` does not hold it. */
function copyAfter<T extends { id: string }>(items: readonly T[], id: string, clone: (item: T) => T): { items: T[]; id: string } | undefined {
  const i = items.findIndex((item) => item.id === id);
  if (i < 0) return undefined;
  const copy = clone(items[i]);
  const out = items.slice();
  out.splice(i + 1, 0, copy);
  return { items: out, id: copy.id };
}

function moveInArray<T>(items: readonly T[], from: number, to: number): T[] {
  const out = items.slice();
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

function cloneElement(el: PageElement): PageElement {
  return { ...el, id: newId("element-"), styles: { ...el.styles }, ...(el.hide ? { hide: { ...el.hide } } : {}) };
}
function cloneColumn(col: Column): Column {
  return { ...col, id: newId("column-"), elements: col.elements.map(cloneElement) };
}
function cloneSection(s: Section): Section {
  return { id: newId("section-"), columns: s.columns.map(cloneColumn) };
}
export function cloneBlock(b: Block): Block {
  return { ...b, id: newId("block-"), styles: { ...b.styles }, sections: b.sections.map(cloneSection) };
}

export function findElement(doc: PageDocument, elementId: string): PageElement | undefined {
  return findElementWhere(doc, (e) => e.id === elementId);
}

export function findBlock(doc: PageDocument, blockId: string): Block | undefined {
  return doc.blocks.find((b) => b.id === blockId);
}

// ── Blocks ──────────────────────────────────────────────────────────────────────────────────────
export function insertBlock(doc: PageDocument, block: Block, index = doc.blocks.length): PageDocument {
  const blocks = doc.blocks.slice();
  blocks.splice(Math.max(0, Math.min(index, blocks.length)), 0, block);
  return { ...doc, blocks };
}

export function appendBlock(doc: PageDocument, block: Block): PageDocument {
  return { ...doc, blocks: [...doc.blocks, cloneBlock(block)] };
}

export function moveBlock(doc: PageDocument, from: number, to: number): PageDocument {
  if (from === to) return doc;
  return { ...doc, blocks: moveInArray(doc.blocks, from, to) };
}

export function duplicateBlock(doc: PageDocument, blockId: string) {
  const copied = copyAfter(doc.blocks, blockId, cloneBlock);
  return copied ? { doc: { ...doc, blocks: copied.items }, id: copied.id } : { doc, id: undefined };
}

export function deleteBlock(doc: PageDocument, blockId: string): PageDocument {
  const blocks = doc.blocks.filter((b) => b.id !== blockId);
  return blocks.length === doc.blocks.length ? doc : { ...doc, blocks };
}

export function updateBlock(doc: PageDocument, blockId: string, patch: Partial<Pick<Block, "styles" | "hide" | "deviceStyles">>) {
  return mapBlocks(doc, (b) => (b.id === blockId ? { ...b, ...patch } : b));
}

// ── Sections ────────────────────────────────────────────────────────────────────────────────────
export function moveSection(doc: PageDocument, blockId: string, from: number, to: number): PageDocument {
  if (from === to) return doc;
  return mapBlocks(doc, (b) => (b.id === blockId ? { ...b, sections: moveInArray(b.sections, from, to) } : b));
}

export function duplicateSection(doc: PageDocument, sectionId: string) {
  let id: string | undefined;
  const next = mapBlocks(doc, (b) => {
    const copied = copyAfter(b.sections, sectionId, cloneSection);
    id ??= copied?.id;
    return copied ? { ...b, sections: copied.items } : b;
  });
  return { doc: next, id };
}

export function deleteSection(doc: PageDocument, sectionId: string): PageDocument {
  return mapBlocks(doc, (b) => (b.sections.some((s) => s.id === sectionId) ? { ...b, sections: b.sections.filter((s) => s.id !== sectionId) } : b));
}

/** A section's or column's own look (issue 21): styles, per-device overrides, visibility, background. */
export type LayerLook = Partial<Pick<Section, "styles" | "deviceStyles" | "hide" | "background">>;

/** The section or column `id` with `patch` applied (the same document when no node has that id). */
export function updateLayer(doc: PageDocument, id: string, patch: LayerLook): PageDocument {
  return mapBlocks(doc, (b) => {
    let changed = false;
    const sections = b.sections.map((s) => {
      if (s.id === id) {
        changed = true;
        return { ...s, ...patch };
      }
      if (!s.columns.some((c) => c.id === id)) return s;
      changed = true;
      return { ...s, columns: s.columns.map((c) => (c.id === id ? { ...c, ...patch } : c)) };
    });
    return changed ? { ...b, sections } : b;
  });
}

/** The section or column `id`, or undefined. */
export function findLayer(doc: PageDocument, id: string): Section | Column | undefined {
  for (const b of doc.blocks)
    for (const s of b.sections) {
      if (s.id === id) return s;
      const c = s.columns.find((x) => x.id === id);
      if (c) return c;
    }
  return undefined;
}

// ── Columns ─────────────────────────────────────────────────────────────────────────────────────
export const MIN_COLUMN_WIDTH = 1;
export const MAX_COLUMN_WIDTH = 12;

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return MIN_COLUMN_WIDTH;
  return Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.round(width)));
}

/**
 * Sets a column's width at `device` (desktop: `width`; tablet, mobile: that device's own width, desktop
 * untouched). Clamped so that no row of the section passes 12 on that device, nor on a smaller one that
 * inherits the width (devices.ts `maxWidthAt`): a column in a full row cannot grow.
 */
export function resizeColumn(doc: PageDocument, columnId: string, width: number, device: Device = "desktop"): PageDocument {
  return mapSections(doc, (s) => {
    const i = s.columns.findIndex((c) => c.id === columnId);
    if (i < 0) return s;
    const col = s.columns[i];
    const w = Math.min(clampWidth(width), maxWidthAt(s.columns, i, device));
    let next: Column;
    if (device === "desktop") next = col.width === w ? col : { ...col, width: w };
    else next = col.deviceWidths?.[device] === w ? col : { ...col, deviceWidths: { ...col.deviceWidths, [device]: w } };
    if (next === col) return s;
    const columns = s.columns.slice();
    columns[i] = next;
    return { ...s, columns };
  });
}

/** "Rétablir": the column inherits its width again at `device` (tablet: desktop's; mobile: full width). */
export function resetColumnWidth(doc: PageDocument, columnId: string, device: SmallDevice): PageDocument {
  return mapColumns(doc, (c) => {
    if (c.id !== columnId || c.deviceWidths?.[device] === undefined) return c;
    const { [device]: _gone, ...rest } = c.deviceWidths;
    const { deviceWidths: _old, ...col } = c;
    return Object.keys(rest).length ? { ...col, deviceWidths: rest } : col;
  });
}

/** A column's width at `device`, for announcements and tests. */
export function columnWidthAt(doc: PageDocument, columnId: string, device: Device): number | undefined {
  for (const b of doc.blocks) for (const s of b.sections) for (const c of s.columns) if (c.id === columnId) return effectiveWidth(c, device);
  return undefined;
}

// ── Elements ────────────────────────────────────────────────────────────────────────────────────
export function insertElement(doc: PageDocument, columnId: string, el: PageElement, index?: number): PageDocument {
  return mapColumns(doc, (c) => {
    if (c.id !== columnId) return c;
    const elements = c.elements.slice();
    const at = index === undefined ? elements.length : Math.max(0, Math.min(index, elements.length));
    elements.splice(at, 0, el);
    return { ...c, elements };
  });
}

export function updateElement(doc: PageDocument, elementId: string, patch: Partial<Omit<PageElement, "id" | "type">>): PageDocument {
  return mapColumns(doc, (c) =>
    c.elements.some((e) => e.id === elementId) ? { ...c, elements: c.elements.map((e) => (e.id === elementId ? { ...e, ...patch } : e)) } : c,
  );
}

export function duplicateElement(doc: PageDocument, elementId: string) {
  let id: string | undefined;
  const next = mapColumns(doc, (c) => {
    const copied = copyAfter(c.elements, elementId, cloneElement);
    id ??= copied?.id;
    return copied ? { ...c, elements: copied.items } : c;
  });
  return { doc: next, id };
}

export function deleteElement(doc: PageDocument, elementId: string): PageDocument {
  return mapColumns(doc, (c) => (c.elements.some((e) => e.id === elementId) ? { ...c, elements: c.elements.filter((e) => e.id !== elementId) } : c));
}

/** Moves an element to `toIndex` in column `toColumnId` (the same column or another). */
export function moveElement(doc: PageDocument, elementId: string, toColumnId: string, toIndex: number): PageDocument {
  const el = findElement(doc, elementId);
  if (!el) return doc;
  let targetExists = false;
  mapColumns(doc, (c) => {
    if (c.id === toColumnId) targetExists = true;
    return c;
  });
  if (!targetExists) return doc;
  return insertElement(deleteElement(doc, elementId), toColumnId, el, toIndex);
}

/** Every id in the document, in document order (used by tests and by the server's duplicate check). */
export function collectIds(doc: PageDocument): string[] {
  const ids: string[] = [];
  for (const b of doc.blocks) {
    ids.push(b.id);
    for (const s of b.sections) {
      ids.push(s.id);
      for (const c of s.columns) {
        ids.push(c.id);
        for (const e of c.elements) ids.push(e.id);
      }
    }
  }
  return ids;
}
