import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "../content/seed/pages";
import { en } from "../i18n/en";
import { fr } from "../i18n/fr";
import { frenchTypography } from "../typography/french";
import { designCss } from "./css";
import { designSettingsSchema } from "./design-schema";
import { DEFAULT_DESIGN } from "./tokens";
import { fontFaceCss, fontPreloads, ordinalsPreload } from "./typeface-files";
import { codePointsOf, FONTSOURCE_LATIN, fontStack, hasOrdinalLetters, SUBSET_RANGES, unicodeRange, WEB_TYPEFACES } from "./typefaces";

const stored = (patch: Record<string, unknown>) => ({ ...JSON.parse(JSON.stringify(DEFAULT_DESIGN)), ...patch });

describe("typeface choice", () => {
  it("reads a design stored before the choice existed as today's faces: Plus Jakarta Sans headings, system text", () => {
    const { fonts: _, ...before } = stored({});
    const parsed = designSettingsSchema.parse(before);
    expect(parsed.fonts).toEqual({ heading: "jakarta", body: "system" });
    expect(fontPreloads(parsed.fonts)).toHaveLength(1);
    expect(fontPreloads(parsed.fonts)[0]).toMatch(/jakarta-latin\.woff2/);
  });

  it("refuses a font not in the list, and a hostile string, in French", () => {
    for (const heading of ["Comic Sans", '"</style><script>', "url(javascript:alert(1))", ""]) {
      const r = designSettingsSchema.safeParse(stored({ fonts: { heading, body: "inter" } }));
      expect(r.success, heading).toBe(false);
      expect(r.error!.issues[0].message).toBe("Police des titres : police inconnue, choisissez une des polices proposées.");
    }
    const r = designSettingsSchema.safeParse(stored({ fonts: { heading: "inter", body: "inter", size: 3 } }));
    expect(r.success).toBe(false);
  });

  it("declares the chosen families only, each with its Latin core, Latin rest, ordinals and Latin Extended files and a metric-matched fallback", () => {
    const css = fontFaceCss({ heading: "inter", body: "sourceSerif" });
    const faces = css.match(/@font-face\{[^}]*\}/g)!;
    expect(faces).toHaveLength(10);
    expect(faces.filter((f) => f.includes('font-family:"Inter"'))).toHaveLength(4);
    expect(faces.filter((f) => f.includes('font-family:"Source Serif 4"'))).toHaveLength(4);
    for (const f of faces.filter((x) => x.includes("woff2"))) {
      expect(f).toContain("font-display:swap");
      expect(f).toMatch(/unicode-range:U\+/);
    }
    expect(css).not.toMatch(/Jakarta|Fraunces|Outfit/);
    const serifFallback = faces.find((f) => f.includes("Source Serif 4 Fallback"))!;
    expect(serifFallback).toMatch(/local\("Times New Roman"\)/);
    for (const d of ["size-adjust", "ascent-override", "descent-override", "line-gap-override"]) expect(serifFallback).toMatch(new RegExp(`${d}:[\\d.]+%`));
    // One family for both: declared and preloaded once.
    expect(fontFaceCss({ heading: "inter", body: "inter" }).match(/@font-face/g)).toHaveLength(5);
    expect(fontPreloads({ heading: "inter", body: "inter" })).toHaveLength(1);
    expect(fontFaceCss({ heading: "system", body: "system" })).toBe("");
    expect(fontPreloads({ heading: "system", body: "system" })).toEqual([]);
  });

  it("draws French ordinals' superscript letters from the small ordinals file, never the Latin Extended one", () => {
    const inRange = (range: string, code: number) =>
      range.split(",").some((part) => {
        const [a, b = a] = part.replace("U+", "").split("-");
        return code >= parseInt(a, 16) && code <= parseInt(b, 16);
      });
    // The letters French typography writes for every ordinal it knows (1ᵉʳ, 1ʳᵉ, 2ᵉ, 2ᵈᵉ, 2ᵈ…).
    const typeset = frenchTypography("1er, 1re, 1ère, 2e, 2ème, 2eme, 2nde et 2nd");
    const letters = [...new Set([...typeset].filter((c) => !/[\x00-\x7F\u00A0\u00C0-\u00FF\u202F]/.test(c)))];
    expect(letters.sort()).toEqual(["ʳ", "ᵈ", "ᵉ"].sort());
    for (const c of letters) {
      const code = c.codePointAt(0)!;
      expect(inRange(SUBSET_RANGES.ordinals, code), c).toBe(true);
      expect(inRange(SUBSET_RANGES.latinExt, code), c).toBe(false);
      expect(inRange(SUBSET_RANGES.latin, code), c).toBe(false);
      expect(inRange(SUBSET_RANGES.latinRest, code), c).toBe(false);
    }
    // The rest of Latin Extended stays in its file: Ł, ő, ș, ẞ.
    for (const c of "Łőșẞ") expect(inRange(SUBSET_RANGES.latinExt, c.codePointAt(0)!), c).toBe(true);
    // A page that writes one preloads the text face's ordinals file (decision 056); a system text face has none.
    expect(hasOrdinalLetters(typeset)).toBe(true);
    expect(hasOrdinalLetters("Lyon 6e, 1er étage — « Créez »")).toBe(false);
    expect(ordinalsPreload({ heading: "fraunces", body: "inter" })).toMatch(/inter-ordinals/);
    expect(ordinalsPreload({ heading: "inter", body: "system" })).toBeNull();
    const face = fontFaceCss({ heading: "inter", body: "inter" }).match(/@font-face\{[^}]*inter-ordinals[^}]*\}/)![0];
    expect(face).toContain(`unicode-range:${SUBSET_RANGES.ordinals}`);
  });

  it("sets --font-heading and --font-body: the face, its fallback, then a generic family", () => {
    const css = designCss({ ...DEFAULT_DESIGN, fonts: { heading: "fraunces", body: "outfit" } });
    expect(css).toContain('--font-heading:"Fraunces", "Fraunces Fallback", Georgia, "Times New Roman", serif');
    expect(css).toContain('--font-body:"Outfit", "Outfit Fallback", ui-sans-serif, system-ui, sans-serif');
    expect(fontStack("system")).toMatch(/^ui-sans-serif, system-ui/);
  });
});

