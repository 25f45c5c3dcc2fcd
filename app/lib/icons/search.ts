import { ICONS, ICON_CATEGORY_LABELS } from "./catalog.generated";

export type Icon = (typeof ICONS)[number];

/** The categories of seed 001 §3, in its order (the stored ids stay the seed's English names). */
export const ICON_CATEGORIES = ["Restaurant & Food", "Business & Marketing", "Time & Schedule", "Communication", "Social Media", "UI Elements"] as const;

/** The French label of a category id, for the filter and the grid. */
const labels: Record<string, string | undefined> = ICON_CATEGORY_LABELS;
export const iconCategoryLabel = (category: string): string => labels[category] ?? category;

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .toLowerCase()
    .trim();

const split = (s: string) => s.split(/[\s\-'’]+/).filter(Boolean);

type Indexed = { icon: Icon; name: string[]; synonyms: string[]; keywords: string[]; all: string };

// Folded once, on the first search: a keystroke then only compares short strings.
let index: Indexed[] | null = null;
function indexed(): Indexed[] {
  index ??= ICONS.map((icon) => {
    const name = split(fold(icon.fr));
    const synonyms = split(fold(icon.synonyms));
    const keywords = split(fold(icon.keywords));
    return { icon, name, synonyms, keywords, all: `${name.join(" ")} ${synonyms.join(" ")} ${keywords.join(" ")} ${icon.name} ${icon.tags.join(" ")}` };
  });
  return index;
}

// Lower is better: a word of the French name (whole, then its start), of the icon's own synonyms, of its
// tags in French, then anything else (an English name or tag, a piece of a word); -1 when absent.
function rank(entry: Indexed, word: string): number {
  const lists = [entry.name, entry.synonyms, entry.keywords];
  for (let i = 0; i < lists.length; i++) {
    if (lists[i].includes(word)) return i * 2;
    if (lists[i].some((w) => w.startsWith(word))) return i * 2 + 1;
  }
  return entry.all.includes(word) ? lists.length * 2 : -1;
}

/**
 * Icons whose French or English name, keywords or tags hold every word of the query, within a category
 * ("" for all), without regard to accents or case; the closest French matches first.
 */
export function searchIcons(query: string, category: string): Icon[] {
  const words = split(fold(query));
  const found: { icon: Icon; score: number; order: number }[] = [];
  indexed().forEach((entry, order) => {
    if (category && entry.icon.category !== category) return;
    let score = 0;
    for (const w of words) {
      const r = rank(entry, w);
      if (r < 0) return;
      score += r;
    }
    // A short name is the plain icon ("Calendrier" before "Calendrier validé 2").
    found.push({ icon: entry.icon, score: score * 100 + entry.name.length, order });
  });
  if (words.length > 0) found.sort((a, b) => a.score - b.score || a.order - b.order);
  return found.map((f) => f.icon);
}

/** Markup reduced to what survives the server's sanitizer (it re-serialises empty elements). */
const shape = (s: string) =>
  s
    .replace(/<\/[a-z]+>/gi, "")
    .replace(/\s*\/?>/g, ">")
    .replace(/\s+/g, " ");

// Built once: the settings of a selected icon look it up on every render, and reshaping the 531 icons' markup
// each time cost the first select of an icon a few milliseconds (bench:builder).
let byShape: Map<string, Icon> | undefined;
function lookupTable(): Map<string, Icon> {
  if (byShape) return byShape;
  byShape = new Map();
  for (const icon of ICONS) {
    const key = shape(icon.svg);
    if (!byShape.has(key)) byShape.set(key, icon);
  }
  return byShape;
}

/** Builds the lookup table ahead of the first icon's settings (the builder calls it when idle). */
export function prepareIconLookup(): void {
  lookupTable();
}

/** The catalogue's icon drawn by stored markup (the first of equal drawings, as the catalogue orders them). */
export function iconByMarkup(markup: string): Icon | undefined {
  return lookupTable().get(shape(markup));
}
