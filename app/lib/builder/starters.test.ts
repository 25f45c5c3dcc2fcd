import { describe, expect, it } from "vitest";
import { DOC_VERSION } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { collectIds } from "~/lib/document/ops";
import { STARTER_KEYS, starterBlock } from "./starters";
import { walkElements } from "~/lib/document/walk";

describe("starting layouts", () => {
  it.each(["fr", "en"] as const)("are valid page documents in %s, with fresh ids each time", (lang) => {
    const doc = { version: DOC_VERSION as typeof DOC_VERSION, blocks: STARTER_KEYS.map((k) => starterBlock(k, lang)) };
    expect(pageDocumentSchema.safeParse(doc).success).toBe(true);
    const again = { version: DOC_VERSION as typeof DOC_VERSION, blocks: STARTER_KEYS.map((k) => starterBlock(k, lang)) };
    const ids = new Set(collectIds(doc));
    expect(collectIds(again).some((id) => ids.has(id))).toBe(false);
  });

  it("speak the seeded pages' vocabulary: one h1 (the hero's), pill buttons with real links, images with alt text", () => {
    const doc = { version: DOC_VERSION as typeof DOC_VERSION, blocks: STARTER_KEYS.map((k) => starterBlock(k, "fr")) };
    let h1 = 0;
    walkElements(doc, (e) => {
      if (e.type === "heading" && e.level === 1) h1++;
      if (e.type === "button") {
        expect(e.styles.borderRadius).toBe("var(--ds-radius-pill)");
        expect(e.href).toMatch(/^\/[a-z]/);
      }
      if (e.type === "image") expect(e.alt).toBeTruthy();
    });
    expect(h1).toBe(1);
    expect(starterBlock("contact", "fr").styles.backgroundColor).toBe("var(--color-band)");
  });
});
