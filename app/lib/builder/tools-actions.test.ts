import { describe, expect, it } from "vitest";
import { offlineBlock } from "~/lib/ai/offline";
import { createBlock, createElement } from "~/lib/elements/defaults";
import { defaultHeroBlock } from "~/lib/builder/hero";
import { DOC_VERSION, type PageDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { appendBlockAction, insertHeroBlockAction, moveElementToBlockAction, select } from "./actions";
import { currentOffer } from "./undo-offer";
import { createBuilderStore, initialBuilderState, undo } from "./store";

function twoBlocks(): PageDocument {
  const a = createBlock("two-columns");
  const b = createBlock("three-columns");
  a.sections[0].columns[1].elements.push(createElement("text"), createElement("heading"));
  b.sections[0].columns[1].elements.push(createElement("image"));
  return { version: DOC_VERSION, blocks: [a, b] };
}
const valid = (doc: PageDocument) => expect(pageDocumentSchema.safeParse(doc).success).toBe(true);

describe("moving an element between blocks (Alt+Shift+Up/Down)", () => {
  it("goes to the column of the same rank of the next block, first; back up, last", () => {
    const s = createBuilderStore(initialBuilderState(twoBlocks(), 1));
    const [t, h] = s.getState().doc.blocks[0].sections[0].columns[1].elements.map((e) => e.id);
    select(s, { kind: "element", id: t });
    moveElementToBlockAction(s, "down");
    let doc = s.getState().doc;
    expect(doc.blocks[0].sections[0].columns[1].elements.map((e) => e.id)).toEqual([h]);
    expect(doc.blocks[1].sections[0].columns[1].elements[0].id).toBe(t);
    expect(s.getState().announcement).toBe("Élément déplacé dans le bloc 2 sur 2");
    valid(doc);
    moveElementToBlockAction(s, "down"); // no third block
    expect(s.getState().doc).toBe(doc);
    moveElementToBlockAction(s, "up");
    doc = s.getState().doc;
    expect(doc.blocks[0].sections[0].columns[1].elements.map((e) => e.id)).toEqual([h, t]);
    undo(s);
    expect(s.getState().doc.blocks[1].sections[0].columns[1].elements[0].id).toBe(t);
  });

  it("clamps to the last column of a narrower block, and ignores a block selection", () => {
    const doc = twoBlocks();
    const img = doc.blocks[1].sections[0].columns[1].elements[0].id;
    doc.blocks[1].sections[0].columns[2].elements.push(createElement("divider"));
    const d = doc.blocks[1].sections[0].columns[2].elements[0].id;
    const s = createBuilderStore(initialBuilderState(doc, 1));
    select(s, { kind: "element", id: d });
    moveElementToBlockAction(s, "up");
    expect(s.getState().doc.blocks[0].sections[0].columns[1].elements.at(-1)?.id).toBe(d);
    select(s, { kind: "block", id: doc.blocks[1].id });
    const before = s.getState().doc;
    moveElementToBlockAction(s, "up");
    expect(s.getState().doc).toBe(before);
    expect(img).toMatch(/^element-/);
  });
});

describe("blocks from the tools", () => {
  it("the hero block fills an empty page only, selected, in the page's language", () => {
    const s = createBuilderStore(initialBuilderState({ version: DOC_VERSION, blocks: [] }, 1));
    insertHeroBlockAction(s, defaultHeroBlock("fr"));
    const doc = s.getState().doc;
    expect(doc.blocks).toHaveLength(1);
    const [h, , b] = doc.blocks[0].sections[0].columns[0].elements;
    expect(h).toMatchObject({ type: "heading", level: 1 });
    expect(b).toMatchObject({ type: "button", href: "/offres" });
    expect(s.getState().selected).toEqual({ kind: "block", id: doc.blocks[0].id });
    valid(doc);
    insertHeroBlockAction(s, defaultHeroBlock("fr"));
    expect(s.getState().doc).toBe(doc);
    expect(defaultHeroBlock("en").sections[0].columns[0].elements[2].href).toBe("/en/offers");
  });

  it("a generated block is appended and selected, with its undo offered", () => {
    const s = createBuilderStore(initialBuilderState(twoBlocks(), 1));
    const block = offlineBlock("un bloc");
    appendBlockAction(s, block);
    expect(s.getState().doc.blocks.at(-1)?.id).toBe(block.id);
    expect(s.getState().selected).toEqual({ kind: "block", id: block.id });
    expect(currentOffer(s)?.label).toBe("Bloc généré ajouté");
    valid(s.getState().doc);
  });

  it("a generated block lands after the block holding the selection", () => {
    const s = createBuilderStore(initialBuilderState(twoBlocks(), 1));
    const [first, second] = s.getState().doc.blocks;
    select(s, { kind: "element", id: first.sections[0].columns[1].elements[0].id });
    const block = offlineBlock("un bloc");
    appendBlockAction(s, block);
    expect(s.getState().doc.blocks.map((b) => b.id)).toEqual([first.id, block.id, second.id]);
  });

  it("without a selection, a generated block lands after the block in view; the selection wins over it", () => {
    const s = createBuilderStore(initialBuilderState(twoBlocks(), 1));
    const [first, second] = s.getState().doc.blocks;
    const block = offlineBlock("un bloc");
    appendBlockAction(s, block, first.id);
    expect(s.getState().doc.blocks.map((b) => b.id)).toEqual([first.id, block.id, second.id]);
    expect(s.getState().selected).toEqual({ kind: "block", id: block.id });
    const other = offlineBlock("un autre");
    select(s, { kind: "block", id: second.id });
    appendBlockAction(s, other, first.id);
    expect(s.getState().doc.blocks.map((b) => b.id)).toEqual([first.id, block.id, second.id, other.id]);
  });
});
