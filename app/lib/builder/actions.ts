import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import type { BlockLayout } from "~/lib/elements/defaults";
import { locateElement, locateSection, targetColumn } from "~/lib/document/locate";
import {
  clampWidth,
  deleteBlock,
  deleteElement,
  deleteSection,
  duplicateBlock,
  duplicateElement,
  duplicateSection,
  moveBlock,
  moveElement,
  moveSection,
  columnWidthAt,
  resizeColumn,
  updateBlock,
  updateElement,
} from "~/lib/document/ops";
import { addBlock, addElement } from "~/lib/elements/new-element";
import type { Block, ElementType, PageElement } from "~/lib/document/schema";
import { moveLayerByAction } from "./layer-actions";
import { commit, type BuilderStore, type Selection } from "./store";
import { offerUndo } from "./undo-offer";

/** Every editing gesture of the builder, as one function each over the store (undoable steps). */

export function select(store: BuilderStore, selected: Selection) {
  const s = store.getState();
  if (s.selected?.id === selected?.id && s.selected?.kind === selected?.kind) return;
  // While the Structure or the Commentaires panel is open, a selection in the canvas keeps it open.
  store.setState({ selected, editingId: null, tab: selected && s.tab !== "layers" && s.tab !== "comments" ? "settings" : s.tab });
}

export function startEditing(store: BuilderStore, elementId: string) {
  store.setState({ selected: { kind: "element", id: elementId }, editingId: elementId });
}

export function stopEditing(store: BuilderStore) {
  store.setState({ editingId: null });
}

export function addBlockAction(store: BuilderStore, layout: BlockLayout) {
  const { doc, selected } = store.getState();
  // After the selected block, else at the end.
  const at = selected?.kind === "block" ? doc.blocks.findIndex((b) => b.id === selected.id) + 1 : doc.blocks.length;
  const r = addBlock(doc, layout, at <= 0 ? doc.blocks.length : at);
  commit(store, r.doc, { selected: { kind: "block", id: r.id }, tab: "settings", announcement: "Bloc ajouté" });
}

export function addElementAction(store: BuilderStore, type: ElementType, columnId?: string) {
  const state = store.getState();
  let doc = state.doc;
  let column = columnId ?? targetColumn(doc, state.selected);
  if (!column) {
    const r = addBlock(doc, "full-width");
    doc = r.doc;
    column = doc.blocks[doc.blocks.length - 1].sections[0].columns[0].id;
  }
  const r = addElement(doc, column, type);
  if (!r.id) return;
  commit(store, r.doc, { selected: { kind: "element", id: r.id }, tab: "settings", announcement: `${ELEMENT_REGISTRY[type].label} ajouté` });
}

/** `field` names the settings field being typed in: its successive edits merge into one undo step. */
export function updateElementAction(store: BuilderStore, id: string, patch: Partial<Omit<PageElement, "id" | "type">>, field?: string) {
  commit(store, updateElement(store.getState().doc, id, patch), {}, field ? `${id}:${field}` : undefined);
}

export function updateBlockAction(store: BuilderStore, id: string, patch: Partial<Pick<Block, "styles" | "hide" | "deviceStyles">>, field?: string) {
  commit(store, updateBlock(store.getState().doc, id, patch), {}, field ? `${id}:${field}` : undefined);
}

export function duplicateElementAction(store: BuilderStore, id: string) {
  const r = duplicateElement(store.getState().doc, id);
  if (r.id) commit(store, r.doc, { selected: { kind: "element", id: r.id }, editingId: null, announcement: "Élément dupliqué" });
}

export function deleteElementAction(store: BuilderStore, id: string) {
  const s = store.getState();
  commit(store, deleteElement(s.doc, id), {
    selected: s.selected?.id === id ? null : s.selected,
    editingId: s.editingId === id ? null : s.editingId,
    announcement: "Élément supprimé",
  });
  offerUndo(store, "Élément supprimé");
}

export function duplicateSectionAction(store: BuilderStore, id: string) {
  const r = duplicateSection(store.getState().doc, id);
  if (r.id) commit(store, r.doc, { announcement: "Section dupliquée" });
}

export function deleteSectionAction(store: BuilderStore, id: string) {
  const s = store.getState();
  const next = deleteSection(s.doc, id);
  const stillThere = s.selected?.kind === "element" ? locateElement(next, s.selected.id) : true;
  commit(store, next, { selected: stillThere ? s.selected : null, announcement: "Section supprimée" });
  offerUndo(store, "Section supprimée");
}

export function duplicateBlockAction(store: BuilderStore, id: string) {
  const r = duplicateBlock(store.getState().doc, id);
  if (r.id) commit(store, r.doc, { selected: { kind: "block", id: r.id }, announcement: "Bloc dupliqué" });
}

export function deleteBlockAction(store: BuilderStore, id: string) {
  const s = store.getState();
  const next = deleteBlock(s.doc, id);
  const stillThere = s.selected?.kind === "element" ? locateElement(next, s.selected.id) : s.selected?.id !== id;
  commit(store, next, { selected: stillThere ? s.selected : null, announcement: "Bloc supprimé" });
  offerUndo(store, "Bloc supprimé");
}

