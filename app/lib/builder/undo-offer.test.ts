import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "~/lib/document/build";
import { deleteBlockAction, deleteElementAction, deleteSectionAction, updateElementAction } from "./actions";
import { createBuilderStore, initialBuilderState, undo } from "./store";
import { acceptOffer, currentOffer, dismissOffer, offerUndo } from "./undo-offer";

/** The toast's "Annuler": one click undoes the destructive gesture, and only that gesture. */
function storeOf() {
  const t = text("<p>b</p>");
  const d = doc(block({}, row([12, [heading("A", 1), t]])), block({}, row([12, []]), row([12, []])));
  return { store: createBuilderStore(initialBuilderState(d, 1)), d, t };
}

describe("undo offers", () => {
  it("offers to undo a deleted block, element or section, and Annuler brings it back", () => {
    const { store, d, t } = storeOf();
    deleteBlockAction(store, d.blocks[0].id);
    expect(currentOffer(store)?.label).toBe("Bloc supprimé");
    expect(acceptOffer(store)).toBe(true);
    expect(store.getState().doc).toBe(d);
    expect(currentOffer(store)).toBeNull();
    deleteElementAction(store, t.id);
    expect(currentOffer(store)?.label).toBe("Élément supprimé");
    deleteSectionAction(store, d.blocks[1].sections[0].id);
    expect(currentOffer(store)?.label).toBe("Section supprimée");
    acceptOffer(store);
    expect(store.getState().doc.blocks[1].sections).toHaveLength(2);
  });

  it("is withdrawn by any later change, so it never undoes something else", () => {
    const { store, d, t } = storeOf();
    deleteBlockAction(store, d.blocks[1].id);
    updateElementAction(store, t.id, { content: "<p>changé</p>" });
    expect(currentOffer(store)).toBeNull();
    expect(acceptOffer(store)).toBe(false);
    expect(store.getState().doc.blocks).toHaveLength(1);
    deleteBlockAction(store, d.blocks[0].id);
    undo(store);
    expect(currentOffer(store)).toBeNull();
  });

  it("can be dismissed without undoing", () => {
    const { store, d } = storeOf();
    deleteBlockAction(store, d.blocks[0].id);
    dismissOffer(store);
    expect(acceptOffer(store)).toBe(false);
    expect(store.getState().doc.blocks).toHaveLength(1);
  });
});

describe("undo offers outside the document's history", () => {
  it("Annuler runs the gesture's own restore (a deleted saved model), never an undo of the document", async () => {
    const { store, d, t } = storeOf();
    updateElementAction(store, t.id, { content: "<p>avant</p>" });
    const before = store.getState().doc;
    let restored = 0;
    offerUndo(store, "Modèle supprimé", () => {
      restored++;
    });
    expect(currentOffer(store)?.label).toBe("Modèle supprimé");
    expect(acceptOffer(store)).toBe(true);
    expect(restored).toBe(1);
    expect(store.getState().doc).toBe(before);
    // Withdrawn by a change of the document, like the others.
    offerUndo(store, "Modèle supprimé", () => {
      restored++;
    });
    deleteBlockAction(store, d.blocks[1].id);
    expect(currentOffer(store)?.label).toBe("Bloc supprimé");
    acceptOffer(store);
    expect(restored).toBe(1);
  });
});
