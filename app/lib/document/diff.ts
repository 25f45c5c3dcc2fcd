import { sameValue } from "./same";
import { walkElements, type ColumnLike, type DocumentTree, type SectionLike } from "./walk";

/**
 * What changed between two versions of a page document (issue 25 §4, decision 050): blocks, sections and
 * elements matched by their ids — ids survive every edit but a copy, so an id in both versions is the same
 * node — each classified as added, removed, changed or the same, and marked moved when it left its parent
 * or its place among the siblings both versions share. Pure and structural, like walk.ts: it serves the
 * stored, render and builder documents alike. Texts are compared word by word for display elsewhere
 * (builder/text-diff.ts); here a changed element only names the fields that differ.
 */
export type DiffKind = "same" | "added" | "removed" | "changed";

interface ElementLike {
  id: string;
}
/** The document's shape, shared with walk.ts: the stored, render and builder documents all fit it. */
export type DocLike<E> = DocumentTree<E>;

export interface ElementDiff<E> {
  id: string;
  kind: DiffKind;
  /** In both versions, but under another column or out of the order the shared siblings keep. */
  moved: boolean;
  before?: E;
  after?: E;
  /** The element's fields that differ ("content", "styles", "href"…), for a changed element. */
  fields: string[];
}

export interface SectionDiff<S, E> {
  id: string;
  kind: DiffKind;
  moved: boolean;
  before?: S;
  after?: S;
  /** The section's own settings or its columns (widths, looks, number) differ. */
  ownChanged: boolean;
  /** Every element of either version, in the newer version's order, removed ones beside their old neighbours. */
  elements: ElementDiff<E>[];
}

export interface BlockDiff<B, S, E> {
  id: string;
  kind: DiffKind;
  moved: boolean;
  before?: B;
  after?: B;
  ownChanged: boolean;
  sections: SectionDiff<S, E>[];
  /** Index in each version (-1 when absent). */
  beforeIndex: number;
  afterIndex: number;
}

export interface DocumentDiff<B, S, E> {
  blocks: BlockDiff<B, S, E>[];
  counts: { added: number; removed: number; changed: number; moved: number };
  /** Nothing differs at any level. */
  same: boolean;
}

type BlockOf<D extends DocLike<ElementLike>> = D["blocks"][number];
type SectionOf<D extends DocLike<ElementLike>> = BlockOf<D>["sections"][number];
type ElementOf<D extends DocLike<ElementLike>> = SectionOf<D>["columns"][number]["elements"][number];
/** The difference between two documents of type D. */
export type DiffOf<D extends DocLike<ElementLike>> = DocumentDiff<BlockOf<D>, SectionOf<D>, ElementOf<D>>;

/**
 * The ids of both lists in one order: the newer list's, each item only in the older list placed right
 * after its nearest older neighbour that is still there and did not move (first when none), so a removed
 * block shows where it was.
 */
export function unionOrder(before: readonly string[], after: readonly string[], moved: ReadonlySet<string> = new Set()): string[] {
  const inAfter = new Set(after);
  const runs = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const id of before) {
    if (inAfter.has(id)) {
      if (!moved.has(id)) anchor = id;
    } else {
      const run = runs.get(anchor);
      if (run) run.push(id);
      else runs.set(anchor, [id]);
    }
  }
  const out = [...(runs.get(null) ?? [])];
  for (const id of after) {
    out.push(id);
    const run = runs.get(id);
    if (run) out.push(...run);
  }
  return out;
}

/**
 * The ids of `after` (limited to those also in `before`) that left the order they had in `before`: all but a
 * longest run that kept its relative order (a longest increasing subsequence), so moving one block down
 * marks that block, not every block it passed.
 */
export function movedIds(before: readonly string[], after: readonly string[]): Set<string> {
  const index = new Map(before.map((id, i) => [id, i]));
  const shared = after.filter((id) => index.has(id));
  const seq = shared.map((id) => index.get(id)!);
  // Patience sorting with back-links: O(n log n), fine for a thousand elements.
  const tails: number[] = [];
  const prev = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const kept = new Set<string>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(shared[i]);
  return new Set(shared.filter((id) => !kept.has(id)));
}

/** The keys whose values differ, children left out (they are compared on their own). */
function changedFields(a: object, b: object, skip: string): string[] {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  keys.delete(skip);
  return [...keys].filter((k) => !sameValue(x[k], y[k])).sort();
}

