import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { block, doc, heading, row, text } from "./build";
import { diffDocuments, movedIds, unionOrder } from "./diff";
import { collectIds, deleteBlock, deleteElement, insertBlock, insertElement, moveBlock, moveElement, updateBlock, updateElement } from "./ops";
import type { PageDocument } from "./schema";
import { randomEdits, rng } from "./diff-test-support";

/** The diff on the seeded pages with edits applied (issue 25 §4): what an editor does, classified right. */
const SEEDED = SEED_PAGES.flatMap((p) => [p.fr.doc, p.en.doc]).filter((d) => d.blocks.length >= 3);
const home = SEED_PAGES[0].fr.doc;

const firstText = (d: PageDocument) => {
  for (const b of d.blocks)
    for (const s of b.sections) for (const c of s.columns) for (const e of c.elements) if (e.type === "text" || e.type === "heading") return { b, e };
  throw new Error("no text");
};
const kinds = (d: ReturnType<typeof diffDocuments<PageDocument>>) => d.blocks.map((b) => `${b.kind}${b.moved ? "+moved" : ""}`);

describe("unionOrder and movedIds", () => {
  it("keeps the newer order and puts removed items after their old neighbour", () => {
    expect(unionOrder(["a", "b", "c", "d"], ["a", "c", "d", "e"])).toEqual(["a", "b", "c", "d", "e"]);
    expect(unionOrder(["x", "a"], ["a"])).toEqual(["x", "a"]);
    expect(unionOrder([], ["a"])).toEqual(["a"]);
  });
  it("marks only what left the order, not what it passed", () => {
    expect([...movedIds(["a", "b", "c", "d"], ["b", "c", "d", "a"])]).toEqual(["a"]);
    expect([...movedIds(["a", "b", "c"], ["a", "b", "c"])]).toEqual([]);
    expect([...movedIds(["a", "b"], ["c", "a"])]).toEqual([]);
  });
});

