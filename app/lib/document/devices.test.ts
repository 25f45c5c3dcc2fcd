import { describe, expect, it } from "vitest";
import { block, doc, heading, row, text } from "./build";
import { effectiveStyles, effectiveWidth, isOverridden, maxWidthAt, resetPatch, rowsOf, stylePatch, wrappedColumns, type Device } from "./devices";
import { resetColumnWidth, resizeColumn, updateElement } from "./ops";
import { type PageDocument, type Section } from "./schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";

const DEVICES: Device[] = ["desktop", "tablet", "mobile"];

describe("per-device styles inherit from the larger device", () => {
  const node = {
    styles: { fontSize: "48px", color: "#111", paddingTop: "40px" },
    deviceStyles: { tablet: { fontSize: "36px" }, mobile: { paddingTop: "16px" } },
  };

  it("mobile ← tablet ← desktop", () => {
    expect(effectiveStyles(node, "desktop")).toEqual(node.styles);
    expect(effectiveStyles(node, "tablet")).toEqual({ fontSize: "36px", color: "#111", paddingTop: "40px" });
    expect(effectiveStyles(node, "mobile")).toEqual({ fontSize: "36px", color: "#111", paddingTop: "16px" });
    expect(isOverridden(node, "tablet", "fontSize")).toBe(true);
    expect(isOverridden(node, "mobile", "fontSize")).toBe(false);
    expect(isOverridden(node, "desktop", "fontSize")).toBe(false);
  });

  it("a mobile edit changes mobile only; a desktop edit never touches the overrides", () => {
    const m = stylePatch(node, "mobile", { fontSize: "20px" });
    expect(m).toEqual({ deviceStyles: { tablet: { fontSize: "36px" }, mobile: { paddingTop: "16px", fontSize: "20px" } } });
    const d = stylePatch(node, "desktop", { fontSize: "60px" });
    expect(d).toEqual({ styles: { ...node.styles, fontSize: "60px" } });
    expect("deviceStyles" in d).toBe(false);
  });

  it("weights and other shared settings edited in Mobile view stay shared; colours are per device (issue 21)", () => {
    expect(stylePatch(node, "mobile", { fontWeight: "700", color: "#f00", textAlign: "center" })).toEqual({
      styles: { ...node.styles, fontWeight: "700" },
      deviceStyles: { ...node.deviceStyles, mobile: { paddingTop: "16px", textAlign: "center", color: "#f00" } },
    });
  });

  it("Rétablir removes the override (and the device, and the field, once empty)", () => {
    expect(resetPatch(node, "tablet", ["fontSize"])).toEqual({ deviceStyles: { mobile: { paddingTop: "16px" } } });
    const once = { ...node, ...resetPatch(node, "tablet", ["fontSize"]) };
    expect(resetPatch(once, "mobile", ["paddingTop"])).toEqual({ deviceStyles: undefined });
    expect(resetPatch({ styles: {} }, "mobile", ["fontSize"])).toEqual({});
  });
});

