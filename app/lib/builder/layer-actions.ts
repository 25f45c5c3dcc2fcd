import { moveLayer, moveLayerBy } from "~/lib/document/layer-ops";
import { kindOf, type LayerKind } from "./layers";
import { commit, type BuilderStore } from "./store";

/** The Structure panel's gestures: one undoable step each, through the same store as the canvas. */

const NOUN: Record<LayerKind, string> = { block: "Bloc", section: "Section", column: "Colonne", element: "Élément" };

/** Selects a node from the panel; the panel stays open (the canvas frame scrolls into view, reveal.ts). */
export function selectLayer(store: BuilderStore, id: string) {
  const kind = kindOf(id);
  if (!kind) return;
  store.setState({ selected: { kind, id }, editingId: null });
}

export function moveLayerAction(store: BuilderStore, activeId: string, overId: string): boolean {
  const doc = store.getState().doc;
  const next = moveLayer(doc, activeId, overId);
  if (next === doc) return false;
  const kind = kindOf(activeId) ?? "element";
  commit(store, next, { announcement: `${NOUN[kind]} déplacé${kind === "section" || kind === "column" ? "e" : ""}` });
  return true;
}

export function moveLayerByAction(store: BuilderStore, id: string, delta: -1 | 1): boolean {
  const r = moveLayerBy(store.getState().doc, id, delta);
  if (!r || r.doc === store.getState().doc) return false;
  const kind = kindOf(id) ?? "element";
  const e = kind === "section" || kind === "column" ? "e" : "";
  commit(store, r.doc, { announcement: `${NOUN[kind]} déplacé${e} en position ${r.index + 1} sur ${r.count}` });
  return true;
}
