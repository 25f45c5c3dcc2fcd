import { describe, expect, it } from "vitest";
import { countWords, excerptFrom, statsLabel } from "./text-stats";

describe("word count and reading time", () => {
  it("counts words, not punctuation or spaces", () => {
    expect(countWords("Un  deux, trois ! « quatre »\u00a0— cinq 2026")).toBe(6);
    expect(countWords("")).toBe(0);
  });
  it("writes French figures: narrow no-break space between thousands, no-break space before the unit", () => {
    expect(statsLabel(1240, 7200)).toBe("1\u202f240\u00a0mots · 6\u00a0min de lecture");
    expect(statsLabel(1, 10)).toBe("1\u00a0mot · 1\u00a0min de lecture");
  });
});

describe("excerpt from the first paragraph", () => {
  it("takes the first paragraph that has text", () => {
    expect(excerptFrom(["", "  Premier   paragraphe. ", "Second"])).toBe("Premier paragraphe.");
  });
  it("cuts a long paragraph at a word, under the limit, with an ellipsis", () => {
    const long = "mot ".repeat(200);
    const e = excerptFrom([long]);
    expect(e.length).toBeLessThanOrEqual(300);
    expect(e.endsWith("mot…")).toBe(true);
  });
});
