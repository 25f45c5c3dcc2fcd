import { describe, expect, it } from "vitest";
import { block, doc, heading, row } from "~/lib/document/build";
import { deleteBlockAction, updateElementAction } from "./actions";
import { hasUnpublishedChanges, markPublished, syncPublication, trackPublication } from "./publish-state";
import { createBuilderStore, initialBuilderState, undo } from "./store";

/** The Publier button's "Modifications non publiées": any change since the last publication, not an undone one. */
describe("unpublished changes in the builder", () => {
  const fixture = () => {
    const h = heading("A", 1);
    const d = doc(block({}, row([12, [h]])), block({}, row([12, []])));
    return { store: createBuilderStore(initialBuilderState(d, 1)), d, h };
  };

  it("starts from the server's word, follows changes, and clears when undone back or published", () => {
    const { store, d, h } = fixture();
    trackPublication(store, { publishedAtOpen: true, otherLang: null });
    expect(hasUnpublishedChanges(store)).toBe(false);
    updateElementAction(store, h.id, { content: "B" });
    expect(hasUnpublishedChanges(store)).toBe(true);
    undo(store);
    expect(hasUnpublishedChanges(store)).toBe(false);
    deleteBlockAction(store, d.blocks[1].id);
    expect(hasUnpublishedChanges(store)).toBe(true);
    markPublished(store, store.getState().doc);
    expect(hasUnpublishedChanges(store)).toBe(false);
    undo(store);
    expect(hasUnpublishedChanges(store)).toBe(true);
  });

  it("is pending from the start when the draft was not the published version", () => {
    const { store } = fixture();
    trackPublication(store, { publishedAtOpen: false, otherLang: { lang: "en", published: true } });
    expect(hasUnpublishedChanges(store)).toBe(true);
  });

  it("takes the server's word again when the draft is reloaded", () => {
    const { store, d } = fixture();
    trackPublication(store, { publishedAtOpen: false, otherLang: null });
    store.setState({ doc: { ...d } });
    syncPublication(store, true);
    expect(hasUnpublishedChanges(store)).toBe(false);
    syncPublication(store, false);
    expect(hasUnpublishedChanges(store)).toBe(true);
  });
});
