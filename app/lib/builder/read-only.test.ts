import { afterEach, describe, expect, it, vi } from "vitest";
import { block, doc, heading, row } from "~/lib/document/build";
import { saveNow } from "./persistence";
import { commit, createBuilderStore, initialBuilderState, redo, undo } from "./store";

/** Read-only (another tab holds the page, decision 049): the document does not move and nothing is sent. */
describe("a read-only builder", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses changes, undo and redo, and saves nothing", async () => {
    const first = doc(block({}, row([12, [heading("Avant")]])));
    const second = doc(block({}, row([12, [heading("Après")]])));
    const store = createBuilderStore(initialBuilderState(first, 3));
    commit(store, second);
    expect(store.getState().doc).toBe(second);
    store.setState({ readOnly: true });

    commit(store, first);
    undo(store);
    expect(store.getState().doc).toBe(second);
    store.setState({ readOnly: false });
    undo(store);
    expect(store.getState().doc).toBe(first);
    store.setState({ readOnly: true });
    redo(store);
    expect(store.getState().doc).toBe(first);

    // The change waiting to be saved stays waiting: no request leaves a read-only tab.
    store.setState({ readOnly: false });
    redo(store);
    store.setState({ readOnly: true });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await saveNow({ pageId: "p", lang: "fr" }, store)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState().doc).toBe(second);
    expect(store.getState().saveState).toBe("dirty");
  });
});
