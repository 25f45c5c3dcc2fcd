import { beforeEach, describe, expect, it, vi } from "vitest";
import { block, doc, heading, row } from "~/lib/document/build";
import type { PageDocument } from "~/lib/document/schema";
import { createBuilderStore, initialBuilderState } from "./store";
import { acceptOffer, currentOffer } from "./undo-offer";

/** Restoring a revision is one undoable step with its toast, not a history wipe. */
const restored: PageDocument = doc(block({}, row([12, [heading("Ancienne version", 1)]])));
const calls: string[] = [];
vi.mock("~/lib/api/client", () => ({
  pagesApi: {
    restore: async (_id: string, _lang: string, rev: string, version: number) => {
      calls.push(`restore ${rev} @${version}`);
      return { version: version + 1, updatedAt: "" };
    },
    draft: async () => ({ draft: { doc: restored, version: 8 } }),
  },
}));

describe("restoreRevisionAction", () => {
  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal("localStorage", { removeItem: () => {}, getItem: () => null, setItem: () => {} });
  });

  it("takes the restored draft as an undoable step, saved, and Annuler brings the previous document back", async () => {
    const { restoreRevisionAction } = await import("./revision-restore");
    const current = doc(block({}, row([12, [heading("Version du jour", 1)]])));
    const store = createBuilderStore(initialBuilderState(current, 7));
    await restoreRevisionAction({ pageId: "p", lang: "fr" }, store, "rev-1");
    expect(calls).toEqual(["restore rev-1 @7"]);
    const s = store.getState();
    expect(s.doc).toBe(restored);
    expect(s.savedDoc).toBe(restored);
    expect(s.version).toBe(8);
    expect(s.saveState).toBe("saved");
    expect(s.past).toEqual([current]);
    expect(currentOffer(store)?.label).toBe("Révision restaurée");
    expect(acceptOffer(store)).toBe(true);
    expect(store.getState().doc).toBe(current);
    // The previous document differs from the stored draft: the autosave will store it again.
    expect(store.getState().saveState).toBe("dirty");
  });
});
