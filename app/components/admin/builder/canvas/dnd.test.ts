import type { DragEndEvent } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "~/lib/document/build";
import { collectIds } from "~/lib/document/ops";
import { type PageDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { applyDrop, collision, type DragData } from "./dnd";

/** What a drop does to the document: blocks among blocks, sections within their block, elements anywhere. */
function fixture(): PageDocument {
  return doc(block({}, row([6, [heading("A", 1), text("<p>b</p>")]], [6, [text("<p>c</p>")]]), row([12, []])), block({}, row([12, [text("<p>d</p>")]])));
}

function drop(active: { id: string; data: DragData }, over: { id: string; data: DragData } | null): DragEndEvent {
  return {
    active: { id: active.id, data: { current: active.data }, rect: { current: { initial: null, translated: null } } },
    over: over ? { id: over.id, data: { current: over.data }, rect: { width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 }, disabled: false } : null,
    collisions: null,
    delta: { x: 0, y: 0 },
    activatorEvent: null,
  } as unknown as DragEndEvent;
}

function expectValid(d: PageDocument) {
  expect(pageDocumentSchema.safeParse(d).success).toBe(true);
  const ids = collectIds(d);
  expect(new Set(ids).size).toBe(ids.length);
}

const B = (id: string): { id: string; data: DragData } => ({ id, data: { type: "block", label: "Bloc" } });
const S = (id: string, blockId: string): { id: string; data: DragData } => ({ id, data: { type: "section", blockId, label: "Section" } });
const E = (id: string, columnId: string): { id: string; data: DragData } => ({ id, data: { type: "element", columnId, label: "Élément" } });
const C = (columnId: string): { id: string; data: DragData } => ({ id: `drop-${columnId}`, data: { type: "column", columnId, label: "Colonne" } });

describe("applyDrop", () => {
  const d = fixture();
  const [b0, b1] = d.blocks;
  const [s0, s1] = b0.sections;
  const [c0, c1] = s0.columns;
  const [eA, eB] = c0.elements;
  const eC = c1.elements[0];
  const cEmpty = s1.columns[0];
  const eD = b1.sections[0].columns[0].elements[0];

  it("a drop outside any target, or on itself, changes nothing", () => {
    expect(applyDrop(d, drop(B(b0.id), null))).toBe(d);
    expect(applyDrop(d, drop(E(eA.id, c0.id), null))).toBe(d);
    expect(applyDrop(d, drop(E(eA.id, c0.id), E(eA.id, c0.id)))).toBe(d);
  });

  it("reorders blocks", () => {
    const next = applyDrop(d, drop(B(b0.id), B(b1.id)));
    expect(next.blocks.map((b) => b.id)).toEqual([b1.id, b0.id]);
    expectValid(next);
  });

  it("reorders sections within their block, never across blocks, never onto another kind", () => {
    const next = applyDrop(d, drop(S(s0.id, b0.id), S(s1.id, b0.id)));
    expect(next.blocks[0].sections.map((s) => s.id)).toEqual([s1.id, s0.id]);
    expectValid(next);
    expect(applyDrop(d, drop(S(s0.id, b0.id), S(b1.sections[0].id, b1.id)))).toBe(d);
    expect(applyDrop(d, drop(S(s0.id, b0.id), B(b1.id)))).toBe(d);
    expect(applyDrop(d, drop(B(b0.id), S(s1.id, b0.id)))).toBe(d);
  });

  it("moves an element within its column, onto another element's place in another column, or to the end of a column", () => {
    const within = applyDrop(d, drop(E(eA.id, c0.id), E(eB.id, c0.id)));
    expect(within.blocks[0].sections[0].columns[0].elements.map((e) => e.id)).toEqual([eB.id, eA.id]);
    expectValid(within);

    const across = applyDrop(d, drop(E(eA.id, c0.id), E(eC.id, c1.id)));
    expect(across.blocks[0].sections[0].columns[1].elements.map((e) => e.id)).toEqual([eA.id, eC.id]);
    expect(across.blocks[0].sections[0].columns[0].elements.map((e) => e.id)).toEqual([eB.id]);
    expectValid(across);

    const toEmpty = applyDrop(d, drop(E(eB.id, c0.id), C(cEmpty.id)));
    expect(toEmpty.blocks[0].sections[1].columns[0].elements.map((e) => e.id)).toEqual([eB.id]);
    expectValid(toEmpty);

    const otherBlock = applyDrop(d, drop(E(eD.id, b1.sections[0].columns[0].id), C(c1.id)));
    expect(otherBlock.blocks[0].sections[0].columns[1].elements.map((e) => e.id)).toEqual([eC.id, eD.id]);
    expect(otherBlock.blocks[1].sections[0].columns[0].elements).toEqual([]);
    expect(collectIds(otherBlock).sort()).toEqual(collectIds(d).sort());
  });

  it("an element cannot land on a block or a section, and a column that no longer exists changes nothing", () => {
    expect(applyDrop(d, drop(E(eA.id, c0.id), B(b1.id)))).toBe(d);
    expect(applyDrop(d, drop(E(eA.id, c0.id), S(s1.id, b0.id)))).toBe(d);
    expect(applyDrop(d, drop(E(eA.id, c0.id), C("column-gone")))).toBe(d);
    expect(applyDrop(d, drop(B(b0.id), E(eA.id, c0.id)))).toBe(d);
  });
});

describe("collision", () => {
  const rect = (top: number) => ({ width: 100, height: 20, top, left: 0, right: 100, bottom: top + 20 });
  const container = (id: string, data: DragData, top: number) => ({
    id,
    data: { current: data },
    rect: { current: rect(top) },
    disabled: false,
    key: id,
    node: { current: null },
  });

  function candidates(active: DragData) {
    const containers = [
      container("block-1", { type: "block", label: "" }, 0),
      container("section-1", { type: "section", blockId: "block-1", label: "" }, 0),
      container("section-2", { type: "section", blockId: "block-2", label: "" }, 0),
      container("element-1", { type: "element", columnId: "column-1", label: "" }, 0),
      container("drop-column-1", { type: "column", columnId: "column-1", label: "" }, 0),
    ];
    const ids = collision({
      active: { id: "x", data: { current: active }, rect: { current: { initial: null, translated: null } } },
      collisionRect: rect(0),
      droppableRects: new Map(containers.map((c) => [c.id, c.rect.current])),
      droppableContainers: containers,
      pointerCoordinates: null,
    } as never).map((c) => c.id);
    return ids.sort();
  }

  /** Droppables laid out as in the canvas: a column (0..300) holding two elements (10..40 and 60..90). */
  function underPointer(active: DragData, pointer: { x: number; y: number } | null) {
    const box = (top: number, height: number) => ({ width: 200, height, top, left: 0, right: 200, bottom: top + height });
    const containers = [
      {
        id: "drop-column-1",
        data: { current: { type: "column", columnId: "column-1", label: "" } },
        rect: { current: box(0, 300) },
        disabled: false,
        key: "c",
        node: { current: null },
      },
      {
        id: "element-1",
        data: { current: { type: "element", columnId: "column-1", label: "" } },
        rect: { current: box(10, 30) },
        disabled: false,
        key: "e1",
        node: { current: null },
      },
      {
        id: "element-2",
        data: { current: { type: "element", columnId: "column-1", label: "" } },
        rect: { current: box(60, 30) },
        disabled: false,
        key: "e2",
        node: { current: null },
      },
      { id: "block-1", data: { current: { type: "block", label: "" } }, rect: { current: box(0, 400) }, disabled: false, key: "b", node: { current: null } },
    ];
    return collision({
      active: { id: "x", data: { current: active }, rect: { current: { initial: null, translated: null } } },
      // The dragged rectangle is far from the pointer (its handle sits beside it): only the pointer counts.
      collisionRect: box(600, 30),
      droppableRects: new Map(containers.map((c) => [c.id, c.rect.current])),
      droppableContainers: containers,
      pointerCoordinates: pointer,
    } as never).map((c) => c.id);
  }

  it("a pointer drag lands on the element under the pointer, else the column under it, else nowhere", () => {
    const element: DragData = { type: "element", columnId: "column-9", label: "" };
    expect(underPointer(element, { x: 100, y: 70 })[0]).toBe("element-2");
    expect(underPointer(element, { x: 100, y: 20 })[0]).toBe("element-1");
    expect(underPointer(element, { x: 100, y: 200 })).toEqual(["drop-column-1"]);
    expect(underPointer(element, { x: 500, y: 70 })).toEqual([]);
    expect(underPointer({ type: "block", label: "" }, { x: 100, y: 350 })).toEqual(["block-1"]);
    expect(underPointer({ type: "block", label: "" }, { x: 100, y: 450 })).toEqual([]);
  });

  it("offers each kind of drag only the targets it may land on", () => {
    expect(candidates({ type: "block", label: "" })).toEqual(["block-1"]);
    expect(candidates({ type: "section", blockId: "block-1", label: "" })).toEqual(["section-1"]);
    expect(candidates({ type: "element", columnId: "column-1", label: "" })).toEqual(["drop-column-1", "element-1"]);
  });
});
