import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { STARTER_KEYS, starterBlock } from "~/lib/builder/starters";
import { defaultHeroBlock } from "~/lib/builder/hero";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { DOC_VERSION } from "~/lib/document/model";
import { carriesBrandLiteral, migrateBrandToToken } from "./migrate-brand";

const REF = "var(--color-brand-yellow)";

describe("document migration 3 → 4: the literal brand colour becomes the brand token", () => {
  it("replaces it in styles, shorthands, per-device values and rich text's inline colour, and nothing else", () => {
    const doc = {
      version: 3,
      blocks: [
        {
          id: "block-a",
          styles: { backgroundColor: "#FFC104" },
          sections: [
            {
              id: "section-a",
              columns: [
                {
                  id: "column-a",
                  elements: [
                    { id: "element-a", type: "heading", content: "Titre", styles: { borderTop: "4px solid #ffc104", color: "rgb(255, 193, 4)" } },
                    {
                      id: "element-b",
                      type: "text",
                      content: '<p>Écrivez <a href="mailto:x@y.fr" style="color:#ffc104">ici</a> : la couleur #ffc104 est jaune.</p>',
                      styles: { color: "#ffc1049" },
                      deviceStyles: { mobile: { borderBottom: "1px solid #ffc104" } },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const out = migrateBrandToToken(doc) as typeof doc;
    expect(out.version).toBe(4);
    expect(out.blocks[0].styles.backgroundColor).toBe(REF);
    const [h, t] = out.blocks[0].sections[0].columns[0].elements as unknown as Record<string, unknown>[];
    expect(h.styles).toEqual({ borderTop: `4px solid ${REF}`, color: REF });
    // The visible text is not touched; a longer hex is not the brand colour.
    expect(t.content).toBe(`<p>Écrivez <a href="mailto:x@y.fr" style="color:${REF}">ici</a> : la couleur #ffc104 est jaune.</p>`);
    expect(t.styles).toEqual({ color: "#ffc1049" });
    expect(t.deviceStyles).toEqual({ mobile: { borderBottom: `1px solid ${REF}` } });
  });

  it("is reached by a document of any earlier version", () => {
    const old = { version: 1, blocks: [{ id: "block-a", styles: { borderTop: "4px solid #ffc104" }, sections: [] }] };
    const out = migrateDocument(old) as { version: number; blocks: { styles: Record<string, string> }[] };
    expect(out.version).toBe(DOC_VERSION);
    expect(out.blocks[0].styles.borderTop).toBe(`4px solid ${REF}`);
  });

  it("finds no literal brand colour left in any seeded page or starting layout", () => {
    for (const p of SEED_PAGES) for (const lang of ["fr", "en"] as const) expect(carriesBrandLiteral(JSON.stringify(p[lang].doc))).toBe(false);
    for (const lang of ["fr", "en"] as const) {
      for (const key of STARTER_KEYS) expect(carriesBrandLiteral(JSON.stringify(starterBlock(key, lang))), key).toBe(false);
      expect(carriesBrandLiteral(JSON.stringify(defaultHeroBlock(lang)))).toBe(false);
    }
  });
});