/** A section's own settings and its columns' (id, width, looks), elements left out. */
function sectionShellChanged<E>(a: SectionLike<E>, b: SectionLike<E>): boolean {
  if (changedFields(a, b, "columns").length > 0) return true;
  if (a.columns.length !== b.columns.length) return true;
  return a.columns.some((c, i) => changedFields(c, b.columns[i], "elements").length > 0);
}

interface Place {
  parent: string;
}

function diffElements<E extends ElementLike>(
  before: readonly ColumnLike<E>[],
  after: readonly ColumnLike<E>[],
  beforePlace: Map<string, Place>,
  afterPlace: Map<string, Place>,
): ElementDiff<E>[] {
  const out: ElementDiff<E>[] = [];
  const beforeCols = new Map(before.map((c) => [c.id, c]));
  const afterCols = new Map(after.map((c) => [c.id, c]));
  const columnIds = unionOrder(
    before.map((c) => c.id),
    after.map((c) => c.id),
  );
  for (const cid of columnIds) {
    const b = beforeCols.get(cid)?.elements ?? [];
    const a = afterCols.get(cid)?.elements ?? [];
    const bById = new Map(b.map((e) => [e.id, e]));
    const aById = new Map(a.map((e) => [e.id, e]));
    const moved = movedIds(
      b.map((e) => e.id),
      a.map((e) => e.id),
    );
    const order = unionOrder(
      b.map((e) => e.id),
      a.map((e) => e.id),
      moved,
    );
    for (const id of order) {
      const x = bById.get(id);
      const y = aById.get(id);
      if (x && y) {
        const fields = x === y ? [] : changedFields(x, y, "");
        out.push({ id, kind: fields.length ? "changed" : "same", moved: moved.has(id), before: x, after: y, fields });
      } else if (y) {
        // In the older version under another column: moved there, compared with what it was.
        const elsewhere = beforePlace.has(id);
        out.push({ id, kind: "added", moved: elsewhere, after: y, fields: [] });
      } else if (x) {
        // Still in the newer version, elsewhere: shown where it went, not as removed here.
        if (afterPlace.has(id)) continue;
        out.push({ id, kind: "removed", moved: false, before: x, fields: [] });
      }
    }
  }
  return out;
}

function placesOf<E extends ElementLike>(doc: DocLike<E>): { elements: Map<string, Place & { element: E }>; sections: Map<string, Place> } {
  const elements = new Map<string, Place & { element: E }>();
  const sections = new Map<string, Place>();
  for (const b of doc.blocks) for (const s of b.sections) sections.set(s.id, { parent: b.id });
  walkElements(doc, (e, place) => {
    elements.set(e.id, { parent: place.columnId, element: e });
  });
  return { elements, sections };
}

/** Marks an element that arrived from another column as moved (and changed when it also changed on the way). */
function settleCrossMoves<E extends ElementLike>(list: ElementDiff<E>[], beforeElements: Map<string, Place & { element: E }>) {
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    if (d.kind !== "added" || !d.moved || !d.after) continue;
    const was = beforeElements.get(d.id)!.element;
    const fields = changedFields(was, d.after, "");
    list[i] = { ...d, kind: fields.length ? "changed" : "same", before: was, fields };
  }
}

function sectionKind(own: boolean, elements: readonly ElementDiff<unknown>[]): DiffKind {
  return own || elements.some((e) => e.kind !== "same" || e.moved) ? "changed" : "same";
}

