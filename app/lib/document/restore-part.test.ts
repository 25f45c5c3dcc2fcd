import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { block, doc, heading, row, text } from "./build";
import { diffDocuments } from "./diff";
import { randomEdits, rng } from "./diff-test-support";
import { collectIds, deleteBlock, deleteSection, moveBlock, moveElement, updateElement } from "./ops";
import { mergeByBlock, restoreBlock, restoreSection, startingSide, type Side } from "./restore-part";
import type { PageDocument } from "./schema";

/** Restoring one block or section from a revision, and the conflict view's merge (issue 25 §3 and §4). */
const SEEDED = SEED_PAGES.flatMap((p) => [p.fr.doc, p.en.doc]).filter((d) => d.blocks.length >= 3);
const home = SEED_PAGES[0].fr.doc;
const json = (x: unknown) => JSON.stringify(x);
const unique = (d: PageDocument) => {
  const ids = collectIds(d);
  return new Set(ids).size === ids.length;
};

describe("restoreBlock", () => {
  it("puts an edited block back as it was and leaves every other block as it is", () => {
    const target = home.blocks[2];
    const el = target.sections[0].columns[0].elements[0];
    const other = home.blocks[4].sections[0].columns[0].elements[0];
    const draft = updateElement(updateElement(home, el.id, { content: "<p>Réécrit</p>" }), other.id, { content: "<p>Autre changement</p>" });
    const restored = restoreBlock(draft, home, target.id);
    expect(json(restored.blocks[2])).toBe(json(target));
    restored.blocks.forEach((b, i) => {
      if (i !== 2) expect(b).toBe(draft.blocks[i]);
    });
    // The other change is kept: the diff with the revision now names that block only.
    expect(
      diffDocuments(home, restored)
        .blocks.filter((b) => b.kind !== "same")
        .map((b) => b.id),
    ).toEqual([home.blocks[4].id]);
  });

  it("a deleted block comes back at its old place; at the end when its neighbours are gone too", () => {
    const [b0, b1, b2] = home.blocks;
    const draft = deleteBlock(home, b1.id);
    const back = restoreBlock(draft, home, b1.id);
    expect(back.blocks.map((b) => b.id)).toEqual(home.blocks.map((b) => b.id));
    // Its earlier neighbour gone too: before the next one still there.
    const noB0 = deleteBlock(draft, b0.id);
    expect(restoreBlock(noB0, home, b1.id).blocks[0].id).toBe(b1.id);
    expect(restoreBlock(noB0, home, b1.id).blocks[1].id).toBe(b2.id);
    // Every neighbour gone: appended.
    const lone = doc(block({}, row([12, [heading("Tout neuf", 1)]])));
    const appended = restoreBlock(lone, home, b1.id);
    expect(appended.blocks.map((b) => b.id)).toEqual([lone.blocks[0].id, b1.id]);
  });

  it("an element moved out of the block since keeps its place; the restored copy gets a new id", () => {
    const target = home.blocks[1];
    const el = target.sections[0].columns[0].elements[0];
    const elsewhere = home.blocks[3].sections[0].columns[0];
    const draft = moveElement(home, el.id, elsewhere.id, 0);
    const restored = restoreBlock(draft, home, target.id);
    expect(unique(restored)).toBe(true);
    expect(restored.blocks[3].sections[0].columns[0].elements[0].id).toBe(el.id);
    const copy = restored.blocks[1].sections[0].columns[0].elements[0];
    expect(copy.id).not.toBe(el.id);
    expect(copy.content).toBe(el.content);
  });

  it("an unknown id changes nothing", () => {
    expect(restoreBlock(home, home, "block-absent")).toBe(home);
    expect(restoreSection(home, home, "section-absent")).toBe(home);
  });
});

describe("restoreSection", () => {
  it("in place, beside its old neighbours, or in its block brought back with it alone", () => {
    const b = home.blocks.find((x) => x.sections.length >= 2) ?? home.blocks[0];
    const s = b.sections[b.sections.length - 1];
    const el = s.columns[0].elements[0];
    const edited = updateElement(home, el.id, { content: "<p>Changé</p>" });
    expect(json(restoreSection(edited, home, s.id))).toBe(json(home));
    const removed = deleteSection(home, s.id);
    expect(json(restoreSection(removed, home, s.id))).toBe(json(home));
    const noBlock = deleteBlock(home, b.id);
    const back = restoreSection(noBlock, home, s.id);
    const returned = back.blocks.find((x) => x.id === b.id)!;
    expect(returned.sections.map((x) => x.id)).toEqual([s.id]);
    expect(back.blocks.map((x) => x.id)).toEqual(home.blocks.map((x) => x.id));
  });
});

