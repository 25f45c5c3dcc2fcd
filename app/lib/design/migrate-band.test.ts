import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { DOC_VERSION } from "~/lib/document/model";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { storedDocumentSchema } from "~/lib/pipeline/read";
import { migrateDarkBand } from "./migrate-document";
import { bandRef, colorRef } from "./tokens";

const INK = colorRef("ink");

/** A version 5 document: a dark block, a section dark on phones only, a column, and a button in the ink. */
const v5 = () => ({
  version: 5,
  blocks: [
    {
      id: "block-a",
      type: "container",
      styles: { backgroundColor: INK, paddingTop: "var(--ds-space-l)" },
      sections: [
        {
          id: "section-a",
          deviceStyles: { mobile: { backgroundColor: INK } },
          columns: [
            {
              id: "column-a",
              width: 12,
              styles: { backgroundColor: ` ${INK}` },
              elements: [{ id: "element-a", type: "button", content: "Go", href: "/", styles: { backgroundColor: INK, color: "#ffffff" } }],
            },
          ],
        },
      ],
    },
  ],
});

describe("document migration 5 → 6: the dark band's background is « Fond sombre » (decision 052)", () => {
  it("maps blocks', sections' and columns' ink backgrounds (per device too) and leaves elements' ink alone", () => {
    const out = migrateDarkBand(v5()) as ReturnType<typeof v5>;
    expect(out.version).toBe(6);
    const block = out.blocks[0];
    expect(block.styles).toEqual({ backgroundColor: bandRef, paddingTop: "var(--ds-space-l)" });
    expect(block.sections[0].deviceStyles).toEqual({ mobile: { backgroundColor: bandRef } });
    expect(block.sections[0].columns[0].styles).toEqual({ backgroundColor: bandRef });
    expect(block.sections[0].columns[0].elements[0].styles).toEqual({ backgroundColor: INK, color: "#ffffff" });
    // Migrating again changes nothing.
    expect(migrateDarkBand(JSON.parse(JSON.stringify(out)))).toEqual(out);
  });

  it("is reached by a stored document of an earlier version, and what it gives is a valid document", () => {
    const v1 = { version: 1, blocks: [{ id: "block-b", type: "container", styles: { backgroundColor: "#14171c" }, sections: [] }] };
    const out = storedDocumentSchema.parse(migrateDocument(v1));
    expect(out.version).toBe(DOC_VERSION);
    expect(out.blocks[0].styles.backgroundColor).toBe(bandRef);
    expect(storedDocumentSchema.parse(migrateDocument(v5())).blocks[0].styles.backgroundColor).toBe(bandRef);
  });

  it("gives every seeded page's closing band « Fond sombre », and no layer the ink", () => {
    const all = SEED_PAGES.flatMap((p) => [p.fr.doc, p.en.doc]);
    const bands = all.flatMap((d) => d.blocks.filter((b) => b.styles.backgroundColor === bandRef));
    expect(bands.length).toBeGreaterThan(5);
    for (const d of all) for (const b of d.blocks) expect(b.styles.backgroundColor).not.toBe(INK);
  });
});
