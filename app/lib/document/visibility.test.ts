import { describe, expect, it } from "vitest";
import { hideClasses } from "~/lib/elements/style";
import { hiddenAt, isVisibilityOverridden, resetVisibility, withHidden } from "./visibility";

describe("visibility per device", () => {
  it("marks a smaller device whose visibility differs from the next larger device's", () => {
    expect(isVisibilityOverridden(undefined, "mobile")).toBe(false);
    expect(isVisibilityOverridden({ mobile: true }, "mobile")).toBe(true);
    expect(isVisibilityOverridden({ mobile: true }, "tablet")).toBe(false);
    expect(isVisibilityOverridden({ tablet: true }, "mobile")).toBe(true);
    expect(isVisibilityOverridden({ tablet: true, mobile: true }, "mobile")).toBe(false);
    expect(isVisibilityOverridden({ tablet: true }, "tablet")).toBe(true);
    expect(isVisibilityOverridden({ desktop: true }, "tablet")).toBe(true);
  });

  it("Rétablir takes the larger device's visibility and leaves the other devices alone", () => {
    expect(resetVisibility({ mobile: true }, "mobile")).toBeUndefined();
    expect(resetVisibility({ mobile: true, desktop: true }, "mobile")).toEqual({ desktop: true });
    expect(resetVisibility({ tablet: true }, "mobile")).toEqual({ tablet: true, mobile: true });
    expect(resetVisibility({ desktop: true }, "tablet")).toEqual({ desktop: true, tablet: true });
    for (const h of [{ mobile: true }, { tablet: true }, { desktop: true, mobile: true }]) {
      const r = resetVisibility(h, "mobile");
      expect(isVisibilityOverridden(r, "mobile")).toBe(false);
      expect(hiddenAt(r, "desktop")).toBe(hiddenAt(h, "desktop"));
      expect(hiddenAt(r, "tablet")).toBe(hiddenAt(h, "tablet"));
    }
  });

  it("does not store false flags, and renders the same classes as before", () => {
    expect(withHidden({ mobile: true }, "mobile", false)).toBeUndefined();
    expect(withHidden(undefined, "tablet", true)).toEqual({ tablet: true });
    expect(hideClasses(withHidden({ mobile: false, desktop: true }, "tablet", false))).toBe(hideClasses({ mobile: false, desktop: true }));
  });
});