describe("mergeByBlock and startingSide", () => {
  it("keeps one block from each side", () => {
    const [b0, b1] = home.blocks;
    const e0 = b0.sections[0].columns[0].elements[0];
    const e1 = b1.sections[0].columns[0].elements[0];
    const theirs = updateElement(updateElement(home, e0.id, { content: "Leur titre" }), e1.id, { content: "<p>Leur texte</p>" });
    const mine = updateElement(updateElement(home, e0.id, { content: "Mon titre" }), e1.id, { content: "<p>Mon texte</p>" });
    const merged = mergeByBlock(
      theirs,
      mine,
      new Map<string, Side>([
        [b0.id, "theirs"],
        [b1.id, "mine"],
      ]),
    );
    expect(merged.blocks[0].sections[0].columns[0].elements[0].content).toBe("Leur titre");
    expect(merged.blocks[1].sections[0].columns[0].elements[0].content).toBe("<p>Mon texte</p>");
    expect(json(merged.blocks.slice(2))).toBe(json(home.blocks.slice(2)));
  });

  it("starts on the side that changed the block since the last save; yours when both did", () => {
    const [b0] = home.blocks;
    const changed = { ...b0, styles: { ...b0.styles, paddingTop: "99px" } };
    expect(startingSide(b0, changed, b0)).toEqual({ side: "theirs", both: false });
    expect(startingSide(b0, b0, changed)).toEqual({ side: "mine", both: false });
    expect(startingSide(b0, { ...changed }, { ...b0, styles: {} })).toEqual({ side: "mine", both: true });
    // Deleted by them, untouched here: their deletion is the start.
    expect(startingSide(b0, undefined, b0)).toEqual({ side: "theirs", both: false });
    // Added by them: kept.
    expect(startingSide(undefined, changed, undefined)).toEqual({ side: "theirs", both: false });
  });

  it("property: all mine gives mine, all theirs gives theirs' blocks, ids always unique", () => {
    const random = rng(50);
    for (let run = 0; run < 100; run++) {
      const base = SEEDED[run % SEEDED.length];
      const theirs = randomEdits(base, random, 1 + Math.floor(random() * 5));
      const mine = randomEdits(base, random, 1 + Math.floor(random() * 5));
      const ids = new Set([...theirs.blocks, ...mine.blocks].map((b) => b.id));
      const all = (side: Side) => new Map([...ids].map((id) => [id, side]));
      const m = mergeByBlock(theirs, mine, all("mine"));
      expect(unique(m)).toBe(true);
      expect(json(m)).toBe(json(mine));
      const t = mergeByBlock(theirs, mine, all("theirs"));
      expect(unique(t)).toBe(true);
      // Their blocks, every one, in your order where you have them.
      expect(new Set(t.blocks.map((b) => b.id))).toEqual(new Set(theirs.blocks.map((b) => b.id)));
      const mixed = mergeByBlock(theirs, mine, new Map([...ids].map((id) => [id, random() < 0.5 ? "mine" : "theirs"] as const)));
      expect(unique(mixed)).toBe(true);
    }
  });

  it("property: restoring each block of a revision into an edited draft brings it back and keeps ids unique", () => {
    const random = rng(7);
    for (let run = 0; run < 80; run++) {
      const revision = SEEDED[run % SEEDED.length];
      const draft = randomEdits(moveBlock(revision, 0, 1), random, 1 + Math.floor(random() * 6));
      const b = revision.blocks[Math.floor(random() * revision.blocks.length)];
      const restored = restoreBlock(draft, revision, b.id);
      expect(unique(restored)).toBe(true);
      const back = restored.blocks.find((x) => x.id === b.id)!;
      // Same content; only ids the draft uses elsewhere were renewed.
      const strip = (x: unknown) => json(x).replace(/"(element|column|section)-[A-Za-z0-9_-]+"/g, '"id"');
      expect(strip(back)).toBe(strip(b));
      // Every other block of the draft is untouched.
      for (const other of draft.blocks) if (other.id !== b.id) expect(restored.blocks).toContain(other);
    }
  });
});

describe("small documents", () => {
  it("a block only in theirs is kept beside its neighbour; a block only in mine after mine's", () => {
    const a = block({}, row([12, [text("<p>A</p>")]]));
    const b = block({}, row([12, [text("<p>B</p>")]]));
    const t = block({}, row([12, [text("<p>T</p>")]]));
    const m = block({}, row([12, [text("<p>M</p>")]]));
    const merged = mergeByBlock(doc(a, t, b), doc(a, b, m), new Map());
    expect(merged.blocks.map((x) => x.id)).toEqual([a.id, t.id, b.id, m.id]);
  });
});
