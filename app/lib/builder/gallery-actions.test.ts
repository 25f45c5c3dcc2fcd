import { describe, expect, it } from "vitest";
import { block, doc, gallery, row } from "~/lib/document/build";
import { parseGallery } from "~/lib/document/gallery";
import { setImageAlt } from "~/lib/document/gallery-edit";
import { updateElementAction } from "./actions";
import { removeGalleryImageAction } from "./gallery-actions";
import { createBuilderStore, initialBuilderState, undo } from "./store";
import { acceptOffer, currentOffer } from "./undo-offer";

function storeOf() {
  const g = gallery({ type: "grid", options: { columns: 3, gap: "10px" }, images: [{ url: "/a.jpg", alt: "A" }, { url: "/b.jpg", alt: "Bé" }, "/c.jpg"] });
  const d = doc(block({}, row([12, [g]])));
  return { store: createBuilderStore(initialBuilderState(d, 1)), g };
}
const imagesOf = (store: ReturnType<typeof storeOf>["store"]) => {
  const content = store.getState().doc.blocks[0].sections[0].columns[0].elements[0].content;
  const parsed = parseGallery(content);
  return parsed.ok ? parsed.gallery.images : null;
};

describe("removing a gallery image", () => {
  it("is its own undo step with the toast 'Image supprimée', and Annuler restores the image with its alt at its place", () => {
    const { store, g } = storeOf();
    // A gallery edit just before (an alt text) must not merge with the removal.
    updateElementAction(store, g.id, { content: setImageAlt(g.content, 2, "Cé") });
    const before = store.getState().doc;
    expect(removeGalleryImageAction(store, g.id, 1)).toBe(true);
    expect(imagesOf(store)?.map((i) => i.url)).toEqual(["/a.jpg", "/c.jpg"]);
    expect(currentOffer(store)?.label).toBe("Image supprimée");
    expect(acceptOffer(store)).toBe(true);
    expect(store.getState().doc).toBe(before);
    expect(imagesOf(store)).toEqual([
      { url: "/a.jpg", alt: "A" },
      { url: "/b.jpg", alt: "Bé" },
      { url: "/c.jpg", alt: "Cé" },
    ]);
    // One more undo takes back the alt text alone.
    undo(store);
    expect(imagesOf(store)?.[2]).toEqual({ url: "/c.jpg", alt: "" });
  });

  it("reads the current document, not a stale render, and refuses an index out of range", () => {
    const { store, g } = storeOf();
    updateElementAction(store, g.id, { content: setImageAlt(g.content, 0, "Nouveau") });
    removeGalleryImageAction(store, g.id, 2);
    expect(imagesOf(store)).toEqual([
      { url: "/a.jpg", alt: "Nouveau" },
      { url: "/b.jpg", alt: "Bé" },
    ]);
    const d = store.getState().doc;
    expect(removeGalleryImageAction(store, g.id, 5)).toBe(false);
    expect(removeGalleryImageAction(store, "nope", 0)).toBe(false);
    expect(store.getState().doc).toBe(d);
  });
});