/** At the device shown (per-device widths, devices.ts); clamped so that no row passes 12. */
export function resizeColumnAction(store: BuilderStore, columnId: string, width: number) {
  const { doc, device } = store.getState();
  const next = resizeColumn(doc, columnId, clampWidth(width), device);
  commit(store, next, { announcement: `Largeur ${columnWidthAt(next, columnId, device) ?? clampWidth(width)}/12` });
}

type Direction = "up" | "down" | "left" | "right";

/** Keyboard moves (Alt + arrows) of the selected element, section or block, announced to screen readers. */
export function moveSelectedAction(store: BuilderStore, direction: Direction, sectionId?: string) {
  const { doc, selected } = store.getState();
  if (sectionId) {
    const loc = locateSection(doc, sectionId);
    if (!loc || (direction !== "up" && direction !== "down")) return;
    const to = loc.index + (direction === "up" ? -1 : 1);
    if (to < 0 || to >= loc.count) return;
    commit(store, moveSection(doc, loc.blockId, loc.index, to), { announcement: `Section déplacée en position ${to + 1} sur ${loc.count}` });
    return;
  }
  if (!selected) return;
  if (selected.kind === "section") return moveSelectedAction(store, direction, selected.id);
  if (selected.kind === "column") {
    if (direction === "left" || direction === "right") moveLayerByAction(store, selected.id, direction === "left" ? -1 : 1);
    return;
  }
  if (selected.kind === "block") {
    const from = doc.blocks.findIndex((b) => b.id === selected.id);
    const to = from + (direction === "up" ? -1 : direction === "down" ? 1 : 0);
    if (from < 0 || to === from || to < 0 || to >= doc.blocks.length) return;
    commit(store, moveBlock(doc, from, to), { announcement: `Bloc déplacé en position ${to + 1} sur ${doc.blocks.length}` });
    return;
  }
  const loc = locateElement(doc, selected.id);
  if (!loc) return;
  if (direction === "up" || direction === "down") {
    const to = loc.index + (direction === "up" ? -1 : 1);
    if (to < 0 || to >= loc.count) return;
    commit(store, moveElement(doc, selected.id, loc.columnId, to), { announcement: `Élément déplacé en position ${to + 1} sur ${loc.count}` });
    return;
  }
  const c = loc.siblingColumns.indexOf(loc.columnId) + (direction === "left" ? -1 : 1);
  const column = loc.siblingColumns[c];
  if (!column) return;
  commit(store, moveElement(doc, selected.id, column, loc.index), {
    announcement: `Élément déplacé dans la colonne ${c + 1} sur ${loc.siblingColumns.length}`,
  });
}

/**
 * A generated block (the AI generator's) lands after the block holding the selection, or at the end
 * without one; it is selected (the canvas brings a selected frame into view) and "Bloc généré ajouté ·
 * Annuler" is offered, all as one undoable step.
 */
/**
 * A generated block lands after the block holding the selection; without one, after `inView` (the block at
 * the centre of the visible canvas, which the canvas measures), so it appears where the editor is looking;
 * at the end when neither is known.
 */
export function appendBlockAction(store: BuilderStore, block: Block, inView: string | null = null) {
  const { doc, selected } = store.getState();
  const holding = selected
    ? doc.blocks.findIndex(
        (b) =>
          b.id === selected.id ||
          b.sections.some((s) => s.id === selected.id || s.columns.some((c) => c.id === selected.id || c.elements.some((e) => e.id === selected.id))),
      )
    : inView
      ? doc.blocks.findIndex((b) => b.id === inView)
      : -1;
  const at = holding >= 0 ? holding + 1 : doc.blocks.length;
  const blocks = [...doc.blocks.slice(0, at), block, ...doc.blocks.slice(at)];
  commit(store, { ...doc, blocks }, { selected: { kind: "block", id: block.id }, tab: "settings", announcement: "Bloc généré ajouté" });
  offerUndo(store, "Bloc généré ajouté");
}

/**
 * Alt+Shift+Up/Down: the selected element goes to the previous or next block (its first section, the
 * column of the same rank or the last one), at the end going up and at the start going down. Alt+arrows
 * stay within the block, as the per-block drag scopes do.
 */
export function moveElementToBlockAction(store: BuilderStore, direction: "up" | "down") {
  const { doc, selected } = store.getState();
  if (selected?.kind !== "element") return;
  const loc = locateElement(doc, selected.id);
  if (!loc) return;
  const from = doc.blocks.findIndex((b) => b.id === loc.blockId);
  const to = from + (direction === "up" ? -1 : 1);
  const target = doc.blocks[to];
  const section = direction === "up" ? target?.sections[target.sections.length - 1] : target?.sections[0];
  if (!target || !section) return;
  const rank = Math.min(loc.siblingColumns.indexOf(loc.columnId), section.columns.length - 1);
  const column = section.columns[Math.max(0, rank)];
  commit(store, moveElement(doc, selected.id, column.id, direction === "up" ? column.elements.length : 0), {
    announcement: `Élément déplacé dans le bloc ${to + 1} sur ${doc.blocks.length}`,
  });
}

/** The first open of an empty page: the default hero block, selected (seed 001 §4). */
export function insertHeroBlockAction(store: BuilderStore, block: Block) {
  const { doc } = store.getState();
  if (doc.blocks.length > 0) return;
  commit(store, { ...doc, blocks: [block] }, { selected: { kind: "block", id: block.id }, tab: "settings", announcement: "Bloc d'accueil ajouté" });
}
