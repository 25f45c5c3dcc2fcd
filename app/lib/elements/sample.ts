import type { DocumentTree } from "~/lib/document/walk";
import { elementDefinition } from "./registry";

/**
 * Sample copy (decision 036): the text of a starting layout, of a saved model inserted in a page and of
 * the offline AI example is marked where it is made, so the pre-publish check can tell "to rewrite" from
 * a real sentence. The mark is a fingerprint of the element's visible text: any edit, by whatever tool,
 * changes the text and the mark no longer matches, so nothing has to remember to clear it.
 */

/** The visible text of an element's content, tags and entities out, spaces collapsed. */
function visibleText(content: string): string {
  return content
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** FNV-1a (32 bits) of the visible text, in base 36: short, stable across the sanitizer's re-serialising. */
export function sampleFingerprint(content: string): string {
  const text = visibleText(content);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

interface Markable {
  type: string;
  content: string;
  sample?: string;
}

/** The element with its text marked as sample copy; elements without text (images, spacers…) unchanged. */
export function markSample<E extends Markable>(element: E): E {
  const def = elementDefinition(element.type);
  if (!def?.text || visibleText(element.content) === "") return element;
  return { ...element, sample: sampleFingerprint(element.content) };
}

/** Every text element of a block (or a whole document) marked as sample copy; a new tree, same ids. */
export function markSampleTree<E extends Markable, T extends DocumentTree<E>>(tree: T): T {
  return {
    ...tree,
    blocks: tree.blocks.map((b) => ({
      ...b,
      sections: b.sections.map((s) => ({ ...s, columns: s.columns.map((c) => ({ ...c, elements: c.elements.map(markSample) })) })),
    })),
  };
}

/** True while the element still shows the sample text it was given. */
export function isUntouchedSample(element: Markable): boolean {
  return element.sample !== undefined && element.sample === sampleFingerprint(element.content);
}
