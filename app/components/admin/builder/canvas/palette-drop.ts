import type { DragEvent } from "react";
import { addElement } from "~/lib/elements/new-element";
import { ELEMENT_TYPES, type ElementType } from "~/lib/document/schema";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { commit, type BuilderStore } from "~/lib/builder/store";

/**
 * Elements dragged from the palette (side panel) onto the canvas (issue 11 §6), with the browser's own
 * drag and drop: the palette sits outside the canvas's drag scopes (one per block, decision 006), and a
 * native drag crosses them. The drop lands in the column under the pointer, before the first element
 * whose middle is below it. A click on a palette button still adds (the keyboard way).
 */
const MIME = "application/x-archimed-element";
const OVER_STYLE = "2px solid #78c6bb";

export function startPaletteDrag(e: DragEvent, type: ElementType) {
  e.dataTransfer.setData(MIME, type);
  e.dataTransfer.setData("text/plain", ELEMENT_REGISTRY[type].label);
  e.dataTransfer.effectAllowed = "copy";
}

/** The column under an event target and the index a drop at `y` takes in it. */
function paletteDropAt(target: EventTarget | null, y: number): { column: HTMLElement; columnId: string; index: number } | null {
  const column = (target as Element | null)?.closest?.<HTMLElement>("[data-builder-column]");
  const columnId = column?.getAttribute("data-builder-column");
  if (!column || !columnId) return null;
  let index = 0;
  for (const el of column.querySelectorAll<HTMLElement>("[data-builder-element]")) {
    if (el.parentElement?.closest("[data-builder-column]") !== column) continue;
    const box = el.getBoundingClientRect();
    if (y > box.top + box.height / 2) index++;
  }
  return { column, columnId, index };
}

let highlighted: HTMLElement | null = null;
function highlight(column: HTMLElement | null) {
  if (highlighted === column) return;
  if (highlighted) highlighted.style.outline = "";
  highlighted = column;
  if (column) column.style.outline = OVER_STYLE;
}

const carriesElement = (e: DragEvent) => e.dataTransfer.types.includes(MIME);

/** Handlers for the canvas page: dragover shows the target column, drop adds the element there (one undo step). */
export function paletteDropHandlers(store: BuilderStore) {
  return {
    onDragOver(e: DragEvent) {
      if (!carriesElement(e) || store.getState().mode !== "edit") return;
      const at = paletteDropAt(e.target, e.clientY);
      highlight(at?.column ?? null);
      if (!at) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    },
    onDragLeave(e: DragEvent) {
      if (!carriesElement(e)) return;
      if (!(e.currentTarget as Element).contains(e.relatedTarget as Node | null)) highlight(null);
    },
    onDrop(e: DragEvent) {
      highlight(null);
      const type = e.dataTransfer.getData(MIME) as ElementType;
      if (!ELEMENT_TYPES.includes(type)) return;
      const at = paletteDropAt(e.target, e.clientY);
      if (!at) return;
      e.preventDefault();
      const r = addElement(store.getState().doc, at.columnId, type, at.index);
      if (!r.id) return;
      commit(store, r.doc, {
        selected: { kind: "element", id: r.id },
        editingId: null,
        tab: "settings",
        announcement: `${ELEMENT_REGISTRY[type].label} ajouté en position ${at.index + 1}`,
      });
    },
  };
}
