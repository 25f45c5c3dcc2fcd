import { describe, expect, it } from "vitest";
import { contrastRatio, contrastWarning } from "./contrast";
import { designCss, designVariables, fluidCss } from "./css";
import { checkColor, checkLength } from "./css-values";
import { contrastProblems, designSettingsSchema, saveDesignSchema } from "./design-schema";
import { onBrandElement } from "~/lib/elements/new-element";
import { fontSizeKind, presetLabel, RADIUS_KIND, SITE_COLORS, SPACE_KIND } from "~/lib/elements/presets";
import { buttonStyleOf, buttonStyles, DEFAULT_DESIGN, type DesignSettings } from "./tokens";
import { doc, heading, row, block, text } from "~/lib/document/build";
import { PALETTE } from "~/components/admin/builder/ColorPicker";

const clone = (): DesignSettings => JSON.parse(JSON.stringify(DEFAULT_DESIGN));

describe("fluid sizes", () => {
  it("gives plain pixels for equal values and the seeded pages' own clamp() for Titre 2", () => {
    expect(fluidCss({ phone: 17, desktop: 17 })).toBe("17px");
    expect(fluidCss(DEFAULT_DESIGN.type.h2)).toBe("clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)");
    expect(fluidCss({ phone: 56, desktop: 88 }, "px")).toBe("clamp(56px, 36.8px + 4cqi, 88px)");
    // A size that shrinks on desktop still gives a valid clamp (min ≤ max, negative slope).
    expect(fluidCss({ phone: 40, desktop: 24 })).toBe("clamp(1.5rem, 3.1rem - 2cqi, 2.5rem)");
  });

  it("writes the light variables on :root and the dark colours on .dark, nothing else", () => {
    const css = designCss(DEFAULT_DESIGN);
    expect(css).toMatch(/^:root\{[^{}]+\}\.dark\{[^{}]+\}$/);
    expect(css).toContain("--color-brand-yellow:#ffc104");
    expect(css).toContain("--ds-size-h3:21px");
    expect(css).toContain("--ds-btn-primary-bg:var(--color-brand-yellow)");
    expect(css).toContain(".dark{--color-brand-yellow:#ffc104;--color-brand-teal:#78c6bb;--color-ink:#14171c;--text:#eef0f2");
    expect(css.length).toBeLessThan(2000);
  });
});

describe("design settings schema", () => {
  it("accepts the defaults, and they pass every contrast check in both themes", () => {
    expect(designSettingsSchema.safeParse(DEFAULT_DESIGN).success).toBe(true);
    expect(contrastProblems(DEFAULT_DESIGN)).toEqual([]);
  });

  it.each([
    ["a colour that closes the style tag", (d: DesignSettings) => (d.colors.light.brand = "#fff}</style><script>alert(1)</script>"), /hexadécimal/],
    ["a CSS declaration in a colour", (d: DesignSettings) => (d.colors.dark.text = "red;background:url(x)"), /hexadécimal/],
    ["a string for a size", (d: DesignSettings) => ((d.type.h1 as unknown as { phone: string }).phone = "12px;}"), /nombre de pixels/],
    ["a huge size", (d: DesignSettings) => (d.type.body.desktop = 5000), /au plus 120 px/],
    ["a negative spacing", (d: DesignSettings) => (d.space.m.phone = -4), /au moins 0 px/],
    [
      "an unknown colour name in a button",
      (d: DesignSettings) => ((d.buttons.primary as unknown as { text: string }).text = "expression(alert(1))"),
      /couleur/,
    ],
    ["an extra key", (d: DesignSettings) => ((d as unknown as Record<string, unknown>).__proto__extra = "x"), /./],
  ])("refuses %s, in French", (_name, spoil, message) => {
    const d = clone();
    spoil(d);
    const r = designSettingsSchema.safeParse(d);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join(" ")).toMatch(message);
  });

  it("refuses a theme colour with too little contrast, saying which pair and theme", () => {
    const d = clone();
    d.colors.dark.text = "#1a1d22";
    const r = saveDesignSchema.safeParse({ version: 0, design: d });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(
      /^Contraste insuffisant \(thème sombre\)\u202f: «\u202fTexte\u202f» sur «\u202fFond\u202f» n'atteint que 1,\d:1/,
    );
    const b = clone();
    b.buttons.primary.text = "surface";
    expect(contrastProblems(b).join(" ")).toMatch(/bouton principal/);
  });
});

