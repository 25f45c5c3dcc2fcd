import { ICONS } from "./catalog.generated";

/** The categories of seed 001 §3, in its order. */
export const ICON_CATEGORIES = ["Restaurant & Food", "Business & Marketing", "Time & Schedule", "Communication", "Social Media", "UI Elements"] as const;

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** Icons whose name or tags contain every word of the query, within a category ("" for all). */
export function searchIcons(query: string, category: string) {
  const words = fold(query)
    .split(/[\s-]+/)
    .filter(Boolean);
  return ICONS.filter((icon) => {
    if (category && icon.category !== category) return false;
    if (words.length === 0) return true;
    const hay = `${icon.name} ${icon.tags.join(" ")}`;
    return words.every((w) => hay.includes(w));
  });
}
