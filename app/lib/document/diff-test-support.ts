import { block, heading, row, text } from "./build";
import { deleteBlock, deleteElement, insertBlock, insertElement, moveBlock, moveElement, updateBlock, updateElement } from "./ops";
import type { PageDocument } from "./schema";

/**
 * Random edit runs for the property tests of the diff, restore and merge (diff.test.ts, restore-part.test.ts):
 * a seeded generator, so a failure reproduces, and the builder's own operations, so every document is one
 * an editor could have made.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: enough spread for picking edits, and the same run every time.
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined => (items.length ? items[Math.floor(random() * items.length)] : undefined);

function elementsOf(doc: PageDocument) {
  return doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements.map((e) => ({ e, c })))));
}
const columnsOf = (doc: PageDocument) => doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns));

export function randomEdit(doc: PageDocument, random: () => number): PageDocument {
  const kind = Math.floor(random() * 8);
  const el = pick(elementsOf(doc), random);
  const col = pick(columnsOf(doc), random);
  const b = pick(doc.blocks, random);
  switch (kind) {
    case 0:
      return el ? updateElement(doc, el.e.id, { content: `${el.e.content} modifié ${Math.floor(random() * 1000)}` }) : doc;
    case 1:
      return b && doc.blocks.length > 1 ? deleteBlock(doc, b.id) : doc;
    case 2:
      return doc.blocks.length > 1 ? moveBlock(doc, Math.floor(random() * doc.blocks.length), Math.floor(random() * doc.blocks.length)) : doc;
    case 3:
      return el && col ? moveElement(doc, el.e.id, col.id, Math.floor(random() * (col.elements.length + 1))) : doc;
    case 4:
      return col ? insertElement(doc, col.id, text(`<p>Ajout ${Math.floor(random() * 1000)}</p>`), 0) : doc;
    case 5:
      return el ? deleteElement(doc, el.e.id) : doc;
    case 6:
      return b ? updateBlock(doc, b.id, { styles: { ...b.styles, paddingTop: `${Math.floor(random() * 90)}px` } }) : doc;
    default:
      return insertBlock(doc, block({}, row([12, [heading(`Bloc neuf ${Math.floor(random() * 1000)}`, 2)]])), Math.floor(random() * (doc.blocks.length + 1)));
  }
}

export function randomEdits(doc: PageDocument, random: () => number, count: number): PageDocument {
  let out = doc;
  for (let i = 0; i < count; i++) out = randomEdit(out, random);
  return out;
}
