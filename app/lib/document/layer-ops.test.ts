import { describe, expect, it } from "vitest";
import { block, doc, row, text } from "./build";
import { moveColumn, moveLayer, moveLayerBy } from "./layer-ops";
import { collectIds } from "./ops";
import { type PageDocument } from "./schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";

const t = (s: string) => text(`<p>${s}</p>`);
function fixture(): PageDocument {
  return doc(block({}, row([6, [t("a"), t("b"), t("c")]], [6, [t("d")]]), row([12, [t("e")]])), block({}, row([12, [t("f")]])));
}
const texts = (d: PageDocument) =>
  d.blocks.map((b) => b.sections.map((s) => s.columns.map((c) => c.elements.map((e) => e.content.replace(/<\/?p>/g, "")).join("")).join("|")).join("/"));

describe("Structure panel moves", () => {
  it("moves elements within a column and to another column, keeping the document valid", () => {
    const d = fixture();
    const [a, b, c] = d.blocks[0].sections[0].columns[0].elements;
    expect(texts(moveLayer(d, a.id, c.id))).toEqual(["bca|d/e", "f"]);
    expect(texts(moveLayer(d, c.id, a.id))).toEqual(["cab|d/e", "f"]);
    const f = d.blocks[1].sections[0].columns[0].elements[0];
    const moved = moveLayer(d, f.id, b.id);
    expect(texts(moved)).toEqual(["afbc|d/e", ""]);
    expect(pageDocumentSchema.safeParse(moved).success).toBe(true);
    expect(collectIds(moved).sort()).toEqual(collectIds(d).sort());
  });

  it("drops an element on a column at its end", () => {
    const d = fixture();
    const a = d.blocks[0].sections[0].columns[0].elements[0];
    expect(texts(moveLayer(d, a.id, d.blocks[0].sections[0].columns[1].id))).toEqual(["bc|da/e", "f"]);
    expect(texts(moveLayer(d, a.id, d.blocks[0].sections[0].columns[0].id))).toEqual(["bca|d/e", "f"]);
  });

  it("moves blocks, sections (also to another block) and columns within their section", () => {
    const d = fixture();
    expect(texts(moveLayer(d, d.blocks[1].id, d.blocks[0].id))).toEqual(["f", "abc|d/e"]);
    expect(texts(moveLayer(d, d.blocks[0].sections[1].id, d.blocks[0].sections[0].id))).toEqual(["e/abc|d", "f"]);
    expect(texts(moveLayer(d, d.blocks[0].sections[1].id, d.blocks[1].id))).toEqual(["abc|d", "f/e"]);
    expect(texts(moveLayer(d, d.blocks[0].sections[0].columns[1].id, d.blocks[0].sections[0].columns[0].id))).toEqual(["d|abc/e", "f"]);
    expect(texts(moveColumn(d, d.blocks[0].sections[0].id, 0, 1))).toEqual(["d|abc/e", "f"]);
  });

  it("refuses moves that make no sense, returning the same document", () => {
    const d = fixture();
    const a = d.blocks[0].sections[0].columns[0].elements[0];
    expect(moveLayer(d, d.blocks[0].id, a.id)).toBe(d);
    expect(moveLayer(d, d.blocks[0].sections[0].columns[0].id, d.blocks[0].sections[1].columns[0].id)).toBe(d);
    expect(moveLayer(d, a.id, a.id)).toBe(d);
    expect(moveLayer(d, "element-missing", a.id)).toBe(d);
    expect(moveLayer(d, a.id, d.blocks[1].id)).toBe(d);
  });

  it("moves one place with the keyboard, not past the ends", () => {
    const d = fixture();
    const [a, , c] = d.blocks[0].sections[0].columns[0].elements;
    const down = moveLayerBy(d, a.id, 1);
    expect(down && texts(down.doc)).toEqual(["bac|d/e", "f"]);
    expect(down).toMatchObject({ index: 1, count: 3 });
    expect(moveLayerBy(d, c.id, 1)).toBeNull();
    expect(moveLayerBy(d, d.blocks[0].id, -1)).toBeNull();
    expect(texts(moveLayerBy(d, d.blocks[0].id, 1)!.doc)).toEqual(["f", "abc|d/e"]);
  });

  it("shares the untouched blocks (the canvas re-renders only what moved)", () => {
    const d = fixture();
    const [a, b] = d.blocks[0].sections[0].columns[0].elements;
    const next = moveLayer(d, a.id, b.id);
    expect(next.blocks[1]).toBe(d.blocks[1]);
  });
});
