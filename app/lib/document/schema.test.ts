import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "./build";
import { createBlock, createElement, emptyDocument } from "~/lib/elements/defaults";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { readStoredDocument } from "~/lib/pipeline/read";
import { DOC_VERSION, ELEMENT_TYPES, elementSchema, type PageDocument } from "./schema";
import { storedDocumentSchema } from "~/lib/pipeline/read";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";

function sample(): PageDocument {
  return doc(block({}, row([6, [heading("T", 1)]], [6, [text("<p>x</p>")]])));
}
const clone = <T>(v: T): T => structuredClone(v);

describe("pageDocumentSchema", () => {
  it("accepts a valid document and every element default", () => {
    expect(pageDocumentSchema.safeParse(sample()).success).toBe(true);
    expect(pageDocumentSchema.safeParse(emptyDocument()).success).toBe(true);
    for (const type of ELEMENT_TYPES) expect(elementSchema.safeParse(createElement(type)).success, type).toBe(true);
    const d = emptyDocument();
    d.blocks.push(createBlock("three-columns"));
    expect(pageDocumentSchema.safeParse(d).success).toBe(true);
  });

  it("rejects a duplicated id, whatever the level", () => {
    const dupEl = sample();
    dupEl.blocks[0].sections[0].columns[1].elements[0].id = dupEl.blocks[0].sections[0].columns[0].elements[0].id;
    const r = pageDocumentSchema.safeParse(dupEl);
    expect(r.success).toBe(false);
    expect(r.error?.message).toMatch(/double/);

    const dupBlock = sample();
    dupBlock.blocks.push(clone(dupBlock.blocks[0]));
    expect(pageDocumentSchema.safeParse(dupBlock).success).toBe(false);

    const dupCol = sample();
    dupCol.blocks[0].sections[0].columns[1].id = dupCol.blocks[0].sections[0].columns[0].id;
    expect(pageDocumentSchema.safeParse(dupCol).success).toBe(false);
  });

  it.each([0, 13, -1, 6.5, Number.NaN])("rejects a column width of %s", (width) => {
    const d = sample();
    d.blocks[0].sections[0].columns[0].width = width;
    expect(pageDocumentSchema.safeParse(d).success).toBe(false);
  });

  it.each([1, 12])("accepts a column width of %s", (width) => {
    const d = sample();
    d.blocks[0].sections[0].columns[0].width = width;
    expect(pageDocumentSchema.safeParse(d).success).toBe(true);
  });

  it("rejects an unknown element type, a bad id prefix, a wrong version, unknown keys", () => {
    const unknownType = clone(sample()) as unknown as { blocks: { sections: { columns: { elements: { type: string }[] }[] }[] }[] };
    unknownType.blocks[0].sections[0].columns[0].elements[0].type = "carousel3d";
    expect(pageDocumentSchema.safeParse(unknownType).success).toBe(false);

    const badPrefix = sample();
    badPrefix.blocks[0].sections[0].columns[0].elements[0].id = "block-xyz";
    expect(pageDocumentSchema.safeParse(badPrefix).success).toBe(false);

    expect(pageDocumentSchema.safeParse({ ...sample(), version: DOC_VERSION + 1 }).success).toBe(false);
    // A document without a version predates versioning: it is migrated, then checked (decision 022).
    expect(pageDocumentSchema.safeParse({ blocks: [] }).success).toBe(true);

    const extra = sample() as unknown as { blocks: { sections: { columns: { elements: Record<string, unknown>[] }[] }[] }[] };
    extra.blocks[0].sections[0].columns[0].elements[0].onclick = "alert(1)";
    expect(pageDocumentSchema.safeParse(extra).success).toBe(false);
  });

  it("rejects hostile style keys and a section without columns", () => {
    const d = sample();
    d.blocks[0].styles = { "background-image": "url(x)" };
    expect(pageDocumentSchema.safeParse(d).success).toBe(false);
    const e = sample();
    e.blocks[0].sections[0].columns = [];
    expect(pageDocumentSchema.safeParse(e).success).toBe(false);
  });

  it("rejects more than 5000 elements", () => {
    const d = emptyDocument();
    for (let b = 0; b < 11; b++) {
      const bl = createBlock("full-width");
      for (let i = 0; i < 480; i++) bl.sections[0].columns[0].elements.push(createElement("spacer"));
      d.blocks.push(bl);
    }
    const r = pageDocumentSchema.safeParse(d);
    expect(r.success).toBe(false);
    expect(r.error?.message).toMatch(/5000/);
  });
});

describe("storedDocumentSchema", () => {
  it("accepts an unknown element type (the renderer shows an error text for it)", () => {
    const d = clone(sample()) as unknown as { blocks: { sections: { columns: { elements: { type: string }[] }[] }[] }[] };
    d.blocks[0].sections[0].columns[0].elements[0].type = "carousel3d";
    const r = storedDocumentSchema.safeParse(d);
    expect(r.success).toBe(true);
    expect(r.data?.blocks[0].sections[0].columns[0].elements[0].type).toBe("carousel3d");
  });

  it("still rejects widths outside 1..12", () => {
    const d = sample();
    d.blocks[0].sections[0].columns[0].width = 13;
    expect(storedDocumentSchema.safeParse(d).success).toBe(false);
  });
});

describe("migrateDocument", () => {
  it("turns a bare array of blocks into a current document", () => {
    const blocks = sample().blocks;
    const migrated = migrateDocument(clone(blocks));
    expect(migrated).toEqual({ version: DOC_VERSION, blocks });
    expect(pageDocumentSchema.safeParse(migrated).success).toBe(true);
  });

  it("gives an unversioned object the current version and an empty array an empty document", () => {
    expect(migrateDocument({ blocks: [] })).toEqual({ version: DOC_VERSION, blocks: [] });
    expect(migrateDocument([])).toEqual({ version: DOC_VERSION, blocks: [] });
    expect(migrateDocument({ version: 0, blocks: "nope" })).toEqual({ version: DOC_VERSION, blocks: [] });
  });

  it("leaves current documents alone and non-objects as they are", () => {
    const d = sample();
    expect(migrateDocument(d)).toEqual(d);
    expect(migrateDocument(d)).not.toBe(d);
    expect(migrateDocument(null)).toBeNull();
    expect(migrateDocument(42)).toBe(42);
    expect(migrateDocument("x")).toBe("x");
  });

  it("stops on a version it has no migration for instead of looping", () => {
    expect(migrateDocument({ version: -3, blocks: [] })).toEqual({ version: -3, blocks: [] });
  });
});

describe("readStoredDocument", () => {
  it("reads, migrates and validates", () => {
    const d = sample();
    expect(readStoredDocument(JSON.stringify(d))).toEqual({ doc: d });
    expect(readStoredDocument(JSON.stringify(d.blocks))).toEqual({ doc: d });
  });

  it.each([null, undefined, ""])("an empty value (%j) is an empty document without error", (v) => {
    expect(readStoredDocument(v)).toEqual({ doc: { version: DOC_VERSION, blocks: [] } });
  });

  it.each(["{not json", "42", "null", '"text"', '{"version":1,"blocks":[{"id":"x"}]}', '{"version":99,"blocks":[]}'])(
    "an unreadable value (%s) is an empty document with an error",
    (v) => {
      const r = readStoredDocument(v);
      expect(r.doc).toEqual({ version: DOC_VERSION, blocks: [] });
      expect(r.error).toBeTruthy();
    },
  );
});
