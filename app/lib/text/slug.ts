/**
 * A title as an address: lower case, accents and ligatures removed, dashes between words, 80 characters
 * at most. "Réserver en ligne : 5 signes !" → "reserver-en-ligne-5-signes". Pages and articles alike.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
