import { afterEach, describe, expect, it, vi } from "vitest";
import { block, doc, heading, row, text } from "~/lib/document/build";
import { collectIds } from "~/lib/document/ops";
import { ELEMENT_TYPES, type PageDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import {
  addBlockAction,
  addElementAction,
  deleteBlockAction,
  deleteElementAction,
  deleteSectionAction,
  duplicateBlockAction,
  duplicateElementAction,
  duplicateSectionAction,
  moveSelectedAction,
  resizeColumnAction,
  select,
  startEditing,
  updateElementAction,
} from "./actions";
import { commit, createBuilderStore, HISTORY_LIMIT, initialBuilderState, redo, undo, type BuilderState, type BuilderStore } from "./store";

/** The builder's gestures over its store: selection rules, undo/redo, keyboard moves, clamps. */
function fixture(): PageDocument {
  return doc(block({}, row([6, [heading("A", 1), text("<p>b</p>")]], [6, [text("<p>c</p>")]]), row([12, [text("<p>d</p>")]])), block({}, row([12, []])));
}

function storeOf(d: PageDocument = fixture(), extra: Partial<BuilderState> = {}): BuilderStore {
  return createBuilderStore({ ...initialBuilderState(d, 1), ...extra });
}

function expectValid(d: PageDocument) {
  const r = pageDocumentSchema.safeParse(d);
  expect(r.success, r.success ? "" : r.error.message).toBe(true);
  const ids = collectIds(d);
  expect(new Set(ids).size).toBe(ids.length);
}

const col = (s: BuilderStore, b: number, sec: number, c: number) => s.getState().doc.blocks[b].sections[sec].columns[c];
const elIds = (s: BuilderStore, b: number, sec: number, c: number) => col(s, b, sec, c).elements.map((e) => e.id);

describe("adding", () => {
  it("a block layout is added after the selected block (else at the end), selected, settings tab open", () => {
    const s = storeOf();
    const [b0, b1] = s.getState().doc.blocks.map((b) => b.id);
    addBlockAction(s, "three-columns");
    let st = s.getState();
    expect(st.doc.blocks.map((b) => b.id).slice(0, 2)).toEqual([b0, b1]);
    const added = st.doc.blocks[2];
    expect(st.selected).toEqual({ kind: "block", id: added.id });
    expect(st.tab).toBe("settings");
    expect(added.sections[0].columns.map((c) => c.width)).toEqual([4, 4, 4]);
    expect(added.styles).toMatchObject({
      paddingTop: "var(--ds-space-xl)",
      paddingBottom: "var(--ds-space-xl)",
      backgroundColor: "var(--surface)",
      marginBottom: "var(--ds-space-xl)",
    });
    expect(st.saveState).toBe("dirty");
    expect(st.announcement).toBe("Bloc ajouté");

    select(s, { kind: "block", id: b0 });
    addBlockAction(s, "two-columns");
    st = s.getState();
    expect(st.doc.blocks[0].id).toBe(b0);
    expect(st.doc.blocks[1].sections[0].columns.map((c) => c.width)).toEqual([6, 6]);
    expect(st.selected).toEqual({ kind: "block", id: st.doc.blocks[1].id });
    expectValid(st.doc);
  });

  it.each(ELEMENT_TYPES)("an element (%s) goes to the selected element's column, right at its end, and is selected", (type) => {
    const s = storeOf();
    const first = col(s, 0, 0, 0).elements[0].id;
    select(s, { kind: "element", id: first });
    addElementAction(s, type);
    const st = s.getState();
    const els = col(s, 0, 0, 0).elements;
    expect(els).toHaveLength(3);
    expect(els[2].type).toBe(type);
    expect(st.selected).toEqual({ kind: "element", id: els[2].id });
    expect(st.tab).toBe("settings");
    expectValid(st.doc);
  });

  it("an element with a block selected goes to its last column; with nothing selected to the last block; into an empty page through a new block", () => {
    const s = storeOf();
    select(s, { kind: "block", id: s.getState().doc.blocks[0].id });
    addElementAction(s, "button");
    expect(col(s, 0, 1, 0).elements.at(-1)?.type).toBe("button");
    select(s, null);
    addElementAction(s, "spacer");
    expect(col(s, 1, 0, 0).elements.map((e) => e.type)).toEqual(["spacer"]);

    const empty = storeOf(doc());
    addElementAction(empty, "heading");
    const st = empty.getState();
    expect(st.doc.blocks).toHaveLength(1);
    expect(st.doc.blocks[0].sections[0].columns[0]).toMatchObject({ width: 12 });
    expect(st.doc.blocks[0].sections[0].columns[0].elements[0]).toMatchObject({ type: "heading", content: "Nouveau titre" });
    // Block and element come in one undoable step.
    undo(empty);
    expect(empty.getState().doc.blocks).toEqual([]);
  });

  it("an element added to a named column goes there", () => {
    const s = storeOf();
    addElementAction(s, "divider", col(s, 0, 0, 1).id);
    expect(col(s, 0, 0, 1).elements.map((e) => e.type)).toEqual(["text", "divider"]);
    // An unknown column changes nothing and adds no history.
    const before = s.getState();
    addElementAction(s, "divider", "column-nope");
    expect(s.getState().doc).toBe(before.doc);
    expect(s.getState().past).toHaveLength(before.past.length);
  });
});

describe("duplicating and deleting", () => {
  it("an element duplicate has a fresh id, sits right after the original and is selected", () => {
    const s = storeOf();
    const [a, b] = elIds(s, 0, 0, 0);
    duplicateElementAction(s, a);
    const ids = elIds(s, 0, 0, 0);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(a);
    expect(ids[2]).toBe(b);
    expect(ids[1]).not.toBe(a);
    expect(s.getState().selected).toEqual({ kind: "element", id: ids[1] });
    expect(col(s, 0, 0, 0).elements[1]).toMatchObject({ type: "heading", content: "A", level: 1 });
    expectValid(s.getState().doc);
  });

  it("deleting the selected element clears the selection; deleting another keeps it", () => {
    const s = storeOf();
    const [a, b] = elIds(s, 0, 0, 0);
    select(s, { kind: "element", id: a });
    deleteElementAction(s, b);
    expect(s.getState().selected).toEqual({ kind: "element", id: a });
    startEditing(s, a);
    deleteElementAction(s, a);
    expect(s.getState().selected).toBeNull();
    expect(s.getState().editingId).toBeNull();
    expect(elIds(s, 0, 0, 0)).toEqual([]);
  });

  it("sections: duplicate right after with fresh ids; delete clears a selection inside it", () => {
    const s = storeOf();
    const sec = s.getState().doc.blocks[0].sections[0];
    duplicateSectionAction(s, sec.id);
    const secs = s.getState().doc.blocks[0].sections;
    expect(secs).toHaveLength(3);
    expect(secs[0].id).toBe(sec.id);
    expect(secs[1].id).not.toBe(sec.id);
    expect(secs[1].columns.map((c) => c.width)).toEqual([6, 6]);
    expectValid(s.getState().doc);

    select(s, { kind: "element", id: secs[1].columns[0].elements[0].id });
    deleteSectionAction(s, secs[2].id);
    expect(s.getState().selected).not.toBeNull();
    deleteSectionAction(s, secs[1].id);
    expect(s.getState().selected).toBeNull();
    expect(s.getState().doc.blocks[0].sections.map((x) => x.id)).toEqual([sec.id]);
  });

  it("blocks: duplicate selects the copy; deleting the selected block clears the selection", () => {
    const s = storeOf();
    const b0 = s.getState().doc.blocks[0].id;
    duplicateBlockAction(s, b0);
    const copy = s.getState().doc.blocks[1].id;
    expect(copy).not.toBe(b0);
    expect(s.getState().selected).toEqual({ kind: "block", id: copy });
    expectValid(s.getState().doc);
    deleteBlockAction(s, copy);
    expect(s.getState().selected).toBeNull();
    expect(s.getState().doc.blocks).toHaveLength(2);
    // Deleting a block holding the selected element clears it too.
    select(s, { kind: "element", id: elIds(s, 0, 0, 0)[0] });
    deleteBlockAction(s, b0);
    expect(s.getState().selected).toBeNull();
  });
});

describe("column widths are clamped to 1..12 and to the room left in their row", () => {
  it.each([
    [0, 1],
    [-3, 1],
    [13, 6],
    [40, 6],
    [7, 6],
    [5, 5],
  ])("resize to %s gives %s (the row is 6 + 6)", (w, expected) => {
    const s = storeOf();
    const c = col(s, 0, 0, 0).id;
    resizeColumnAction(s, c, w);
    expect(col(s, 0, 0, 0).width).toBe(expected);
    expect(s.getState().announcement).toBe(`Largeur ${expected}/12`);
    expectValid(s.getState().doc);
  });

  it("stepping past a bound adds no history step", () => {
    const s = storeOf();
    const c = col(s, 0, 1, 0).id; // width 12
    resizeColumnAction(s, c, 13);
    expect(s.getState().past).toHaveLength(0);
    expect(s.getState().saveState).toBe("saved");
  });
});

describe("undo and redo", () => {
  it("walk the history back and forth; a new change drops the redo branch", () => {
    const s = storeOf();
    const d0 = s.getState().doc;
    updateElementAction(s, elIds(s, 0, 0, 0)[0], { content: "Un" });
    const d1 = s.getState().doc;
    updateElementAction(s, elIds(s, 0, 0, 0)[0], { content: "Deux" });
    const d2 = s.getState().doc;
    undo(s);
    expect(s.getState().doc).toBe(d1);
    expect(s.getState().announcement).toBe("Modification annulée");
    undo(s);
    expect(s.getState().doc).toBe(d0);
    undo(s); // nothing left: no change
    expect(s.getState().doc).toBe(d0);
    redo(s);
    expect(s.getState().doc).toBe(d1);
    expect(s.getState().announcement).toBe("Modification rétablie");
    redo(s);
    expect(s.getState().doc).toBe(d2);
    redo(s);
    expect(s.getState().doc).toBe(d2);
    undo(s);
    updateElementAction(s, elIds(s, 0, 0, 0)[0], { content: "Trois" });
    expect(s.getState().future).toEqual([]);
    redo(s);
    expect(col(s, 0, 0, 0).elements[0].content).toBe("Trois");
  });

  it("an unchanged document is not a step; the history keeps the last HISTORY_LIMIT steps", () => {
    const s = storeOf();
    commit(s, s.getState().doc, { announcement: "rien" });
    expect(s.getState().past).toHaveLength(0);
    const id = elIds(s, 0, 0, 0)[0];
    for (let i = 0; i < HISTORY_LIMIT + 25; i++) updateElementAction(s, id, { content: `v${i}` });
    expect(s.getState().past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 25; i++) undo(s);
    expect(col(s, 0, 0, 0).elements[0].content).toBe(`v${24}`);
  });

  it("undo after a save marks the page dirty again; a conflict stays a conflict", () => {
    const s = storeOf();
    updateElementAction(s, elIds(s, 0, 0, 0)[0], { content: "x" });
    s.setState({ saveState: "saved", savedDoc: s.getState().doc });
    undo(s);
    expect(s.getState().saveState).toBe("dirty");
    s.setState({ saveState: "conflict" });
    updateElementAction(s, elIds(s, 0, 0, 0)[0], { content: "y" });
    expect(s.getState().saveState).toBe("conflict");
  });
});

describe("keyboard moves of the selection (Alt + arrows)", () => {
  it("moves an element up and down within its column, not past the ends, announcing its position", () => {
    const s = storeOf();
    const [a, b] = elIds(s, 0, 0, 0);
    select(s, { kind: "element", id: a });
    moveSelectedAction(s, "down");
    expect(elIds(s, 0, 0, 0)).toEqual([b, a]);
    expect(s.getState().announcement).toBe("Élément déplacé en position 2 sur 2");
    const steps = s.getState().past.length;
    moveSelectedAction(s, "down");
    expect(elIds(s, 0, 0, 0)).toEqual([b, a]);
    expect(s.getState().past).toHaveLength(steps);
    moveSelectedAction(s, "up");
    expect(elIds(s, 0, 0, 0)).toEqual([a, b]);
    moveSelectedAction(s, "up");
    expect(elIds(s, 0, 0, 0)).toEqual([a, b]);
  });

  it("moves an element to the neighbouring column, keeping its index where it can", () => {
    const s = storeOf();
    const [, b] = elIds(s, 0, 0, 0);
    const c = elIds(s, 0, 0, 1)[0];
    select(s, { kind: "element", id: b });
    moveSelectedAction(s, "right");
    expect(elIds(s, 0, 0, 1)).toEqual([c, b]);
    expect(s.getState().announcement).toBe("Élément déplacé dans la colonne 2 sur 2");
    moveSelectedAction(s, "right"); // no third column
    expect(elIds(s, 0, 0, 1)).toEqual([c, b]);
    moveSelectedAction(s, "left");
    expect(elIds(s, 0, 0, 0).at(-1)).toBe(b);
    moveSelectedAction(s, "left");
    expect(elIds(s, 0, 0, 0).at(-1)).toBe(b);
    expectValid(s.getState().doc);
  });

  it("moves a block up and down, and a section within its block", () => {
    const s = storeOf();
    const [b0, b1] = s.getState().doc.blocks.map((b) => b.id);
    select(s, { kind: "block", id: b0 });
    moveSelectedAction(s, "down");
    expect(s.getState().doc.blocks.map((b) => b.id)).toEqual([b1, b0]);
    expect(s.getState().announcement).toBe("Bloc déplacé en position 2 sur 2");
    moveSelectedAction(s, "down");
    moveSelectedAction(s, "left");
    expect(s.getState().doc.blocks.map((b) => b.id)).toEqual([b1, b0]);

    const secs = s.getState().doc.blocks[1].sections.map((x) => x.id);
    moveSelectedAction(s, "down", secs[0]);
    expect(s.getState().doc.blocks[1].sections.map((x) => x.id)).toEqual([secs[1], secs[0]]);
    expect(s.getState().announcement).toBe("Section déplacée en position 2 sur 2");
    moveSelectedAction(s, "down", secs[0]);
    expect(s.getState().doc.blocks[1].sections.map((x) => x.id)).toEqual([secs[1], secs[0]]);
    undo(s);
    expect(s.getState().doc.blocks[1].sections.map((x) => x.id)).toEqual(secs);
  });

  it("without a selection nothing moves", () => {
    const s = storeOf();
    const d = s.getState().doc;
    moveSelectedAction(s, "down");
    expect(s.getState().doc).toBe(d);
  });
});

describe("selection", () => {
  it("selecting opens the settings tab and stops inline editing; clearing keeps the tab", () => {
    const s = storeOf();
    const [a, b] = elIds(s, 0, 0, 0);
    startEditing(s, a);
    expect(s.getState()).toMatchObject({ selected: { kind: "element", id: a }, editingId: a });
    select(s, { kind: "element", id: b });
    expect(s.getState()).toMatchObject({ selected: { kind: "element", id: b }, editingId: null, tab: "settings" });
    select(s, null);
    expect(s.getState()).toMatchObject({ selected: null, tab: "settings" });
  });
});

describe("typing in a settings field is one undo step", () => {
  afterEach(() => vi.useRealTimers());

  it("successive edits of one field within a second merge; another field or a pause starts a new step", () => {
    vi.useFakeTimers();
    const store = storeOf();
    const id = store.getState().doc.blocks[0].sections[0].columns[0].elements[0].id;
    const style = (key: string, value: string) =>
      updateElementAction(store, id, { styles: { ...store.getState().doc.blocks[0].sections[0].columns[0].elements[0].styles, [key]: value } }, `style:${key}`);
    style("fontSize", "2");
    vi.advanceTimersByTime(200);
    style("fontSize", "24");
    vi.advanceTimersByTime(200);
    style("fontSize", "24px");
    expect(store.getState().past).toHaveLength(1);
    style("color", "#000000");
    expect(store.getState().past).toHaveLength(2);
    vi.advanceTimersByTime(1500);
    style("color", "#111111");
    expect(store.getState().past).toHaveLength(3);
    undo(store);
    undo(store);
    undo(store);
    const el = store.getState().doc.blocks[0].sections[0].columns[0].elements[0];
    expect(el.styles.fontSize).toBeUndefined();
    expect(el.styles.color).toBeUndefined();
  });

  it("edits without a field name never merge", () => {
    const store = storeOf();
    const id = store.getState().doc.blocks[0].sections[0].columns[0].elements[0].id;
    updateElementAction(store, id, { alt: "a" });
    updateElementAction(store, id, { alt: "ab" });
    expect(store.getState().past).toHaveLength(2);
  });
});
