import { walkElements } from "~/lib/document/walk";
import { parseGallery } from "~/lib/document/gallery";
import { removeImage } from "~/lib/document/gallery-edit";
import { updateElement } from "~/lib/document/ops";
import { commit, type BuilderStore } from "./store";
import { offerUndo } from "./undo-offer";

/** The gallery element's stored content, read from the store at the moment of the gesture. */
function contentOf(store: BuilderStore, elementId: string): string | null {
  let content: string | null = null;
  walkElements(store.getState().doc, (e) => {
    if (e.id !== elementId) return true;
    content = e.content;
    return false;
  });
  return content;
}

/**
 * "Retirer l'image n" in a gallery's settings (issue 11 §5): its own undo step (no merge key, so it never
 * merges with a neighbouring gallery edit, and the next edit does not merge into it) read from the current
 * document rather than from the panel's last render, followed by the toast "Image supprimée · Annuler",
 * whose Annuler brings back exactly that image, with its alt text, at its position.
 */
export function removeGalleryImageAction(store: BuilderStore, elementId: string, index: number): boolean {
  const content = contentOf(store, elementId);
  if (content === null) return false;
  const parsed = parseGallery(content);
  if (!parsed.ok || index < 0 || index >= parsed.gallery.images.length) return false;
  const next = removeImage(content, index);
  commit(store, updateElement(store.getState().doc, elementId, { content: next }), { announcement: `Image ${index + 1} supprimée de la galerie` });
  offerUndo(store, "Image supprimée");
  return true;
}