/** Every string inside a value (a seeded page's blocks, elements, SEO fields…). */
const stringsOf = (v: unknown): string[] => (typeof v === "string" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(stringsOf) : []);

const require = createRequire(import.meta.url);

/** The characters a woff2 file maps, read by harfbuzz. */
async function unicodesOf(file: string): Promise<Set<number>> {
  const ttf = await fontverter.convert(readFileSync(file), "truetype");
  return new Set(new hb.Face(new hb.Blob(ttf)).collectUnicodes());
}

describe("the Latin core and rest (decision 056)", () => {
  const core = new Set(codePointsOf(SUBSET_RANGES.latin));
  const rest = new Set(codePointsOf(SUBSET_RANGES.latinRest));
  const latin = codePointsOf(FONTSOURCE_LATIN);

  it("splits fontsource's Latin range in two, without overlap", () => {
    expect(latin.every((c) => core.has(c) !== rest.has(c))).toBe(true);
    expect(unicodeRange([...core, ...rest])).toBe(unicodeRange(latin));
    expect(unicodeRange([0x41, 0x42, 0x43, 0xe9, 0x2026])).toBe("U+0041-0043,U+00E9,U+2026");
    // French and English letters in the core; Spanish, German, Nordic ones in the rest.
    for (const c of "AzÀâçéèêëîïôûùüÿŒœÆæ«»’“”–—…€£©®™°²×−\u00a0\u202f") expect(core.has(c.codePointAt(0)!), c).toBe(true);
    for (const c of "ñßøÅ¿¡½↑ı") expect(rest.has(c.codePointAt(0)!), c).toBe(true);
  });

  it("holds every character of the seeded pages and of the site's messages, as French typography writes them", () => {
    const text = [...stringsOf(SEED_PAGES), ...Object.values(fr), ...Object.values(en)];
    const used = new Set(text.flatMap((t) => [...t, ...frenchTypography(t)]).map((c) => c.codePointAt(0)!));
    const outside = [...used].filter((c) => latin.includes(c) && !core.has(c)).map((c) => String.fromCodePoint(c));
    expect(outside).toEqual([]);
  });

  it("ships files that map exactly their ranges, with fontsource's glyphs for both together", async () => {
    for (const [key, { fontsource: pkg, label }] of Object.entries(WEB_TYPEFACES)) {
      const source = await unicodesOf(require.resolve(`@fontsource-variable/${pkg}/files/${pkg}-latin-wght-normal.woff2`));
      const coreFile = await unicodesOf(`app/lib/design/fonts/${key}-latin.woff2`);
      const restFile = await unicodesOf(`app/lib/design/fonts/${key}-latin-rest.woff2`);
      expect(
        [...coreFile].filter((c) => !core.has(c)),
        label,
      ).toEqual([]);
      expect(
        [...restFile].filter((c) => !rest.has(c)),
        label,
      ).toEqual([]);
      expect(unicodeRange([...coreFile, ...restFile]), label).toBe(unicodeRange([...source].filter((c) => latin.includes(c))));
      expect(coreFile.has("é".codePointAt(0)!) && restFile.has("ñ".codePointAt(0)!), label).toBe(true);
    }
  });
});
