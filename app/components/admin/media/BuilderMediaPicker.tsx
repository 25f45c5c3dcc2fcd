import { addElementAction, updateElementAction } from "~/lib/builder/actions";
import { useBuilderStore, type BuilderStore, type MediaRequest } from "~/lib/builder/store";
import { updateLayerAction } from "~/lib/builder/device-actions";
import { findLayer } from "~/lib/document/ops";
import type { MediaItem } from "~/lib/media/media-schemas";
import { MediaPicker } from "./MediaPicker";

/** Opens the Médiathèque's picker over the builder: the request is the builder's open tool, as its other dialogs. */
export function openMediaLibrary(store: BuilderStore, request: Omit<MediaRequest, "kind">) {
  store.setState({ tool: { kind: "media", ...request } });
}

/** The picker asked for by `openMediaLibrary`, rendered by ToolDialogs; the chosen item goes where it was asked for. */
export function BuilderMediaPicker({ request, onClose }: { request: MediaRequest; onClose: () => void }) {
  const store = useBuilderStore();
  function choose(item: MediaItem) {
    const layer = request.layerId;
    if (layer) {
      const current = findLayer(store.getState().doc, layer)?.background;
      updateLayerAction(store, layer, { background: { image: item.url, focusX: 50, focusY: 50, overlay: current?.overlay ?? 0 } });
      return;
    }
    const target = request.elementId;
    if (target) {
      updateElementAction(store, target, { content: item.url, alt: item.alt || item.title });
      return;
    }
    if (item.type === "pdf") {
      // A document is offered to visitors as a button that opens it.
      addElementAction(store, "button");
      const sel = store.getState().selected;
      if (sel) updateElementAction(store, sel.id, { content: `Télécharger : ${item.title || "document (PDF)"}`, href: item.url });
      return;
    }
    addElementAction(store, item.type);
    const sel = store.getState().selected;
    if (sel) updateElementAction(store, sel.id, { content: item.url, alt: item.alt || item.title });
  }

  return <MediaPicker mediaType={request.mediaType} onSelect={choose} onClose={onClose} />;
}