describe("custom values", () => {
  it.each(["16px", "1.5rem", "50%", "0", "-8px", "10px 20px", "clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)", "calc(100% - 2rem)", "var(--ds-space-m)"])(
    "accepts the length %s",
    (v) => expect(checkLength(v, { max: 4 })).toEqual({ ok: true, value: v }),
  );
  it.each([
    ["16", /n'a pas d'unité/],
    ["12 pixels", /n'a pas d'unité/],
    ["10px; background:url(x)", /n'est pas une longueur CSS valide/],
    ["expression(alert(1))", /n'est pas une longueur CSS valide/],
    ["calc(10px", /n'est pas une longueur CSS valide/],
    ["", /Saisissez une valeur/],
  ])("refuses the length %j in French", (v, m) => {
    const r = checkLength(v);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(m);
  });
  it("accepts colours and refuses anything else", () => {
    for (const v of ["#fff", "#1F8F4E", "rgb(31, 143, 78)", "rgba(0,0,0,.5)", "hsl(120 50% 40%)", "transparent", "var(--surface-accent)"])
      expect(checkColor(v).ok, v).toBe(true);
    for (const v of ["bleuâtre", "#12345", "url(x)", "red;color:blue", "<b>"]) {
      const r = checkColor(v);
      expect(r.ok, v).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/n'est pas une couleur/);
    }
  });
});

describe("contrast", () => {
  it("computes WCAG ratios and warns in French below AA", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 0);
    expect(contrastRatio("#ffffff", "#ffc104")).toBeCloseTo(1.6, 1);
    expect(contrastWarning("#ffffff", "#ffc104")).toMatch(/^Contraste insuffisant\u202f: 1,6:1 .*4,5:1/);
    expect(contrastWarning("#14171c", "#ffc104")).toBeNull();
    expect(contrastWarning("#767676", "#ffffff", true)).toBeNull();
  });
});

describe("presets", () => {
  it("offer the type scale only (headings first for a heading, body sizes first for text): no CSS value to pick", () => {
    const h = fontSizeKind("heading");
    expect(h.groups[0].options.slice(0, 4).map(([, l]) => l)).toEqual(["Titre 1", "Titre 2", "Titre 3", "Titre 4"]);
    expect(
      fontSizeKind("text")
        .groups[0].options.slice(0, 3)
        .map(([, l]) => l),
    ).toEqual(["Grand texte", "Texte", "Petit"]);
    expect(h.groups).toHaveLength(1);
    expect(h.groups[0].options.map(([, l]) => l).join(" ")).not.toMatch(/px|rem|clamp|var\(/);
    expect(presetLabel(SPACE_KIND, "var(--ds-space-m)")).toBe("M");
    expect(presetLabel(RADIUS_KIND, "var(--ds-radius-pill)")).toBe("Pilule");
    expect(presetLabel(SPACE_KIND, "14px 28px")).toBeNull();
  });

  it("list the site colours (references) before the 20 presets of seed 001", () => {
    expect(SITE_COLORS[0]).toEqual(["var(--color-brand-yellow)", "Couleur de marque"]);
    expect(SITE_COLORS.map(([v]) => v)).toContain("var(--surface-accent)");
    expect(PALETTE).toHaveLength(20);
    // The brand's colours are the site's (references), never a fixed copy among the presets (decision 052).
    expect(PALETTE).not.toContain("#ffc104");
    expect(PALETTE).not.toContain("#78c6bb");
    expect(SITE_COLORS.at(-1)).toEqual(["var(--color-band)", "Fond sombre"]);
  });

  it("button styles are references to the design settings, recognised back", () => {
    expect(buttonStyleOf(buttonStyles("secondary"))).toBe("secondary");
    expect(buttonStyleOf({ backgroundColor: "#ffc104", color: "#ffffff" })).toBeNull();
    expect(designVariables(DEFAULT_DESIGN)["--ds-btn-secondary-border"]).toBe("2px solid var(--text)");
  });
});

describe("new headings", () => {
  it("take the next level after the heading above, with its size", () => {
    const d = doc(block({}, row([12, [heading("Titre", 1), text("<p>x</p>")]]), row([6, [heading("Sous-titre", 2)]], [6, []])));
    const col1 = d.blocks[0].sections[0].columns[0].id;
    const [left, right] = d.blocks[0].sections[1].columns.map((c) => c.id);
    const h = heading("Nouveau titre");
    expect(onBrandElement(d, col1, undefined, h)).toMatchObject({ level: 2, styles: { fontSize: "var(--ds-size-h2)" } });
    expect(onBrandElement(d, right, undefined, h)).toMatchObject({ level: 3, styles: { fontSize: "var(--ds-size-h3)" } });
    expect(onBrandElement(d, left, 0, h).level).toBe(2);
    expect(onBrandElement(doc(), "column-x", undefined, h).level).toBe(2);
  });
});
