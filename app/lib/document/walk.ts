/**
 * The one way to visit or transform every element of a page document (blocks → sections → columns →
 * elements). Typed structurally so it serves the stored document, the render document and the builder's.
 */

export interface ColumnLike<E> {
  id: string;
  elements: readonly E[];
}
export interface SectionLike<E> {
  id: string;
  columns: readonly ColumnLike<E>[];
}
export interface BlockLike<E> {
  id: string;
  sections: readonly SectionLike<E>[];
}
export interface DocumentTree<E> {
  blocks: readonly BlockLike<E>[];
}

/** The element type of a document type. */
type ElementOf<D extends DocumentTree<unknown>> = D["blocks"][number]["sections"][number]["columns"][number]["elements"][number];

/** Where an element sits: ids of its parents and its indexes, for messages that name the place. */
interface ElementPlace {
  blockId: string;
  sectionId: string;
  columnId: string;
  /** Indexes of block, section, column and element. */
  path: readonly [number, number, number, number];
}

/** Calls `visit` on every element in document order; returning `false` stops the walk. */
export function walkElements<E>(doc: DocumentTree<E>, visit: (element: E, place: ElementPlace) => void | boolean): void {
  const blocks = doc.blocks;
  for (let bi = 0; bi < blocks.length; bi++) {
    const b = blocks[bi];
    for (let si = 0; si < b.sections.length; si++) {
      const s = b.sections[si];
      for (let ci = 0; ci < s.columns.length; ci++) {
        const c = s.columns[ci];
        for (let ei = 0; ei < c.elements.length; ei++) {
          if (visit(c.elements[ei], { blockId: b.id, sectionId: s.id, columnId: c.id, path: [bi, si, ci, ei] }) === false) return;
        }
      }
    }
  }
}

/**
 * The first element that matches, or undefined. Its own loops, without walkElements' place object per
 * element: the builder's settings panel looks up the selected element on every store change, and on a page
 * of 1,000 elements those allocations were a visible part of each edit (decision 035).
 */
export function findElementWhere<E>(doc: DocumentTree<E>, test: (element: E) => boolean): E | undefined {
  for (const b of doc.blocks) for (const s of b.sections) for (const c of s.columns) for (const e of c.elements) if (test(e)) return e;
  return undefined;
}

/** The column type of a document type. */
type ColumnOf<D extends DocumentTree<unknown>> = D["blocks"][number]["sections"][number]["columns"][number];

/**
 * `items.map(fn)`, or undefined when `fn` returned every item unchanged: the caller then keeps its own
 * object, so branches where nothing changed stay the same objects (memoised views skip them).
 */
export function mapChanged<T>(items: readonly T[], fn: (item: T) => T): T[] | undefined {
  let changed = false;
  const out = items.map((item) => {
    const next = fn(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : undefined;
}

/** A new document with `fn` applied to every column; when no column changed the document itself comes back. */
export function mapColumns<D extends DocumentTree<unknown>>(doc: D, fn: (column: ColumnOf<D>) => ColumnOf<D>): D {
  const blocks = mapChanged(doc.blocks, (b) => {
    const sections = mapChanged(b.sections, (s) => {
      const columns = mapChanged(s.columns, (c) => fn(c as ColumnOf<D>));
      return columns ? { ...s, columns } : s;
    });
    return sections ? { ...b, sections } : b;
  });
  return blocks ? { ...doc, blocks } : doc;
}

/** A new document with `fn` applied to every element, sharing what did not change (see mapColumns). */
export function mapElements<D extends DocumentTree<unknown>>(doc: D, fn: (element: ElementOf<D>) => ElementOf<D>): D {
  return mapColumns(doc, (c) => {
    const elements = mapChanged(c.elements, (e) => fn(e as ElementOf<D>));
    return elements ? { ...c, elements } : c;
  });
}
