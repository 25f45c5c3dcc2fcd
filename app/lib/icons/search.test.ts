import { describe, expect, it } from "vitest";
import sanitizeHtml from "sanitize-html";
import { sanitizeSvg } from "~/lib/document/sanitize.server";
import { ICONS } from "./catalog.generated";
import { ICON_CATEGORIES, searchIcons } from "./search";

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
