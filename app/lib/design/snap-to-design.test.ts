import { describe, expect, it } from "vitest";
import { snapStylesToDesign } from "./snap-to-design";
import { DEFAULT_DESIGN } from "./tokens";

describe("styles held to the design", () => {
  it("turns colours into the nearest colour of the design, as references", () => {
    const out = snapStylesToDesign({ color: "#fec000", backgroundColor: "rgb(254, 254, 254)", borderColor: "#15171b" }, "text", DEFAULT_DESIGN);
    expect(out).toEqual({ color: "var(--color-brand-yellow)", backgroundColor: "var(--surface)", borderColor: "var(--color-ink)" });
  });

  it("turns text sizes into the nearest step of the element's scale", () => {
    expect(snapStylesToDesign({ fontSize: "38px" }, "heading", DEFAULT_DESIGN)).toEqual({ fontSize: "var(--ds-size-h2)" });
    expect(snapStylesToDesign({ fontSize: "3.5rem" }, "heading", DEFAULT_DESIGN)).toEqual({ fontSize: "var(--ds-size-h1)" });
    expect(snapStylesToDesign({ fontSize: "16px" }, "text", DEFAULT_DESIGN)).toEqual({ fontSize: "var(--ds-size-body)" });
  });

  it("keeps the design's own references and other properties; drops what cannot be read", () => {
    const styles = { color: "var(--text-muted)", fontSize: "var(--ds-size-lead)", backgroundColor: "transparent", textAlign: "center", paddingTop: "40px" };
    expect(snapStylesToDesign(styles, "text", DEFAULT_DESIGN)).toEqual(styles);
    expect(snapStylesToDesign({ color: "var(--inconnue)", fontSize: "clamp(1px, 2vw, 3px)", textAlign: "left" }, "text", DEFAULT_DESIGN)).toEqual({
      textAlign: "left",
    });
  });

  it("follows the design it is given", () => {
    const design = { ...DEFAULT_DESIGN, colors: { ...DEFAULT_DESIGN.colors, light: { ...DEFAULT_DESIGN.colors.light, teal: "#0000ff" } } };
    expect(snapStylesToDesign({ color: "#1010ee" }, "text", design)).toEqual({ color: "var(--color-brand-teal)" });
  });
});
