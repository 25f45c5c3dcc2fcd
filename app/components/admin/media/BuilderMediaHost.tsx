import { useLayoutEffect, useState } from "react";
import { addElementAction, updateElementAction } from "~/lib/builder/actions";
import { useBuilderStore } from "~/lib/builder/store";
import { updateLayerAction } from "~/lib/builder/device-actions";
import { findLayer } from "~/lib/document/ops";
import type { MediaItem } from "~/lib/media/media-schemas";
import { MediaPicker } from "./MediaPicker";
import type { MediaFilter } from "./MediaLibrary";

/**
 * The builder's side of the Médiathèque (seed 001 §3 "open-media-library"): anything in the builder
 * asks for the picker with `openMediaLibrary`, either to add a new image, video or PDF, or targeted at
 * an existing element whose content (and alt) the chosen item replaces.
 */
const OPEN_MEDIA_LIBRARY = "open-media-library";

interface OpenMediaLibrary {
  mediaType: MediaFilter;
  /** Replace this element's media; absent: add a new element for the chosen item. */
  elementId?: string;
  /** The background image of this section or column (issue 21): the focal point starts in the middle. */
  layerId?: string;
}

export function openMediaLibrary(detail: OpenMediaLibrary) {
  window.dispatchEvent(new CustomEvent<OpenMediaLibrary>(OPEN_MEDIA_LIBRARY, { detail }));
}

export function BuilderMediaHost() {
  const store = useBuilderStore();
  const [request, setRequest] = useState<OpenMediaLibrary | null>(null);
  // Attached in the commit that shows the builder's buttons, not after the paint: a click between the two
  // (a test runner on a busy machine made one) would ask for a picker nobody listens for.
  useLayoutEffect(() => {
    const on = (e: Event) => setRequest((e as CustomEvent<OpenMediaLibrary>).detail);
    window.addEventListener(OPEN_MEDIA_LIBRARY, on);
    return () => window.removeEventListener(OPEN_MEDIA_LIBRARY, on);
  }, []);
  if (!request) return null;

  function choose(item: MediaItem) {
    const layer = request?.layerId;
    if (layer) {
      const current = findLayer(store.getState().doc, layer)?.background;
      updateLayerAction(store, layer, { background: { image: item.url, focusX: 50, focusY: 50, overlay: current?.overlay ?? 0 } });
      return;
    }
    const target = request?.elementId;
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

  return <MediaPicker mediaType={request.mediaType} onSelect={choose} onClose={() => setRequest(null)} />;
}