/** The difference from `before` to `after` (a revision and the draft, two revisions, theirs and mine). */
export function diffDocuments<D extends DocLike<ElementLike>>(before: D, after: D): DiffOf<D> {
  type B = BlockOf<D>;
  type S = SectionOf<D>;
  type E = ElementOf<D>;
  const bPlaces = placesOf<E>(before as DocLike<E>);
  const aPlaces = placesOf<E>(after as DocLike<E>);
  const bBlocks = new Map(before.blocks.map((b, i) => [b.id, { b, i }]));
  const aBlocks = new Map(after.blocks.map((b, i) => [b.id, { b, i }]));
  const movedBlocks = movedIds(
    before.blocks.map((b) => b.id),
    after.blocks.map((b) => b.id),
  );
  const blockIds = unionOrder(
    before.blocks.map((b) => b.id),
    after.blocks.map((b) => b.id),
    movedBlocks,
  );
  const counts = { added: 0, removed: 0, changed: 0, moved: 0 };
  const blocks: BlockDiff<B, S, E>[] = [];

  const sectionsOf = (x: B | undefined, y: B | undefined): SectionDiff<S, E>[] => {
    const bs = (x?.sections ?? []) as readonly S[];
    const as = (y?.sections ?? []) as readonly S[];
    const bById = new Map(bs.map((s) => [(s as SectionLike<E>).id, s]));
    const aById = new Map(as.map((s) => [(s as SectionLike<E>).id, s]));
    const ids = (l: readonly S[]) => l.map((s) => (s as SectionLike<E>).id);
    const moved = movedIds(ids(bs), ids(as));
    const out: SectionDiff<S, E>[] = [];
    for (const id of unionOrder(ids(bs), ids(as), moved)) {
      let sb = bById.get(id) as SectionLike<E> | undefined;
      const sa = aById.get(id) as SectionLike<E> | undefined;
      let movedHere = moved.has(id);
      // A section that came from another block is compared with what it was there.
      if (sa && !sb && bPlaces.sections.has(id)) {
        sb = before.blocks.find((blk) => blk.id === bPlaces.sections.get(id)!.parent)!.sections.find((s) => s.id === id) as SectionLike<E>;
        movedHere = true;
      }
      if (sb && !sa && aPlaces.sections.has(id)) continue;
      const elements = sb === sa ? sameElements(sa!.columns) : diffElements<E>(sb?.columns ?? [], sa?.columns ?? [], bPlaces.elements, aPlaces.elements);
      settleCrossMoves(elements, bPlaces.elements);
      const own = Boolean(sb && sa && sb !== sa && sectionShellChanged(sb, sa));
      // An element that left for another section changes this one too, though it is listed where it went.
      const left = Boolean(sb && sa && sb !== sa && departed(sb.columns, sa.columns, aPlaces.elements));
      const kind: DiffKind = !sb ? "added" : !sa ? "removed" : sectionKind(own || left, elements);
      out.push({ id, kind, moved: movedHere, before: sb as S | undefined, after: sa as S | undefined, ownChanged: own, elements });
    }
    return out;
  };

  for (const id of blockIds) {
    const x = bBlocks.get(id);
    const y = aBlocks.get(id);
    const sections = sectionsOf(x?.b, y?.b);
    const own = Boolean(x && y && x.b !== y.b && changedFields(x.b, y.b, "sections").length > 0);
    // A section that left for another block changes this one too (it is listed where it went).
    const left = Boolean(x && y && x.b.sections.some((s) => !y.b.sections.some((t) => t.id === s.id) && aPlaces.sections.has(s.id)));
    const kind: DiffKind = !x ? "added" : !y ? "removed" : own || left || sections.some((s) => s.kind !== "same" || s.moved) ? "changed" : "same";
    const moved = movedBlocks.has(id);
    blocks.push({ id, kind, moved, before: x?.b, after: y?.b, ownChanged: own, sections, beforeIndex: x?.i ?? -1, afterIndex: y?.i ?? -1 });
    if (kind === "added" || kind === "removed" || kind === "changed") counts[kind]++;
    if (moved) counts.moved++;
  }
  return { blocks, counts, same: counts.added + counts.removed + counts.changed + counts.moved === 0 };
}

/** Whether an element of the older columns now sits in another section (it is listed there, not here). */
function departed<E extends ElementLike>(before: readonly ColumnLike<E>[], after: readonly ColumnLike<E>[], newer: Map<string, Place>): boolean {
  const here = new Set<string>();
  for (const c of after) for (const e of c.elements) here.add(e.id);
  for (const c of before) for (const e of c.elements) if (!here.has(e.id) && newer.has(e.id)) return true;
  return false;
}

/** The element list of a section both versions share as one object: all the same, nothing compared. */
function sameElements<E extends ElementLike>(columns: readonly ColumnLike<E>[]): ElementDiff<E>[] {
  const out: ElementDiff<E>[] = [];
  for (const c of columns) for (const e of c.elements) out.push({ id: e.id, kind: "same", moved: false, before: e, after: e, fields: [] });
  return out;
}
