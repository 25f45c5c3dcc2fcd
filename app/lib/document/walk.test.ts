import { describe, expect, it } from "vitest";
import { findElementWhere, mapElements, walkElements } from "./walk";

const el = (id: string, content = "") => ({ id, type: "text", content, styles: {} });
const doc = {
  blocks: [
    {
      id: "b1",
      sections: [
        {
          id: "s1",
          columns: [
            { id: "c1", elements: [el("e1"), el("e2")] },
            { id: "c2", elements: [el("e3")] },
          ],
        },
      ],
    },
    { id: "b2", sections: [{ id: "s2", columns: [{ id: "c3", elements: [el("e4", "x")] }] }] },
  ],
};

describe("walkElements", () => {
  it("visits every element in document order with its place, and stops on false", () => {
    const seen: string[] = [];
    walkElements(doc, (e, at) => {
      seen.push(`${e.id}@${at.blockId}/${at.sectionId}/${at.columnId}:${at.path.join(".")}`);
    });
    expect(seen).toEqual(["e1@b1/s1/c1:0.0.0.0", "e2@b1/s1/c1:0.0.0.1", "e3@b1/s1/c2:0.0.1.0", "e4@b2/s2/c3:1.0.0.0"]);
    const stopped: string[] = [];
    walkElements(doc, (e) => {
      stopped.push(e.id);
      return e.id !== "e2";
    });
    expect(stopped).toEqual(["e1", "e2"]);
  });

  it("finds the first match", () => {
    expect(findElementWhere(doc, (e) => e.content === "x")?.id).toBe("e4");
    expect(findElementWhere(doc, (e) => e.id === "nope")).toBeUndefined();
  });
});

describe("mapElements", () => {
  it("returns the same document when nothing changes", () => {
    expect(mapElements(doc, (e) => e)).toBe(doc);
  });

  it("shares untouched branches and replaces only the changed path", () => {
    const next = mapElements(doc, (e) => (e.id === "e3" ? { ...e, content: "changed" } : e));
    expect(next).not.toBe(doc);
    expect(next.blocks[1]).toBe(doc.blocks[1]);
    expect(next.blocks[0].sections[0].columns[0]).toBe(doc.blocks[0].sections[0].columns[0]);
    expect(next.blocks[0].sections[0].columns[1].elements[0].content).toBe("changed");
    expect(doc.blocks[0].sections[0].columns[1].elements[0].content).toBe("");
  });
});
