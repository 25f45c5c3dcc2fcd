import { describe, expect, it } from "vitest";
import { DEVICE_STYLE_KEYS, type DeviceStyles } from "~/lib/document/devices";
import { kebab } from "./device-css";
import { CANVAS_DEVICE_CSS, deviceVarProps } from "./device-vars";

describe("per-device values in the canvas (decision 058)", () => {
  it("are custom properties named by device, with the overridden properties listed per device", () => {
    const deviceStyles: DeviceStyles = { tablet: { fontSize: "36px" }, mobile: { fontSize: "28px", textAlign: "center" } };
    expect(deviceVarProps({ deviceStyles })).toEqual({
      "data-dt": "font-size",
      "data-dm": "font-size text-align",
      style: { "--dt-font-size": "36px", "--dm-font-size": "28px", "--dm-text-align": "center" },
    });
  });

  it("mark a button and an image, whose styled node is not the rendered child", () => {
    const deviceStyles: DeviceStyles = { mobile: { width: "50%" } };
    expect(deviceVarProps({ deviceStyles }, "image")["data-dk"]).toBe("image");
    expect(deviceVarProps({ deviceStyles }, "button")["data-dk"]).toBe("button");
    expect(deviceVarProps({ deviceStyles }, "text")["data-dk"]).toBeUndefined();
    expect(deviceVarProps({}, "button")).toEqual({});
  });

  it("are the same object for the same values, so an unchanged node gives React nothing to compare", () => {
    const node = { deviceStyles: { tablet: { paddingTop: "8px" } } };
    expect(deviceVarProps(node)).toBe(deviceVarProps({ ...node }));
    // A button's or an image's too, each with its mark.
    expect(deviceVarProps(node, "button")).toBe(deviceVarProps({ ...node }, "button"));
    expect(deviceVarProps(node, "image")["data-dk"]).toBe("image");
    expect(deviceVarProps(node)["data-dk"]).toBeUndefined();
    expect(deviceVarProps({})).toBe(deviceVarProps({ deviceStyles: {} }));
  });

  it("drop what the public sheet drops: values that could leave a declaration, keys that are not per-device", () => {
    const mobile = {
      fontSize: "1px}</style><script>alert(1)</script>",
      paddingTop: "url(x)",
      marginTop: "1px !important",
      gap: "2px;color:red",
      width: "10px",
      color: '"red"',
    };
    (mobile as Record<string, string>).fontWeight = "700";
    expect(deviceVarProps({ deviceStyles: { mobile } })).toEqual({ "data-dm": "width", style: { "--dm-width": "10px" } });
    expect(deviceVarProps({ deviceStyles: { mobile: { paddingTop: "url(x)" } } })).toEqual({});
  });

  it("are read by one fixed sheet: every per-device property, tablet then mobile, for every kind of node", () => {
    const tablet = CANVAS_DEVICE_CSS.indexOf("@container (width < 64rem){");
    const mobile = CANVAS_DEVICE_CSS.indexOf("@container (width < 48rem){");
    expect(tablet).toBe(0);
    expect(mobile).toBeGreaterThan(tablet);
    for (const key of DEVICE_STYLE_KEYS) {
      const name = kebab(key);
      for (const [p, from] of [
        ["dt", tablet],
        ["dm", mobile],
      ] as const) {
        const rule = CANVAS_DEVICE_CSS.slice(from).match(new RegExp(`[^}]*\\{${name}:var\\(--${p}-${name}\\) !important\\}`))?.[0] ?? "";
        expect(rule, `${p} ${name}`).toContain(`[data-builder-block][data-${p}~="${name}"],`);
        expect(rule).toContain(`[data-builder-section][data-${p}~="${name}"] > .doc-section,`);
        expect(rule).toContain(`[data-builder-column][data-${p}~="${name}"],`);
        expect(rule).toContain(`[data-builder-element][data-${p}~="${name}"]:not([data-dk]) > .el > *,`);
        expect(rule).toContain(`[data-builder-element][data-${p}~="${name}"][data-dk="image"] > .el .el-image,`);
        expect(rule).toContain(key === "textAlign" ? `[data-dk="button"] > .el > div{` : `[data-dk="button"] > .el .el-button{`);
      }
    }
    // Nothing in it comes from a document: the same text for every page.
    expect(CANVAS_DEVICE_CSS).not.toMatch(/element-|block-|section-|column-/);
  });
});
