import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "./build";
import { BLOCK_LAYOUTS, createBlock, createElement, NEW_BLOCK_STYLES } from "~/lib/elements/defaults";
import { locateElement, locateSection, targetColumn } from "./locate";
import { ELEMENT_TYPES, type PageDocument } from "./schema";

/** Where nodes sit (keyboard moves, the settings panel, where a new element goes) and seed 001 §3 defaults. */
function fixture(): PageDocument {
  return doc(
    block({}, row([6, [heading("A", 1), text("<p>b</p>"), text("<p>c</p>")]], [6, []]), row([12, [text("<p>d</p>")]])),
    block({}, row([4, []], [4, [text("<p>e</p>")]], [4, []])),
  );
}

describe("locateElement", () => {
  it("gives block, section, column, the section's columns, index and count", () => {
    const d = fixture();
    const [b0, b1] = d.blocks;
    const e = b0.sections[0].columns[0].elements[1];
    expect(locateElement(d, e.id)).toEqual({
      blockId: b0.id,
      sectionId: b0.sections[0].id,
      columnId: b0.sections[0].columns[0].id,
      siblingColumns: b0.sections[0].columns.map((c) => c.id),
      index: 1,
      count: 3,
    });
    const e2 = b1.sections[0].columns[1].elements[0];
    expect(locateElement(d, e2.id)).toMatchObject({ blockId: b1.id, columnId: b1.sections[0].columns[1].id, index: 0, count: 1 });
    expect(locateElement(d, "element-nope")).toBeNull();
    // A block or column id is not an element.
    expect(locateElement(d, b0.id)).toBeNull();
    expect(locateElement(d, b0.sections[0].columns[0].id)).toBeNull();
  });
});

describe("locateSection", () => {
  it("gives the block, index and count of a section", () => {
    const d = fixture();
    const [b0, b1] = d.blocks;
    expect(locateSection(d, b0.sections[1].id)).toEqual({ blockId: b0.id, index: 1, count: 2 });
    expect(locateSection(d, b1.sections[0].id)).toEqual({ blockId: b1.id, index: 0, count: 1 });
    expect(locateSection(d, "section-nope")).toBeNull();
  });
});

describe("targetColumn", () => {
  it("is the selected element's column", () => {
    const d = fixture();
    const e = d.blocks[1].sections[0].columns[1].elements[0];
    expect(targetColumn(d, { kind: "element", id: e.id })).toBe(d.blocks[1].sections[0].columns[1].id);
  });
  it("is the selected block's last column of its last section", () => {
    const d = fixture();
    expect(targetColumn(d, { kind: "block", id: d.blocks[0].id })).toBe(d.blocks[0].sections[1].columns[0].id);
  });
  it("with nothing selected, is the last column of the last block", () => {
    const d = fixture();
    expect(targetColumn(d, null)).toBe(d.blocks[1].sections[0].columns[2].id);
  });
  it("is null when there is nowhere to go", () => {
    expect(targetColumn(doc(), null)).toBeNull();
    expect(targetColumn(doc(block({})), null)).toBeNull();
    expect(targetColumn(fixture(), { kind: "element", id: "element-gone" })).toBeNull();
  });
});

describe("defaults of seed 001 §3 and §9", () => {
  it("new blocks: padding XL (40px) 0, the surface (white), marginBottom XL, one section with the layout's widths", () => {
    expect(NEW_BLOCK_STYLES).toEqual({
      paddingTop: "var(--ds-space-xl)",
      paddingBottom: "var(--ds-space-xl)",
      paddingLeft: "0px",
      paddingRight: "0px",
      backgroundColor: "var(--surface)",
      marginBottom: "var(--ds-space-xl)",
    });
    expect(BLOCK_LAYOUTS).toEqual({ "full-width": [12], "two-columns": [6, 6], "three-columns": [4, 4, 4] });
    for (const layout of Object.keys(BLOCK_LAYOUTS) as (keyof typeof BLOCK_LAYOUTS)[]) {
      const b = createBlock(layout);
      expect(b.id).toMatch(/^block-/);
      expect(b.type).toBe("container");
      expect(b.styles).toEqual(NEW_BLOCK_STYLES);
      expect(b.styles).not.toBe(NEW_BLOCK_STYLES);
      expect(b.sections).toHaveLength(1);
      expect(b.sections[0].id).toMatch(/^section-/);
      expect(b.sections[0].columns.map((c) => c.width)).toEqual(BLOCK_LAYOUTS[layout]);
      expect(b.sections[0].columns.every((c) => c.id.startsWith("column-") && c.elements.length === 0)).toBe(true);
    }
  });

  it("each element type has the specified default", () => {
    const d = Object.fromEntries(ELEMENT_TYPES.map((t) => [t, createElement(t)]));
    expect(d.heading).toMatchObject({ content: "Nouveau titre", styles: { fontSize: "var(--ds-size-h2)", fontWeight: "800", color: "var(--text)" } });
    expect(d.text.content).toMatch(/^(<p>)?Nouveau texte(<\/p>)?$/);
    expect(d.text.styles).toMatchObject({ fontSize: "var(--ds-size-body)", color: "var(--text)" });
    expect(d.list.content.match(/<li>/g)).toHaveLength(3);
    expect(d.list.content.match(/✓/g)).toHaveLength(3);
    expect(d.image.content).toMatch(/^\/media\/.+\.(jpe?g|png|webp)$/);
    expect(d.image.styles).toMatchObject({ width: "100%", borderRadius: "0px" });
    expect(d.video.content).toMatch(/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\/(embed\/|video\/)/);
    expect(d.button).toMatchObject({
      content: "Cliquez ici",
      href: "",
      styles: { backgroundColor: "var(--ds-btn-primary-bg)", color: "var(--ds-btn-primary-text)", borderRadius: "var(--ds-btn-primary-radius)" },
    });
    expect(d.divider.styles).toMatchObject({ height: "1px", marginBottom: "0px" });
    expect(d.divider.styles.borderTop).toMatch(/^1px solid #/);
    expect(d.spacer.styles).toEqual({ height: "40px" });
    const g = JSON.parse(d.gallery.content);
    expect(g).toMatchObject({ type: "grid", options: { columns: 3, gap: "10px" } });
    expect(g.images).toHaveLength(3);
    expect(d.icon.content).toMatch(/^<svg[\s\S]*<circle[\s\S]*<\/svg>$/);
    // Every new element gets its own id.
    const ids = ELEMENT_TYPES.map((t) => createElement(t).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^element-[a-z0-9]{10}$/.test(id))).toBe(true);
  });
});
