import { resetPatch, stylePatch, type SmallDevice } from "~/lib/document/devices";
import { findBlock, findElement, findLayer, resetColumnWidth, updateLayer, type LayerLook } from "~/lib/document/ops";
import { updateBlockAction, updateElementAction } from "./actions";
import { commit, type BuilderStore } from "./store";

type Target = { kind: "block" | "element" | "section" | "column"; id: string };

/** A section's or column's look changed (issue 21): one undo step per field, as for blocks and elements. */
export function updateLayerAction(store: BuilderStore, id: string, patch: LayerLook, field?: string) {
  commit(store, updateLayer(store.getState().doc, id, patch), {}, field ? `${id}:${field}` : undefined);
}

/** Sections and columns may have no styles yet: they style as an empty map. */
const styledLayer = (doc: Parameters<typeof findLayer>[0], id: string) => {
  const node = findLayer(doc, id);
  return node ? { styles: node.styles ?? {}, deviceStyles: node.deviceStyles } : undefined;
};

/**
 * Settings edits at the device shown in the builder (issue 11 §3): on Tablette or Mobile the spacings,
 * sizes and alignment go to that device's overrides and desktop keeps its values; on Ordinateur they go
 * to the node's own styles and the overrides are untouched (devices.ts). One undo step per field.
 */
export function setStylesAction(store: BuilderStore, target: Target, values: Record<string, string>, field?: string) {
  const { doc, device } = store.getState();
  if (target.kind === "section" || target.kind === "column") {
    const node = styledLayer(doc, target.id);
    if (node) updateLayerAction(store, target.id, stylePatch(node, device, values), field);
  } else if (target.kind === "element") {
    const el = findElement(doc, target.id);
    if (el) updateElementAction(store, el.id, stylePatch(el, device, values), field);
  } else {
    const block = findBlock(doc, target.id);
    if (block) updateBlockAction(store, block.id, stylePatch(block, device, values), field);
  }
}

/** "Rétablir": the keys inherit again from the larger device. */
export function resetStylesAction(store: BuilderStore, target: Target, device: SmallDevice, keys: readonly string[]) {
  const { doc } = store.getState();
  const layer = target.kind === "section" || target.kind === "column";
  const node = layer ? styledLayer(doc, target.id) : target.kind === "element" ? findElement(doc, target.id) : findBlock(doc, target.id);
  if (!node) return;
  const patch = resetPatch(node, device, keys);
  if (!("deviceStyles" in patch)) return;
  if (layer) updateLayerAction(store, target.id, patch);
  else if (target.kind === "element") updateElementAction(store, target.id, patch);
  else updateBlockAction(store, target.id, patch);
  store.setState({ announcement: `Valeur rétablie pour ${device === "mobile" ? "mobile" : "tablette"}` });
}

export function resetColumnWidthAction(store: BuilderStore, columnId: string, device: SmallDevice) {
  commit(store, resetColumnWidth(store.getState().doc, columnId, device), {
    announcement: `Largeur rétablie pour ${device === "mobile" ? "mobile" : "tablette"}`,
  });
}
