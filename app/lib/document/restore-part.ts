import { newId } from "./ids";
import { sameValue } from "./same";
import type { Block, PageDocument, Section } from "./schema";

/**
 * Putting one part of another version (a revision, the other editor's draft) into a document, as pure
 * operations (issue 25 §3 and §4, decision 050). A part whose id the document still has replaces it where it
 * is; a part it lost goes back beside the neighbour it had in that version (after the nearest one before
 * it that is still there, else before the nearest one after it), and at the end when none is left.
 * Everything else is left as it was. Ids stay unique: a node of the restored part whose id the document
 * uses elsewhere (an element moved out of the block since) comes back under a new id, so both copies stay.
 */

type Prefix = "block-" | "section-" | "column-" | "element-";
const prefixOf = (id: string): Prefix => (id.slice(0, id.indexOf("-") + 1) || "element-") as Prefix;

function idsOfBlocks(blocks: readonly Block[], into = new Set<string>()): Set<string> {
  for (const b of blocks) {
    into.add(b.id);
    for (const s of b.sections) idsOfSection(s, into);
  }
  return into;
}

function idsOfSection(s: Section, into: Set<string>): Set<string> {
  into.add(s.id);
  for (const c of s.columns) {
    into.add(c.id);
    for (const e of c.elements) into.add(e.id);
  }
  return into;
}

const fresh = (id: string, taken: Set<string>) => {
  if (!taken.has(id)) {
    taken.add(id);
    return id;
  }
  const next = newId(prefixOf(id));
  taken.add(next);
  return next;
};

function renewSection(s: Section, taken: Set<string>): Section {
  return {
    ...s,
    id: fresh(s.id, taken),
    columns: s.columns.map((c) => ({ ...c, id: fresh(c.id, taken), elements: c.elements.map((e) => ({ ...e, id: fresh(e.id, taken) })) })),
  };
}

function renewBlock(b: Block, taken: Set<string>): Block {
  return { ...b, id: fresh(b.id, taken), sections: b.sections.map((s) => renewSection(s, taken)) };
}

/** Where an item the list lost goes back: after its nearest earlier neighbour still there, else before the next one, else last. */
function placeOf(list: readonly { id: string }[], sourceIds: readonly string[], id: string): number {
  const at = sourceIds.indexOf(id);
  const index = new Map(list.map((x, i) => [x.id, i]));
  for (let i = at - 1; i >= 0; i--) {
    const j = index.get(sourceIds[i]);
    if (j !== undefined) return j + 1;
  }
  for (let i = at + 1; i < sourceIds.length; i++) {
    const j = index.get(sourceIds[i]);
    if (j !== undefined) return j;
  }
  return list.length;
}

/** `doc` with `source`'s block `blockId` put back (replacing the one of that id, or at its old place). */
export function restoreBlock(doc: PageDocument, source: PageDocument, blockId: string): PageDocument {
  const part = source.blocks.find((b) => b.id === blockId);
  if (!part) return doc;
  const at = doc.blocks.findIndex((b) => b.id === blockId);
  const others = doc.blocks.filter((b) => b.id !== blockId);
  const restored = renewBlock(part, idsOfBlocks(others));
  const blocks = doc.blocks.slice();
  if (at >= 0) blocks[at] = restored;
  else
    blocks.splice(
      placeOf(
        doc.blocks,
        source.blocks.map((b) => b.id),
        blockId,
      ),
      0,
      restored,
    );
  return { ...doc, blocks };
}

/**
 * `doc` with `source`'s section `sectionId` put back: in place when the document still has it, else in its
 * block at its old place; when the block itself is gone, that block comes back holding only this section.
 */
export function restoreSection(doc: PageDocument, source: PageDocument, sectionId: string): PageDocument {
  const sourceBlock = source.blocks.find((b) => b.sections.some((s) => s.id === sectionId));
  if (!sourceBlock) return doc;
  const part = sourceBlock.sections.find((s) => s.id === sectionId)!;
  // Every id of the document but those of the section being replaced.
  const taken = new Set<string>();
  for (const b of doc.blocks) {
    taken.add(b.id);
    for (const s of b.sections) if (s.id !== sectionId) idsOfSection(s, taken);
  }
  const holder = doc.blocks.find((b) => b.sections.some((s) => s.id === sectionId));
  if (holder) {
    const restored = renewSection(part, taken);
    return { ...doc, blocks: doc.blocks.map((b) => (b === holder ? { ...b, sections: b.sections.map((s) => (s.id === sectionId ? restored : s)) } : b)) };
  }
  const home = doc.blocks.find((b) => b.id === sourceBlock.id);
  if (home) {
    const restored = renewSection(part, taken);
    const sections = home.sections.slice();
    sections.splice(
      placeOf(
        home.sections,
        sourceBlock.sections.map((s) => s.id),
        sectionId,
      ),
      0,
      restored,
    );
    return { ...doc, blocks: doc.blocks.map((b) => (b === home ? { ...b, sections } : b)) };
  }
  return restoreBlock(doc, { ...source, blocks: source.blocks.map((b) => (b === sourceBlock ? { ...b, sections: [part] } : b)) }, sourceBlock.id);
}

export type Side = "theirs" | "mine";

/**
 * The conflict view's result (issue 25 §3): for each block, the version chosen. Blocks in yours keep your
 * order, those only in theirs sit beside their neighbours; a block kept from a side where it is absent is
 * left out (choosing "theirs" for a block they deleted deletes it). A block without a choice is one that is
 * the same on both sides, or present on one side only, where the default keeps it. Ids are made unique
 * again (a node moved between blocks on one side could otherwise appear twice): the later copy gets a new id.
 */
export function mergeByBlock(theirs: PageDocument, mine: PageDocument, choices: ReadonlyMap<string, Side>): PageDocument {
  const t = new Map(theirs.blocks.map((b) => [b.id, b]));
  const m = new Map(mine.blocks.map((b) => [b.id, b]));
  const inMine = new Set(m.keys());
  const order: string[] = [];
  // Your order, with their blocks you do not have placed after their nearest earlier neighbour.
  const runs = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const b of theirs.blocks) {
    if (inMine.has(b.id)) anchor = b.id;
    else runs.set(anchor, [...(runs.get(anchor) ?? []), b.id]);
  }
  order.push(...(runs.get(null) ?? []));
  for (const b of mine.blocks) order.push(b.id, ...(runs.get(b.id) ?? []));
  const taken = new Set<string>();
  const blocks: Block[] = [];
  for (const id of order) {
    const side = choices.get(id) ?? (m.has(id) ? "mine" : "theirs");
    const chosen = side === "mine" ? m.get(id) : t.get(id);
    if (chosen) blocks.push(renewBlock(chosen, taken));
  }
  return { ...mine, blocks };
}

/**
 * The side a block's choice starts on, from the version both editors started from (`base`, what this
 * browser last saved): the side that changed it, since the other did not touch it; yours when both did
 * (`both`: the view says so) or when neither did.
 */
export function startingSide(base: Block | undefined, theirs: Block | undefined, mine: Block | undefined): { side: Side; both: boolean } {
  const mineChanged = !sameValue(base, mine);
  const theirsChanged = !sameValue(base, theirs);
  return { side: theirsChanged && !mineChanged ? "theirs" : "mine", both: mineChanged && theirsChanged };
}
