import { describe, expect, it } from "vitest";
import { contrastRatio } from "./contrast";
import { designCss, designVariables } from "./css";
import { contrastProblems, designSettingsSchema } from "./design-schema";
import { effectiveBand, effectiveColors, mix, readableOn } from "./derive";
import { DEFAULT_DESIGN, type DesignSettings } from "./tokens";

const withBrand = (brand: string, patch: Partial<DesignSettings> = {}): DesignSettings => ({
  ...DEFAULT_DESIGN,
  colors: { ...DEFAULT_DESIGN.colors, light: { ...DEFAULT_DESIGN.colors.light, brand } },
  ...patch,
});

describe("colours the site works out (decision 042)", () => {
  it("gives today's look for today's design: the pale tints are exactly app.css's, the dark brand colours unchanged", () => {
    const c = effectiveColors(DEFAULT_DESIGN);
    expect(c.light.surfaceAccent).toBe("#fff8e1");
    expect(c.light.surfaceTeal).toBe("#e9f6f4");
    expect(c.dark).toEqual(DEFAULT_DESIGN.colors.dark);
  });

  it("follows a new brand colour in the pale background and in the dark theme, in the stylesheet", () => {
    const d = withBrand("#3b82f6");
    const c = effectiveColors(d);
    expect(c.light.surfaceAccent).toBe(mix("#3b82f6", "#ffffff", 0.12));
    expect(c.dark.brand).not.toBe("#ffc104");
    const css = designCss(d);
    expect(css).not.toContain("#ffc104");
    expect(css).not.toContain("#fff8e1");
    expect(css).toContain(`.dark{--color-brand-yellow:${c.dark.brand}`);
  });

  it("lightens a dark brand colour until it reads on the dark background (WCAG AA)", () => {
    const c = effectiveColors(withBrand("#1f3a8a"));
    expect(contrastRatio(c.dark.brand, DEFAULT_DESIGN.colors.dark.surface)!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#1f3a8a", DEFAULT_DESIGN.colors.dark.surface)!).toBeLessThan(4.5);
    expect(readableOn("#ffffff", "#000000")).toBe("#ffffff");
    expect(contrastRatio(readableOn("#777777", "#ffffff"), "#ffffff")!).toBeGreaterThanOrEqual(4.5);
  });

  it("darkens a new teal for links until it reads at 5:1, and keeps today's link colour for today's teal", () => {
    expect(designVariables(DEFAULT_DESIGN)["--color-brand-teal-dark"]).toBeUndefined();
    const teal = { ...DEFAULT_DESIGN, colors: { ...DEFAULT_DESIGN.colors, light: { ...DEFAULT_DESIGN.colors.light, teal: "#8fd3ff" } } };
    const link = designVariables(teal)["--color-brand-teal-dark"];
    expect(contrastRatio(link, "#ffffff")!).toBeGreaterThanOrEqual(5);
  });

  it("uses colours set apart as they are", () => {
    const d = withBrand("#3b82f6", { derive: { tints: "custom", dark: "custom" } });
    const c = effectiveColors(d);
    expect(c.light.surfaceAccent).toBe("#fff8e1");
    expect(c.dark.brand).toBe("#ffc104");
  });

  it("reads a design stored before the modes existed as automatic, and refuses another mode in French", () => {
    const { derive: _dropped, ...old } = DEFAULT_DESIGN;
    const parsed = designSettingsSchema.parse(old);
    expect(parsed.derive).toEqual({ tints: "auto", dark: "auto" });
    const bad = designSettingsSchema.safeParse({ ...DEFAULT_DESIGN, derive: { tints: "auto", dark: "</style>" } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toMatch(/Couleurs du thème sombre/);
  });

  it("names the pair and the ratio when the ink does not read on a new brand colour", () => {
    const problems = contrastProblems(withBrand("#1f6feb"));
    expect(problems.join(" ")).toMatch(/«\u202fEncre\u202f» sur «\u202fCouleur de marque\u202f» n'atteint que 3,\d:1, il faut au moins 4,5:1/);
  });

  it("keeps the dark band dark and its white text readable when the ink is white, in both themes (decision 052)", () => {
    // Today: the band is the ink, #14171c, in both themes.
    expect(effectiveBand(DEFAULT_DESIGN)).toEqual({ light: "#14171c", dark: "#14171c" });
    expect(designCss(DEFAULT_DESIGN)).toContain("--color-band:#14171c");
    // A dark blue brand colour needs a white ink: the band must not follow it.
    const d = withBrand("#1f6feb");
    const white = { ...d, colors: { ...d.colors, light: { ...d.colors.light, ink: "#ffffff" } } };
    const c = effectiveColors(white);
    const band = effectiveBand(white);
    for (const theme of ["light", "dark"] as const) {
      expect(contrastRatio("#ffffff", band[theme])!, theme).toBeGreaterThanOrEqual(7);
      expect(contrastRatio("#d5dbe1", band[theme])!, theme).toBeGreaterThanOrEqual(4.5);
    }
    expect(band.light).toBe("#14171c");
    // The dark theme's ink was white on the lightened blue (4,1:1, refused): it is now the dark background, which reads.
    expect(c.dark.ink).toBe(DEFAULT_DESIGN.colors.dark.surface);
    expect(contrastRatio(c.dark.ink, c.dark.brand)!).toBeGreaterThanOrEqual(4.5);
    expect(contrastProblems(white)).toEqual([]);
    expect(designSettingsSchema.safeParse(white).success).toBe(true);
    const css = designCss(white);
    expect(css).toMatch(/^:root\{[^}]*--color-ink:#ffffff;[^}]*--color-band:#14171c/);
    expect(css).toMatch(/\.dark\{[^}]*--color-band:#0f1216/);
  });

  it("darkens a light ink for the band when the text colour is light too, and keeps it dark with a custom dark ink", () => {
    const pale = { ...DEFAULT_DESIGN, colors: { ...DEFAULT_DESIGN.colors, light: { ...DEFAULT_DESIGN.colors.light, ink: "#ffffff", text: "#ffffff" } } };
    expect(contrastRatio("#ffffff", effectiveBand(pale).light)!).toBeGreaterThanOrEqual(7);
    const custom: DesignSettings = {
      ...DEFAULT_DESIGN,
      derive: { tints: "auto", dark: "custom" },
      colors: { ...DEFAULT_DESIGN.colors, dark: { ...DEFAULT_DESIGN.colors.dark, ink: "#ffffff" } },
    };
    expect(contrastRatio("#ffffff", effectiveBand(custom).dark)!).toBeGreaterThanOrEqual(7);
  });

  it("keeps links readable on the pale accent background a new brand colour tints (Lighthouse found 4,25:1 with #3b82f6)", () => {
    const blue = withBrand("#3b82f6");
    const accent = effectiveColors(blue).light.surfaceAccent;
    expect(contrastRatio("#2f7d72", accent)!).toBeLessThan(4.5);
    const link = designVariables(blue)["--color-brand-teal-dark"];
    expect(contrastRatio(link, accent)!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(link, "#ffffff")!).toBeGreaterThanOrEqual(5);
  });
});
