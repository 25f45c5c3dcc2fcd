import { describe, expect, it, vi } from "vitest";
import { block, doc, heading, row, text } from "~/lib/document/build";
import { updateElement } from "~/lib/document/ops";
import type { RenderDocument } from "~/lib/document/schema";
import { restorePartAction } from "./compare-actions";
import { createBuilderStore, initialBuilderState } from "./store";
import { acceptOffer, currentOffer } from "./undo-offer";

vi.mock("~/lib/api/client", () => ({ pagesApi: {} }));

/** Restaurer ce bloc / cette section: one undoable step on the builder's document, left to the autosave. */
describe("restorePartAction", () => {
  const title = heading("Titre publié", 1);
  const body = text("<p>Texte publié</p>");
  const revision = doc(block({}, row([12, [title]])), block({}, row([12, [body]])));

  it("puts the block back as it was, marks the draft unsaved, and Annuler undoes it", () => {
    const draft = updateElement(updateElement(revision, body.id, { content: "<p>Texte réécrit</p>" }), title.id, { content: "Titre réécrit" });
    const store = createBuilderStore(initialBuilderState(draft, 4));
    expect(restorePartAction(store, revision, { kind: "block", id: revision.blocks[1].id })).toBe(true);
    const s = store.getState();
    expect(s.doc.blocks[1]).toEqual(revision.blocks[1]);
    // The other block keeps its edit.
    expect(s.doc.blocks[0]).toBe(draft.blocks[0]);
    expect(s.saveState).toBe("dirty");
    expect(s.version).toBe(4);
    expect(currentOffer(store)?.label).toBe("Bloc restauré");
    expect(acceptOffer(store)).toBe(true);
    expect(store.getState().doc).toBe(draft);
  });

  it("a section likewise; a revision the current model refuses changes nothing", () => {
    const draft = updateElement(revision, body.id, { content: "<p>Autre</p>" });
    const store = createBuilderStore(initialBuilderState(draft, 1));
    expect(restorePartAction(store, revision, { kind: "section", id: revision.blocks[1].sections[0].id })).toBe(true);
    expect(store.getState().doc.blocks[1].sections[0]).toEqual(revision.blocks[1].sections[0]);
    const unknown = structuredClone(revision) as RenderDocument;
    unknown.blocks[0].sections[0].columns[0].elements[0].type = "hologram";
    const before = store.getState().doc;
    expect(restorePartAction(store, unknown, { kind: "block", id: revision.blocks[0].id })).toBe(false);
    expect(store.getState().doc).toBe(before);
  });
});
