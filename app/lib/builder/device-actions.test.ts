import { describe, expect, it } from "vitest";
import { block, doc, heading, row } from "~/lib/document/build";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { resizeColumnAction } from "./actions";
import { resetColumnWidthAction, resetStylesAction, setStylesAction } from "./device-actions";
import { createBuilderStore, initialBuilderState, undo, type Device } from "./store";

function storeAt(device: Device) {
  const h = heading("Titre", 1, { styles: { fontSize: "48px", color: "#111" } });
  const d = doc(block({ paddingTop: "80px" }, row([6, [h]], [6, []])));
  const s = createBuilderStore({ ...initialBuilderState(d, 1), device });
  return { s, h: h.id, b: d.blocks[0].id, c: d.blocks[0].sections[0].columns[0].id };
}
const title = (s: ReturnType<typeof storeAt>["s"]) => s.getState().doc.blocks[0].sections[0].columns[0].elements[0];

describe("settings edits follow the device shown", () => {
  it("Mobile: the size goes to the mobile overrides, the weight to the shared styles; undo and Rétablir", () => {
    const { s, h } = storeAt("mobile");
    setStylesAction(s, { kind: "element", id: h }, { fontSize: "24px" }, "style:fontSize");
    setStylesAction(s, { kind: "element", id: h }, { fontWeight: "700" }, "style:fontWeight");
    expect(title(s).styles).toEqual({ fontSize: "48px", color: "#111", fontWeight: "700" });
    expect(title(s).deviceStyles).toEqual({ mobile: { fontSize: "24px" } });
    expect(pageDocumentSchema.safeParse(s.getState().doc).success).toBe(true);
    resetStylesAction(s, { kind: "element", id: h }, "mobile", ["fontSize"]);
    expect(title(s).deviceStyles).toBeUndefined();
    expect(s.getState().announcement).toBe("Valeur rétablie pour mobile");
    undo(s);
    expect(title(s).deviceStyles).toEqual({ mobile: { fontSize: "24px" } });
  });

  it("Mobile: a text colour for mobile only (issue 21), and a section's spacing per device", () => {
    const { s, h, b } = storeAt("mobile");
    setStylesAction(s, { kind: "element", id: h }, { color: "#c00000" }, "style:color");
    expect(title(s).styles.color).toBe("#111");
    expect(title(s).deviceStyles).toEqual({ mobile: { color: "#c00000" } });
    const section = s.getState().doc.blocks[0].sections[0];
    setStylesAction(s, { kind: "section", id: section.id }, { paddingTop: "var(--ds-space-l)" }, "style:paddingTop");
    const after = () => s.getState().doc.blocks[0].sections[0];
    expect(after().styles).toBeUndefined();
    expect(after().deviceStyles).toEqual({ mobile: { paddingTop: "var(--ds-space-l)" } });
    expect(pageDocumentSchema.safeParse(s.getState().doc).success).toBe(true);
    resetStylesAction(s, { kind: "section", id: section.id }, "mobile", ["paddingTop"]);
    expect(after().deviceStyles).toBeUndefined();
    expect(s.getState().doc.blocks[0].id).toBe(b);
  });

  it("Ordinateur: the edit writes the styles and leaves the overrides", () => {
    const { s, h, b } = storeAt("mobile");
    setStylesAction(s, { kind: "block", id: b }, { paddingTop: "24px" }, "style:paddingTop");
    setStylesAction(s, { kind: "element", id: h }, { fontSize: "24px" }, "style:fontSize");
    s.setState({ device: "desktop" });
    setStylesAction(s, { kind: "element", id: h }, { fontSize: "60px" }, "style:fontSize");
    expect(title(s).styles.fontSize).toBe("60px");
    expect(title(s).deviceStyles).toEqual({ mobile: { fontSize: "24px" } });
    expect(s.getState().doc.blocks[0].deviceStyles).toEqual({ mobile: { paddingTop: "24px" } });
    expect(s.getState().doc.blocks[0].styles.paddingTop).toBe("80px");
  });

  it("the column − and + change the width of the device shown only", () => {
    const { s, c } = storeAt("tablet");
    resizeColumnAction(s, c, 5);
    const col = () => s.getState().doc.blocks[0].sections[0].columns[0];
    expect(col().width).toBe(6);
    expect(col().deviceWidths).toEqual({ tablet: 5 });
    resizeColumnAction(s, c, 9); // 5 + 6: the row has room for 6 at most
    expect(col().deviceWidths).toEqual({ tablet: 6 });
    expect(s.getState().announcement).toBe("Largeur 6/12");
    resetColumnWidthAction(s, c, "tablet");
    expect(col()).not.toHaveProperty("deviceWidths");
  });
});
