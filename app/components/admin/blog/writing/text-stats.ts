import { minutesForCharacters } from "~/lib/blog/reading";
import { NNBSP } from "~/lib/typography/french";

/**
 * The editor bar's "1 240 mots · 6 min de lecture" and the excerpt taken from the first paragraph. Pure
 * functions over the writing surface's text (the editor hands over its top-level nodes' text).
 */
const WORD = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/[\s\u00a0\u202f]+/)) if (WORD.test(token)) n++;
  return n;
}

const number = new Intl.NumberFormat("fr-FR");

/** French figures: a narrow no-break space between thousands, and one before the unit so they never part. */
export function statsLabel(words: number, chars: number): string {
  const figure = number.format(words).replace(/[\u00a0\u202f ]/g, NNBSP);
  return `${figure}\u00a0mot${words > 1 ? "s" : ""} · ${minutesForCharacters(chars)}\u00a0min de lecture`;
}

/** The excerpt's limit (articleMetaSchema). */
export const EXCERPT_MAX = 300;

/** The first paragraph, cut at a word before the limit with an ellipsis. */
export function excerptFrom(paragraphs: string[], max = EXCERPT_MAX): string {
  const first = paragraphs.map((p) => p.replace(/\s+/g, " ").trim()).find((p) => p.length > 0) ?? "";
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?–—-]+$/, "")}…`;
}