describe("diffDocuments on the seeded pages", () => {
  it("finds nothing between a page and itself, or a deep copy of it", () => {
    for (const d of SEEDED) {
      expect(diffDocuments(d, d).same).toBe(true);
      const copy = JSON.parse(JSON.stringify(d)) as PageDocument;
      const diff = diffDocuments(d, copy);
      expect(diff.same).toBe(true);
      expect(diff.blocks.map((b) => b.id)).toEqual(d.blocks.map((b) => b.id));
    }
  });

  it("a retyped sentence: its block and section changed, the element's content named, the rest the same", () => {
    const { b, e } = firstText(home);
    const after = updateElement(home, e.id, { content: e.content.replace(/<\/(p|h\d)>|$/, " et davantage</$1>") });
    const diff = diffDocuments(home, after);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1, moved: 0 });
    const changed = diff.blocks.find((x) => x.kind === "changed")!;
    expect(changed.id).toBe(b.id);
    const el = changed.sections.flatMap((s) => s.elements).filter((x) => x.kind !== "same");
    expect(el.map((x) => [x.id, x.fields])).toEqual([[e.id, ["content"]]]);
  });

  it("a deleted block is removed where it was, an added one added, a moved one moved alone", () => {
    const [b0, b1, b2] = home.blocks;
    const fresh = block({}, row([12, [heading("Nouveau bloc", 2)]]));
    const after = insertBlock(moveBlock(deleteBlock(home, b1.id), 0, home.blocks.length - 2), fresh, 1);
    const diff = diffDocuments(home, after);
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 0, moved: 1 });
    const byId = new Map(diff.blocks.map((x) => [x.id, x]));
    expect(byId.get(b1.id)!.kind).toBe("removed");
    expect(byId.get(fresh.id)!.kind).toBe("added");
    expect(byId.get(b0.id)!.moved).toBe(true);
    expect(byId.get(b2.id)!.moved).toBe(false);
    // The removed block is listed where it was: its earlier neighbour moved away, so before b2, not after b0.
    const order = diff.blocks.map((x) => x.id);
    expect(order.indexOf(b1.id)).toBeLessThan(order.indexOf(b2.id));
    expect(order.indexOf(b1.id)).toBeLessThan(order.indexOf(b0.id));
  });

  it("an element moved to another block is moved (and changed when retyped), never removed and added", () => {
    const { e } = firstText(home);
    const target = home.blocks[home.blocks.length - 1].sections[0].columns[0];
    const moved = updateElement(moveElement(home, e.id, target.id, 0), e.id, { content: "<p>Déplacé et réécrit</p>" });
    const diff = diffDocuments(home, moved);
    const all = diff.blocks.flatMap((b) => b.sections.flatMap((s) => s.elements));
    const entries = all.filter((x) => x.id === e.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "changed", moved: true, fields: ["content"] });
    expect(all.some((x) => x.kind === "removed" || x.kind === "added")).toBe(false);
  });

  it("a block's own settings or a new element mark the block changed", () => {
    const b = home.blocks[1];
    const styled = updateBlock(home, b.id, { styles: { ...b.styles, backgroundColor: "#123456" } });
    const d1 = diffDocuments(home, styled).blocks.find((x) => x.id === b.id)!;
    expect(d1).toMatchObject({ kind: "changed", ownChanged: true });
    const added = text("<p>Un paragraphe de plus</p>");
    const grown = insertElement(home, b.sections[0].columns[0].id, added);
    const d2 = diffDocuments(home, grown).blocks.find((x) => x.id === b.id)!;
    expect(d2.kind).toBe("changed");
    expect(d2.sections[0].elements.find((x) => x.id === added.id)!.kind).toBe("added");
    const gone = b.sections[0].columns[0].elements[0];
    const d3 = diffDocuments(home, deleteElement(home, gone.id)).blocks.find((x) => x.id === b.id)!;
    expect(d3.sections[0].elements.find((x) => x.id === gone.id)!.kind).toBe("removed");
  });

  it("property: every node of either version is listed once, classified consistently with the ids, over random edit runs", () => {
    const random = rng(25);
    for (let run = 0; run < 120; run++) {
      const before = SEEDED[run % SEEDED.length];
      const after = randomEdits(before, random, 1 + Math.floor(random() * 6));
      const diff = diffDocuments(before, after);
      const beforeIds = new Set(collectIds(before));
      const afterIds = new Set(collectIds(after));
      // Blocks: exactly the union, each once, in the newer version's order.
      const listed = diff.blocks.map((b) => b.id);
      expect(new Set(listed).size).toBe(listed.length);
      expect(new Set(listed)).toEqual(new Set([...before.blocks, ...after.blocks].map((b) => b.id)));
      expect(listed.filter((id) => after.blocks.some((b) => b.id === id))).toEqual(after.blocks.map((b) => b.id));
      // Elements: each id of either version listed once; added only when new, removed only when gone.
      const elements = diff.blocks.flatMap((b) => b.sections.flatMap((s) => s.elements));
      const seen = elements.map((e) => e.id);
      expect(new Set(seen).size).toBe(seen.length);
      for (const e of elements) {
        if (e.kind === "added") expect(beforeIds.has(e.id)).toBe(false);
        if (e.kind === "removed") expect(afterIds.has(e.id)).toBe(false);
      }
      for (const id of afterIds) if (id.startsWith("element-")) expect(seen).toContain(id);
      // Nothing changed is exactly a diff that says so.
      expect(diff.same).toBe(JSON.stringify(before) === JSON.stringify(after));
      expect(kinds(diff)).toHaveLength(listed.length);
    }
  });
});

describe("diffDocuments on small documents", () => {
  it("sections moved between blocks are compared with what they were", () => {
    const s = row([12, [heading("Section voyageuse", 2)]]);
    const a = block({}, s);
    const b = block({}, row([12, [text("<p>Reste</p>")]]));
    const before = doc(a, b);
    const after = doc({ ...a, sections: [] }, { ...b, sections: [...b.sections, s] });
    const diff = diffDocuments(before, after);
    const moved = diff.blocks[1].sections.find((x) => x.id === s.id)!;
    expect(moved).toMatchObject({ kind: "same", moved: true });
    expect(diff.blocks[0].sections).toHaveLength(0);
  });
});
