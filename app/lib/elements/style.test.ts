import { describe, expect, it } from "vitest";
import { hideClasses, safeStyle, SHADOWS } from "./style";

describe("safeStyle", () => {
  it("keeps known properties with inert values, trimmed", () => {
    expect(safeStyle({ color: " #333333 ", fontSize: "24px", backgroundColor: "rgba(0,0,0,.5)", padding: "10px 20px" })).toEqual({
      color: "#333333",
      fontSize: "24px",
      backgroundColor: "rgba(0,0,0,.5)",
      padding: "10px 20px",
    });
  });

  it.each([
    ["backgroundColor", "url(https://evil.example/x.png)"],
    ["backgroundColor", "URL (javascript:alert(1))"],
    ["width", "expression(alert(1))"],
    ["color", "red; position: fixed"],
    ["color", "red}body{display:none"],
    ["color", "<script>"],
    ["color", "javascript:alert(1)"],
    ["color", "\\75rl(x)"],
    ["color", "@import 'x'"],
    ["color", "   "],
  ])("drops %s: %j", (key, value) => {
    expect(safeStyle({ [key]: value })).toEqual({});
  });

  it("drops unknown properties", () => {
    expect(safeStyle({ position: "fixed", backgroundImage: "none", behavior: "x", zIndex: "9999", color: "red" })).toEqual({ color: "red" });
  });

  it("maps shadow presets and ignores unknown ones", () => {
    expect(safeStyle({ shadow: "medium" })).toEqual({ boxShadow: SHADOWS.medium });
    expect(safeStyle({ shadow: "very strong" })).toEqual({ boxShadow: SHADOWS["very strong"] });
    expect(safeStyle({ shadow: "none" })).toEqual({});
    expect(safeStyle({ shadow: "0 0 5px url(x)" })).toEqual({});
    expect(safeStyle({ boxShadow: "0 0 5px red" })).toEqual({});
  });

  it("omits the requested keys and accepts no styles at all", () => {
    expect(safeStyle({ color: "red", height: "1px" }, ["height"])).toEqual({ color: "red" });
    expect(safeStyle(undefined)).toEqual({});
  });
});

describe("hideClasses", () => {
  it("gives one container-query class per hidden device", () => {
    expect(hideClasses(undefined)).toBe("");
    expect(hideClasses({})).toBe("");
    expect(hideClasses({ mobile: true })).toBe("@max-tablet:hidden");
    expect(hideClasses({ mobile: true, tablet: true, desktop: true }).split(" ")).toHaveLength(3);
    expect(hideClasses({ mobile: false, desktop: true })).toBe("@desktop:hidden");
  });
});
