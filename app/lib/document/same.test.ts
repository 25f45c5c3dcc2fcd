import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "~/lib/document/build";
import { sameStoredDocument, sameValue } from "./same";

/** Draft against published: the same document whatever its key order or spacing; any real change differs. */
describe("sameStoredDocument", () => {
  const d = doc(block({ paddingTop: "40px", backgroundColor: "#fff" }, row([6, [heading("Offres", 1)]], [6, [text("<p>a</p>")]])));
  const json = JSON.stringify(d);

  it("is true for the same text, other spacing, or keys in another order", () => {
    expect(sameStoredDocument(json, json)).toBe(true);
    expect(sameStoredDocument(json, JSON.stringify(d, null, 2))).toBe(true);
    const reordered = {
      blocks: d.blocks.map((b) => ({ sections: b.sections, styles: { backgroundColor: "#fff", paddingTop: "40px" }, type: b.type, id: b.id })),
      version: d.version,
    };
    expect(sameStoredDocument(json, JSON.stringify(reordered))).toBe(true);
  });

  it("is false for any real change: a text, a style, an order, an element more", () => {
    const changed = structuredClone(d);
    changed.blocks[0].sections[0].columns[1].elements[0].content = "<p>b</p>";
    expect(sameStoredDocument(json, JSON.stringify(changed))).toBe(false);
    const styled = structuredClone(d);
    styled.blocks[0].styles.paddingTop = "41px";
    expect(sameStoredDocument(json, JSON.stringify(styled))).toBe(false);
    const swapped = structuredClone(d);
    swapped.blocks[0].sections[0].columns.reverse();
    expect(sameStoredDocument(json, JSON.stringify(swapped))).toBe(false);
    const more = structuredClone(d);
    more.blocks[0].sections[0].columns[0].elements.push(text("<p>x</p>"));
    expect(sameStoredDocument(json, JSON.stringify(more))).toBe(false);
  });

  it("treats unreadable text as different, and absent keys as absent", () => {
    expect(sameStoredDocument(json, "{")).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
