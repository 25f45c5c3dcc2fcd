import { describe, expect, it } from "vitest";
import { frenchTypography } from "~/lib/typography/french";
import { en } from "./en";
import { fr } from "./fr";

describe("the public dictionaries", () => {
  // Visitors' JavaScript does not carry the typography module: the French strings are stored typeset.
  it.each(Object.entries(fr))("French %s is already in French typography", (_key, value) => {
    expect(value).toBe(frenchTypography(value));
  });

  it("has no space before a colon in English, where French would put one", () => {
    for (const [key, value] of Object.entries(en)) expect(value, key).not.toMatch(/[\s\u00A0\u202F][:;!?]/);
  });
});
