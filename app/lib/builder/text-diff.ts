import { diffWords } from "diff";
import { elementDefinition } from "~/lib/elements/registry";
import { plainText } from "./layers";

/**
 * What a changed element says before and after, word by word, for the compare and conflict views
 * (decision 050): the `diff` package's word diff (Myers' algorithm, maintained, linear in practice) over
 * the element's plain text, so a changed bold tag does not show as a changed sentence. Elements without
 * text (an image, a divider) compare their alternative text, then their address.
 */
export interface TextPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** The text a reader sees of an element: its words, else its alternative text, else its content (an address). */
export function readableText(el: { type: string; content: string; alt?: string }): string {
  const def = elementDefinition(el.type);
  if (def?.text) return plainText(el.content);
  if (el.alt) return el.alt;
  return el.type === "gallery" || el.type === "icon" ? "" : el.content;
}

export function textDiff(before: string, after: string): TextPart[] {
  if (before === after) return before ? [{ kind: "same", text: before }] : [];
  return diffWords(before, after).map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value }));
}
