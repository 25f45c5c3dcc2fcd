import { describe, expect, it } from "vitest";
import { block, doc, row, text } from "~/lib/document/build";
import { commit, createBuilderStore, initialBuilderState, type BuilderState } from "./store";

/** Keyed subscriptions: the canvas's frames hear about the value they read, not every change of the store. */
function setup() {
  const d = doc(block({}, row([12, [text("<p>a</p>")]])));
  const store = createBuilderStore(initialBuilderState(d, 1));
  const heard: string[] = [];
  const listen = (key: keyof BuilderState) => store.subscribeKey(key, () => heard.push(key));
  return { store, d, heard, listen };
}

describe("builder store, keyed subscriptions", () => {
  it("tells a key's listeners only when that value changes", () => {
    const { store, heard, listen } = setup();
    listen("selected");
    listen("device");
    listen("mode");
    let all = 0;
    store.subscribe(() => all++);
    store.setState({ saveState: "saving", announcement: "Brouillon enregistré" });
    store.setState({ device: "desktop" });
    expect(heard).toEqual([]);
    store.setState({ selected: { kind: "element", id: "x" } });
    store.setState({ device: "mobile", mode: "preview" });
    expect(heard).toEqual(["selected", "device", "mode"]);
    // Plain subscribers still hear every change.
    expect(all).toBe(4);
  });

  it("tells them through functional updates and commits too, and stops after unsubscribing", () => {
    const { store, d, heard, listen } = setup();
    const stop = listen("doc");
    listen("past");
    commit(store, { ...d, blocks: [] });
    expect(heard).toEqual(["doc", "past"]);
    stop();
    store.setState((s) => ({ doc: s.past[0] }));
    expect(heard).toEqual(["doc", "past"]);
  });
});
