import type { DragMoveEvent } from "@dnd-kit/core";
import type { PageDocument } from "~/lib/document/schema";
import { columnDropAt, type DragData } from "./dnd";

/**
 * The drop placeholder of an element dragged over another block (issue 12 §8). Each block is its own
 * drag scope (decision 006), so the other block's sortable list does not open a gap for it: this draws,
 * over the page, the column that will take it (as a column being dropped on in its own block) and a bar
 * where it will land, from the same rule as the drop itself (dnd.ts columnDropAt). One node for the whole
 * builder, moved by hand: nothing of the canvas re-renders while dragging.
 */
let node: HTMLDivElement | null = null;

const TEAL = "#78c6bb";

function ensureNode(): HTMLDivElement {
  if (node?.isConnected) return node;
  node = document.createElement("div");
  node.setAttribute("data-testid", "cross-block-placeholder");
  node.setAttribute("aria-hidden", "true");
  Object.assign(node.style, {
    position: "fixed",
    pointerEvents: "none",
    zIndex: "95",
    border: `2px dashed ${TEAL}`,
    borderRadius: "4px",
    background: "rgba(120, 198, 187, 0.12)",
    boxSizing: "border-box",
  });
  const bar = document.createElement("div");
  bar.setAttribute("data-placeholder-bar", "");
  Object.assign(bar.style, { position: "absolute", left: "6px", right: "6px", height: "6px", borderRadius: "3px", background: TEAL });
  node.appendChild(bar);
  document.body.appendChild(node);
  return node;
}

export function hideCrossBlockPlaceholder(): void {
  node?.remove();
  node = null;
}

/** Where the pointer is during a pointer drag (null for a keyboard drag). */
export function pointerOf(event: Pick<DragMoveEvent, "activatorEvent" | "delta">): { x: number; y: number } | null {
  const start = event.activatorEvent;
  if (!start || !("clientX" in start) || typeof start.clientX !== "number") return null;
  return { x: start.clientX + event.delta.x, y: (start as MouseEvent).clientY + event.delta.y };
}

/**
 * The bar's offset from the column's top: before the element it will land before, else after the last
 * element that stays, else in the column's middle (an empty column).
 */
function barOffset(col: Element, doc: PageDocument, columnId: string, index: number, activeId: string): number {
  const box = col.getBoundingClientRect();
  const column = doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns)).find((c) => c.id === columnId);
  const ids = (column?.elements ?? []).map((e) => e.id);
  const rect = (id: string | undefined) =>
    id && id !== activeId ? col.querySelector(`[data-builder-element="${CSS.escape(id)}"]`)?.getBoundingClientRect() : undefined;
  const before = rect(ids[index]);
  if (before) return before.top - box.top - 5;
  const last = rect(ids.filter((id) => id !== activeId).at(-1));
  if (last) return last.bottom - box.top + 1;
  return box.height / 2 - 3;
}

function blockOf(doc: PageDocument, columnId: string): string | undefined {
  return doc.blocks.find((b) => b.sections.some((s) => s.columns.some((c) => c.id === columnId)))?.id;
}

/** Shows, moves or hides the placeholder for one move of a drag in a block's scope. */
export function showCrossBlockPlaceholder(doc: PageDocument, event: DragMoveEvent): void {
  const a = event.active.data.current as DragData | undefined;
  const at = pointerOf(event);
  // Over a target of its own block, the block's sortable list shows where it goes.
  if (a?.type !== "element" || event.over || !at) return hideCrossBlockPlaceholder();
  const activeId = String(event.active.id);
  const drop = columnDropAt(doc, activeId, at.x, at.y, (px, py) => document.elementsFromPoint(px, py));
  const col = drop ? document.querySelector(`[data-builder-column="${CSS.escape(drop.columnId)}"]`) : null;
  // Within its own block (a column the block's sortable list does not cover), the column's own highlight shows it.
  if (!drop || !col || blockOf(doc, drop.columnId) === blockOf(doc, a.columnId)) return hideCrossBlockPlaceholder();
  const box = col.getBoundingClientRect();
  const el = ensureNode();
  Object.assign(el.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
  el.setAttribute("data-column", drop.columnId);
  el.setAttribute("data-index", String(drop.index));
  (el.firstChild as HTMLElement).style.top = `${barOffset(col, doc, drop.columnId, drop.index, activeId)}px`;
}