describe("column widths per device", () => {
  it("tablet inherits desktop; mobile is full width (stacked) until set", () => {
    expect(effectiveWidth({ width: 6 }, "tablet")).toBe(6);
    expect(effectiveWidth({ width: 6 }, "mobile")).toBe(12);
    expect(effectiveWidth({ width: 6, deviceWidths: { tablet: 8, mobile: 4 } }, "tablet")).toBe(8);
    expect(effectiveWidth({ width: 6, deviceWidths: { tablet: 8, mobile: 4 } }, "mobile")).toBe(4);
  });

  it("rows wrap as CSS grid places spanning items", () => {
    expect(rowsOf([6, 6])).toEqual([0, 0]);
    expect(rowsOf([7, 6])).toEqual([0, 1]);
    expect(rowsOf([4, 4, 4, 4])).toEqual([0, 0, 0, 1]);
    expect(rowsOf([12, 12])).toEqual([0, 1]);
    expect(wrappedColumns([{ width: 7 }, { width: 6 }], "desktop")).toEqual(new Set([1]));
  });

  it("a full row lets no column grow; a desktop width also respects the tablet row it is inherited into", () => {
    const cols = [{ width: 6 }, { width: 6 }];
    expect(maxWidthAt(cols, 0, "desktop")).toBe(6);
    expect(maxWidthAt([{ width: 6 }, { width: 4 }], 0, "desktop")).toBe(8);
    // Tablet: the second column is 8 there, so the first (inheriting 4 from desktop) cannot grow on desktop.
    expect(maxWidthAt([{ width: 4 }, { width: 4, deviceWidths: { tablet: 8 } }], 0, "desktop")).toBe(4);
    // Mobile stacks: each column alone on its row, already 12.
    expect(maxWidthAt(cols, 0, "mobile")).toBe(12);
  });

  it("the mobile + changes mobile only (the bug of issue 11: desktop became 13/12)", () => {
    const d = doc(block({}, row([6, [heading("a")]], [6, [text("<p>b</p>")]])));
    const [c0, c1] = d.blocks[0].sections[0].columns;
    let next = resizeColumn(d, c0.id, 6, "mobile");
    next = resizeColumn(next, c1.id, 6, "mobile");
    next = resizeColumn(next, c0.id, 7, "mobile"); // row full: clamped
    const cols = next.blocks[0].sections[0].columns;
    expect(cols.map((c) => c.width)).toEqual([6, 6]);
    expect(cols.map((c) => c.deviceWidths?.mobile)).toEqual([6, 6]);
    expect(resizeColumn(next, c0.id, 7, "desktop")).toBe(next);
    // Rétablir: mobile stacks again; desktop untouched.
    const reset = resetColumnWidth(next, c0.id, "mobile");
    expect(reset.blocks[0].sections[0].columns[0]).not.toHaveProperty("deviceWidths");
    expect(reset.blocks[0].sections[0].columns[0].width).toBe(6);
  });

  it("no sequence of width edits on any device makes a section pass 12 on desktop or tablet, or adds a row anywhere", () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rowCount = (s: Section, device: Device) => Math.max(...rowsOf(s.columns.map((c) => effectiveWidth(c, device)))) + 1;
    const sum = (s: Section, device: Device) => s.columns.reduce((t, c) => t + effectiveWidth(c, device), 0);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + rand(4);
      const base = Math.floor(12 / n);
      let d: PageDocument = doc(block({}, row(...Array.from({ length: n }, () => [base, []] as [number, []]))));
      for (let step = 0; step < 60; step++) {
        const s = d.blocks[0].sections[0];
        const col = s.columns[rand(n)];
        const device = DEVICES[rand(3)];
        const width = effectiveWidth(col, device) + (rand(2) ? 1 : -1) * (1 + rand(3));
        const next = resizeColumn(d, col.id, width, device);
        expect(pageDocumentSchema.safeParse(next).success).toBe(true);
        const after = next.blocks[0].sections[0];
        for (const dev of DEVICES) expect(rowCount(after, dev)).toBeLessThanOrEqual(rowCount(s, dev));
        expect(sum(after, "desktop")).toBeLessThanOrEqual(12);
        expect(sum(after, "tablet")).toBeLessThanOrEqual(12);
        d = next;
      }
    }
  });
});

describe("the save schema", () => {
  const base = () => doc(block({}, row([6, [heading("a")]], [6, []])));
  it.each([0, 13, 6.5, -1, "6"])("refuses a per-device width of %s, in French", (w) => {
    const d = base() as unknown as { blocks: { sections: { columns: Record<string, unknown>[] }[] }[] };
    d.blocks[0].sections[0].columns[0].deviceWidths = { mobile: w };
    const r = pageDocumentSchema.safeParse(d);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/largeur par appareil invalide\u202f: un nombre entier de 1 à 12/);
  });

  it("refuses malformed overrides: unknown device, unknown or shared key, non-text value, a bad colour", () => {
    for (const bad of [
      { phone: { fontSize: "1px" } },
      { mobile: { fontWeight: "700" } },
      { mobile: { fontSize: 12 } },
      { mobile: "big" },
      { mobile: {} },
      { mobile: { color: "url(javascript:alert(1))" } },
    ]) {
      const d = updateElement(base(), base().blocks[0].sections[0].columns[0].elements[0].id, {});
      const el = d.blocks[0].sections[0].columns[0].elements[0] as unknown as Record<string, unknown>;
      el.deviceStyles = bad;
      expect(pageDocumentSchema.safeParse(d).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("accepts overrides on blocks, elements and columns", () => {
    const d = base();
    d.blocks[0].deviceStyles = { mobile: { paddingTop: "10px" } };
    d.blocks[0].sections[0].columns[0].deviceWidths = { tablet: 8, mobile: 12 };
    d.blocks[0].sections[0].columns[0].elements[0].deviceStyles = { tablet: { fontSize: "30px" }, mobile: { textAlign: "center" } };
    expect(pageDocumentSchema.safeParse(d).success).toBe(true);
  });
});
