import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "./build";
import { ELEMENT_TYPES, type PageDocument } from "./schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import {
  appendBlock,
  clampWidth,
  collectIds,
  deleteBlock,
  deleteElement,
  deleteSection,
  duplicateBlock,
  duplicateElement,
  duplicateSection,
  findBlock,
  findElement,
  insertElement,
  moveBlock,
  moveElement,
  moveSection,
  resizeColumn,
  updateBlock,
  updateElement,
} from "./ops";
import { createElement } from "~/lib/elements/defaults";
import { addBlock, addElement } from "~/lib/elements/new-element";

/** Two blocks: the first with two sections (two columns, then one), the second with one column. */
function fixture(): PageDocument {
  return doc(
    block({ paddingTop: "10px" }, row([6, [heading("Titre", 1), text("<p>a</p>")]], [6, [text("<p>b</p>")]]), row([12, [text("<p>c</p>")]])),
    block({}, row([12, [heading("Deuxième", 2)]])),
  );
}

/** Deep-frozen copy: an operation that mutates its input throws. */
function frozen<T>(v: T): T {
  if (v && typeof v === "object") {
    for (const k of Object.keys(v)) frozen((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

function expectValid(d: PageDocument) {
  const r = pageDocumentSchema.safeParse(d);
  expect(r.success, r.success ? "" : r.error.message).toBe(true);
  const ids = collectIds(d);
  expect(new Set(ids).size).toBe(ids.length);
}

const ids = (d: PageDocument) => ({
  b0: d.blocks[0].id,
  b1: d.blocks[1].id,
  s00: d.blocks[0].sections[0].id,
  s01: d.blocks[0].sections[1].id,
  c000: d.blocks[0].sections[0].columns[0].id,
  c001: d.blocks[0].sections[0].columns[1].id,
  c010: d.blocks[0].sections[1].columns[0].id,
  c100: d.blocks[1].sections[0].columns[0].id,
  e0000: d.blocks[0].sections[0].columns[0].elements[0].id,
  e0001: d.blocks[0].sections[0].columns[0].elements[1].id,
  e0010: d.blocks[0].sections[0].columns[1].elements[0].id,
});

describe("the fixture", () => {
  it("is a valid document", () => expectValid(fixture()));
});

describe("blocks", () => {
  it("addBlock inserts a block of the chosen layout at the index", () => {
    const d = frozen(fixture());
    for (const [layout, widths] of [
      ["full-width", [12]],
      ["two-columns", [6, 6]],
      ["three-columns", [4, 4, 4]],
    ] as const) {
      const { doc: next, id } = addBlock(d, layout, 1);
      expectValid(next);
      expect(next.blocks).toHaveLength(3);
      expect(next.blocks[1].id).toBe(id);
      expect(next.blocks[1].sections[0].columns.map((c) => c.width)).toEqual(widths);
      expect(next.blocks[0]).toBe(d.blocks[0]);
      expect(next.blocks[2]).toBe(d.blocks[1]);
    }
    expect(addBlock(d, "full-width").doc.blocks[2].sections[0].columns[0].width).toBe(12);
    expect(addBlock(d, "full-width", 99).doc.blocks).toHaveLength(3);
    expect(addBlock(d, "full-width", -5).doc.blocks[0].sections[0].columns).toHaveLength(1);
  });

  it("appendBlock adds a copy with fresh ids", () => {
    const d = frozen(fixture());
    const next = appendBlock(d, d.blocks[0]);
    expectValid(next);
    expect(next.blocks).toHaveLength(3);
    expect(next.blocks[2].id).not.toBe(d.blocks[0].id);
  });

  it("duplicateBlock inserts the copy right after the original, with fresh ids everywhere", () => {
    const d = frozen(fixture());
    const { b0, b1 } = ids(d);
    const { doc: next, id } = duplicateBlock(d, b0);
    expectValid(next);
    expect(next.blocks.map((b) => b.id)).toEqual([b0, id, b1]);
    const copy = next.blocks[1];
    expect(copy.sections[0].columns[0].elements.map((e) => e.content)).toEqual(["Titre", "<p>a</p>"]);
    expect(copy.styles).toEqual(d.blocks[0].styles);
    expect(copy.styles).not.toBe(d.blocks[0].styles);
  });

  it("moveBlock reorders; the same index returns the same document", () => {
    const d = frozen(fixture());
    const { b0, b1 } = ids(d);
    const next = moveBlock(d, 0, 1);
    expectValid(next);
    expect(next.blocks.map((b) => b.id)).toEqual([b1, b0]);
    expect(moveBlock(d, 1, 1)).toBe(d);
    expect(moveBlock(d, 5, 0).blocks.map((b) => b.id)).toEqual([b0, b1]);
  });

  it("deleteBlock and updateBlock", () => {
    const d = frozen(fixture());
    const { b0, b1 } = ids(d);
    const del = deleteBlock(d, b0);
    expectValid(del);
    expect(del.blocks.map((b) => b.id)).toEqual([b1]);
    const upd = updateBlock(d, b1, { styles: { backgroundColor: "#000000" } });
    expectValid(upd);
    expect(upd.blocks[1].styles).toEqual({ backgroundColor: "#000000" });
    expect(upd.blocks[0]).toBe(d.blocks[0]);
    expect(findBlock(upd, b1)?.styles.backgroundColor).toBe("#000000");
  });
});

describe("sections", () => {
  it("duplicateSection inserts the copy right after the original", () => {
    const d = frozen(fixture());
    const { s00, s01 } = ids(d);
    const { doc: next, id } = duplicateSection(d, s00);
    expectValid(next);
    expect(next.blocks[0].sections.map((s) => s.id)).toEqual([s00, id, s01]);
    expect(next.blocks[1]).toBe(d.blocks[1]);
  });

  it("moveSection and deleteSection", () => {
    const d = frozen(fixture());
    const { b0, s00, s01 } = ids(d);
    const moved = moveSection(d, b0, 0, 1);
    expectValid(moved);
    expect(moved.blocks[0].sections.map((s) => s.id)).toEqual([s01, s00]);
    expect(moveSection(d, b0, 1, 1)).toBe(d);
    const del = deleteSection(d, s01);
    expectValid(del);
    expect(del.blocks[0].sections.map((s) => s.id)).toEqual([s00]);
    expect(del.blocks[1]).toBe(d.blocks[1]);
  });
});

describe("columns", () => {
  it.each([
    [0, 1],
    [1, 1],
    [6, 6],
    [12, 12],
    [13, 12],
    [-4, 1],
    [6.4, 6],
    [6.6, 7],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])("clampWidth(%s) = %s", (input, out) => {
    expect(clampWidth(input)).toBe(out);
  });

  it("resizeColumn clamps to 1..12 and to its full row (6 + 6), and keeps the document valid", () => {
    const d = frozen(fixture());
    const { c000 } = ids(d);
    for (const [w, expected] of [
      [0, 1],
      [13, 6],
      [99, 6],
      [7, 6],
      [-1, 1],
      [4, 4],
    ] as const) {
      const next = resizeColumn(d, c000, w);
      expectValid(next);
      expect(next.blocks[0].sections[0].columns[0].width).toBe(expected);
    }
    // Same width: nothing changes, the very same document comes back.
    expect(resizeColumn(d, c000, 6)).toBe(d);
  });
});

describe("elements", () => {
  it.each(ELEMENT_TYPES)("addElement(%s) adds a valid element with its defaults", (type) => {
    const d = frozen(fixture());
    const { c010 } = ids(d);
    const { doc: next, id } = addElement(d, c010, type);
    expectValid(next);
    const col = next.blocks[0].sections[1].columns[0];
    expect(col.elements).toHaveLength(2);
    expect(col.elements[1]).toMatchObject({ id, type });
  });

  it("addElement at an index, and to an unknown column", () => {
    const d = frozen(fixture());
    const { c000 } = ids(d);
    const { doc: next, id } = addElement(d, c000, "button", 0);
    expect(next.blocks[0].sections[0].columns[0].elements[0].id).toBe(id);
    const unknown = addElement(d, "column-nope", "text");
    expect(unknown.doc).toBe(d);
    expect(unknown.id).toBeUndefined();
  });

  it("insertElement clamps the index", () => {
    const d = frozen(fixture());
    const { c000 } = ids(d);
    const el = createElement("divider");
    expect(insertElement(d, c000, el, 99).blocks[0].sections[0].columns[0].elements[2].id).toBe(el.id);
    expect(insertElement(d, c000, el, -3).blocks[0].sections[0].columns[0].elements[0].id).toBe(el.id);
  });

  it("duplicateElement inserts the copy right after the original with a fresh id and copied styles", () => {
    const d = frozen(fixture());
    const { e0000, e0001 } = ids(d);
    const { doc: next, id } = duplicateElement(d, e0000);
    expectValid(next);
    const els = next.blocks[0].sections[0].columns[0].elements;
    expect(els.map((e) => e.id)).toEqual([e0000, id, e0001]);
    expect(els[1]).toMatchObject({ type: "heading", content: "Titre", level: 1 });
    expect(els[1].styles).not.toBe(els[0].styles);
  });

  it("updateElement patches one element only", () => {
    const d = frozen(fixture());
    const { e0001 } = ids(d);
    const next = updateElement(d, e0001, { content: "<p>z</p>" });
    expectValid(next);
    expect(findElement(next, e0001)?.content).toBe("<p>z</p>");
    expect(findElement(d, e0001)?.content).toBe("<p>a</p>");
  });

  it("deleteElement", () => {
    const d = frozen(fixture());
    const { e0000, e0001 } = ids(d);
    const next = deleteElement(d, e0000);
    expectValid(next);
    expect(next.blocks[0].sections[0].columns[0].elements.map((e) => e.id)).toEqual([e0001]);
  });

  it("moveElement within a column and between columns, sections and blocks", () => {
    const d = frozen(fixture());
    const { e0000, e0001, e0010, c000, c001, c100 } = ids(d);
    const within = moveElement(d, e0000, c000, 1);
    expectValid(within);
    expect(within.blocks[0].sections[0].columns[0].elements.map((e) => e.id)).toEqual([e0001, e0000]);

    const across = moveElement(d, e0000, c001, 0);
    expectValid(across);
    expect(across.blocks[0].sections[0].columns[0].elements.map((e) => e.id)).toEqual([e0001]);
    expect(across.blocks[0].sections[0].columns[1].elements.map((e) => e.id)).toEqual([e0000, e0010]);

    const otherBlock = moveElement(d, e0001, c100, 5);
    expectValid(otherBlock);
    expect(otherBlock.blocks[1].sections[0].columns[0].elements.map((e) => e.id).at(-1)).toBe(e0001);
    expect(collectIds(otherBlock).length).toBe(collectIds(d).length);
  });
});

describe("unknown ids leave the document unchanged", () => {
  const d = frozen(fixture());
  const { e0000, c000, b0 } = ids(d);
  it.each([
    ["deleteBlock", () => deleteBlock(d, "block-nope")],
    ["updateBlock", () => updateBlock(d, "block-nope", { styles: {} })],
    ["duplicateBlock", () => duplicateBlock(d, "block-nope").doc],
    ["moveSection (unknown block)", () => moveSection(d, "block-nope", 0, 1)],
    ["duplicateSection", () => duplicateSection(d, "section-nope").doc],
    ["deleteSection", () => deleteSection(d, "section-nope")],
    ["resizeColumn", () => resizeColumn(d, "column-nope", 3)],
    ["updateElement", () => updateElement(d, "element-nope", { content: "x" })],
    ["duplicateElement", () => duplicateElement(d, "element-nope").doc],
    ["deleteElement", () => deleteElement(d, "element-nope")],
    ["moveElement (unknown element)", () => moveElement(d, "element-nope", c000, 0)],
    ["moveElement (unknown column)", () => moveElement(d, e0000, "column-nope", 0)],
    ["insertElement (unknown column)", () => insertElement(d, "column-nope", createElement("text"))],
  ])("%s", (_name, op) => {
    expect(op()).toBe(d);
  });
  it("duplicate ops report no id", () => {
    expect(duplicateBlock(d, "block-nope").id).toBeUndefined();
    expect(duplicateSection(d, "section-nope").id).toBeUndefined();
    expect(duplicateElement(d, "element-nope").id).toBeUndefined();
    expect(findElement(d, "element-nope")).toBeUndefined();
    expect(findBlock(d, b0)).toBe(d.blocks[0]);
  });
});

describe("structural sharing", () => {
  it("untouched blocks, sections and columns are the same objects", () => {
    const d = frozen(fixture());
    const { e0010 } = ids(d);
    const next = updateElement(d, e0010, { content: "<p>B</p>" });
    expect(next).not.toBe(d);
    expect(next.blocks[1]).toBe(d.blocks[1]);
    expect(next.blocks[0]).not.toBe(d.blocks[0]);
    expect(next.blocks[0].sections[1]).toBe(d.blocks[0].sections[1]);
    expect(next.blocks[0].sections[0]).not.toBe(d.blocks[0].sections[0]);
    expect(next.blocks[0].sections[0].columns[0]).toBe(d.blocks[0].sections[0].columns[0]);
    expect(next.blocks[0].sections[0].columns[1]).not.toBe(d.blocks[0].sections[0].columns[1]);
  });

  it("a long sequence of operations keeps every id unique and the document valid", () => {
    let d = fixture();
    for (let i = 0; i < 30; i++) {
      const { b0, c000, e0000 } = ids(d);
      d = duplicateBlock(d, b0).doc;
      d = duplicateElement(d, e0000).doc;
      d = addElement(d, c000, ELEMENT_TYPES[i % ELEMENT_TYPES.length]).doc;
      d = moveElement(d, e0000, d.blocks.at(-1)!.sections[0].columns[0].id, 0);
      d = resizeColumn(d, c000, (i % 14) - 1);
      expectValid(d);
    }
  });
});
