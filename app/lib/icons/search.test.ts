import { describe, expect, it } from "vitest";
import sanitizeHtml from "sanitize-html";
import { sanitizeSvg } from "~/lib/document/sanitize.server";
import { FIRST_RESULTS, FRENCH_ICON_SEARCHES } from "../../../tests/support/icon-searches";
import { ICONS } from "./catalog.generated";
import { ICON_CATEGORIES, iconByMarkup, iconCategoryLabel, searchIcons } from "./search";

describe("icon library", () => {
  it("holds hundreds of icons in the seed's categories", () => {
    expect(ICONS.length).toBeGreaterThan(300);
    for (const c of ICON_CATEGORIES) expect(ICONS.filter((i) => i.category === c).length).toBeGreaterThan(30);
    expect(new Set(ICONS.map((i) => i.name)).size).toBe(ICONS.length);
  });

  it("searches names and tags within a category", () => {
    expect(searchIcons("clock", "").some((i) => i.name === "clock")).toBe(true);
    expect(searchIcons("pizza", "Restaurant & Food").map((i) => i.name)).toContain("pizza");
    expect(searchIcons("pizza", "UI Elements")).toEqual([]);
    expect(searchIcons("zzzz-introuvable", "")).toEqual([]);
    expect(searchIcons("", "Communication").every((i) => i.category === "Communication")).toBe(true);
  });

  it("gives every icon a French name and every category a French label", () => {
    for (const icon of ICONS) {
      expect(icon.fr, icon.name).toMatch(/\S/);
      expect(icon.fr, icon.name).not.toBe(icon.name);
    }
    expect(ICON_CATEGORIES.map(iconCategoryLabel)).toEqual([
      "Restauration et alimentation",
      "Commerce et marketing",
      "Temps et agenda",
      "Communication",
      "Réseaux sociaux",
      "Éléments d'interface",
    ]);
  });

  it.each(FRENCH_ICON_SEARCHES)("finds %s → %s among the first results", (query, name) => {
    const found = searchIcons(query, "").map((i) => i.name);
    expect(found.indexOf(name), found.slice(0, FIRST_RESULTS).join(", ")).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(name), found.slice(0, FIRST_RESULTS).join(", ")).toBeLessThan(FIRST_RESULTS);
  });

  it("ignores accents, case and the œ ligature, and needs every word", () => {
    expect(searchIcons("ÉTOILE", "")[0]?.name).toBe(searchIcons("etoile", "")[0]?.name);
    expect(searchIcons("coeur", "")[0]?.name).toBe("heart");
    expect(searchIcons("calendrier rendez-vous", "").every((i) => i.name.startsWith("calendar"))).toBe(true);
    expect(searchIcons("calendrier pizza", "")).toEqual([]);
  });

  it("names the icon a page stores, through the server's sanitizer", () => {
    const gift = ICONS.find((i) => i.name === "gift");
    expect(gift).toBeDefined();
    expect(iconByMarkup(sanitizeSvg(gift?.svg ?? ""))?.fr).toBe("Cadeau");
    expect(iconByMarkup('<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>')).toBeUndefined();
  });

  it("names every icon of the catalogue after sanitizing, the first of equal drawings as the catalogue orders them", () => {
    const stored = ICONS.map((icon) => sanitizeSvg(icon.svg));
    stored.forEach((markup, i) => expect(iconByMarkup(markup), ICONS[i].name).toBe(ICONS[stored.indexOf(markup)]));
    // Equal drawings exist: which one names the element is decided by the catalogue's order, not the table's.
    expect(new Set(stored).size).toBeLessThan(stored.length);
  });

  it("keeps every icon intact through the server's SVG sanitizer", () => {
    const norm = (s: string) =>
      sanitizeHtml(s, {
        allowedTags: false,
        allowedAttributes: false,
        allowVulnerableTags: true,
        parser: { lowerCaseAttributeNames: false, lowerCaseTags: false },
      });
    for (const icon of ICONS) expect(sanitizeSvg(icon.svg)).toBe(norm(icon.svg));
  });
});
