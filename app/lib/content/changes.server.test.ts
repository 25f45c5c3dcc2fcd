import { describe, expect, it } from "vitest";
import { notifyContentListeners, onContentChanged, type ContentChange } from "./changes.server";

describe("content change announcements", () => {
  it("reach every listener, survive one that fails, and stop after unsubscribing", async () => {
    const seen: ContentChange[] = [];
    const offFailing = onContentChanged(() => {
      throw new Error("boom");
    });
    const off = onContentChanged((c) => {
      seen.push(c);
    });
    await notifyContentListeners({ paths: ["/offres"], origin: "here", revision: 3 });
    off();
    offFailing();
    await notifyContentListeners({ paths: "all", origin: "elsewhere" });
    expect(seen).toEqual([{ paths: ["/offres"], origin: "here", revision: 3 }]);
  });
});
