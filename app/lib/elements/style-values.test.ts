import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { fontSizeKind, HEIGHT_KIND, RADIUS_KIND, SITE_COLORS, SPACE_KIND, WIDTH_KIND, type PresetKind } from "~/lib/elements/presets";
import { withDesignPresets } from "~/lib/design/migrate-document";
import { BUTTON_KEYS, buttonStyles, SEED_BUTTON_STYLES } from "~/lib/design/tokens";
import { block, doc, row, text } from "~/lib/document/build";
import { BLOCK_LAYOUTS, createBlock, createElement, type BlockLayout } from "~/lib/elements/defaults";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { ELEMENT_TYPES } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { STARTER_KEYS, starterBlock } from "~/lib/builder/starters";
import { checkStyleValue, dropInvalidStyleValues, styleValuesProblem } from "./style-values";

/** One rule for style values, shared by the builder's custom fields and the server's schema (issue 11, "Bad input"). */
describe("checkStyleValue", () => {
  it("accepts the lengths, colours, keywords and design references the builder and the seed write", () => {
    const good: [string, string][] = [
      ["fontSize", "clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)"],
      ["fontSize", "var(--ds-size-h2)"],
      ["padding", "14px 28px"],
      ["margin", "0 auto"],
      ["marginTop", "-8px"],
      ["color", "#FFC104"],
      ["backgroundColor", "rgba(0, 0, 0, .5)"],
      ["backgroundColor", "transparent"],
      ["borderTop", "4px solid var(--border)"],
      ["border", "1px solid rgb(1, 2, 3)"],
      ["border", "var(--ds-btn-primary-border)"],
      ["lineHeight", "1.65"],
      ["letterSpacing", "-0.02em"],
      ["maxWidth", "fit-content"],
      ["width", "auto"],
      ["fontWeight", "800"],
      ["textTransform", "uppercase"],
      ["opacity", "0.4"],
      ["shadow", "very strong"],
      ["color", "inherit"],
      ["zIndex", "999"],
    ];
    for (const [k, v] of good) expect(checkStyleValue(k, v).ok, `${k}: ${v}`).toBe(true);
  });

  it("refuses what is not CSS for the property, in French", () => {
    const bad: [string, string, RegExp][] = [
      ["fontSize", "16", /n'a pas d'unité/],
      ["fontSize", "grand", /longueur CSS valide/],
      ["padding", "10px 10px 10px 10px 10px", /jusqu'à 4 valeurs/],
      ["color", "red;position:fixed", /code ou une adresse/],
      ["color", "rouge", /n'est pas une couleur/],
      ["backgroundColor", "url(https://evil.example/x)", /code ou une adresse/],
      ["width", "expression(alert(1))", /code ou une adresse/],
      ["width", "calc(100% - )", /longueur CSS valide/],
      ["borderTop", "1px wavy red", /bordure valide/],
      ["fontWeight", "950", /100 à 900/],
      ["textAlign", "middle", /left, center/],
      ["opacity", "2", /de 0 à 1/],
      ["shadow", "0 0 5px red", /ombre connue/],
      ["height", "</style><script>", /code ou une adresse/],
    ];
    for (const [k, v, msg] of bad) {
      const r = checkStyleValue(k, v);
      expect(r.ok, `${k}: ${v}`).toBe(false);
      if (!r.ok) expect(r.message, `${k}: ${v}`).toMatch(msg);
    }
  });

  it("names the field as the settings panel does", () => {
    expect(styleValuesProblem({ paddingTop: "10px", color: "bleu" })).toEqual({
      key: "color",
      message: expect.stringMatching(/^Couleur du texte\u202f: «\u202fbleu\u202f»/),
    });
    expect(styleValuesProblem({ paddingTop: "10px" })).toBeNull();
  });

  it("is the rule of the builder's presets: every named step and fixed value passes, as the custom escape checks", () => {
    const kinds: [string, PresetKind][] = [
      ["fontSize", fontSizeKind("heading")],
      ["fontSize", fontSizeKind("text")],
      ["padding", SPACE_KIND],
      ["borderRadius", RADIUS_KIND],
      ["width", WIDTH_KIND],
      ["height", HEIGHT_KIND],
    ];
    for (const [key, kind] of kinds) {
      for (const g of kind.groups) for (const [v] of g.options) expect(checkStyleValue(key, v).ok, `${key}: ${v}`).toBe(true);
      expect(kind.check("12").ok).toBe(false);
      expect(kind.check("12").ok).toBe(checkStyleValue(key, "12").ok);
    }
    for (const [v] of SITE_COLORS) expect(checkStyleValue("color", v).ok, v).toBe(true);
    for (const k of BUTTON_KEYS) expect(styleValuesProblem(buttonStyles(k)), k).toBeNull();
    expect(styleValuesProblem(SEED_BUTTON_STYLES)).toBeNull();
  });
});

describe("the document schema refuses invalid style values on save", () => {
  it("names the field, the node and the device", () => {
    const d = doc(block({ paddingTop: "douze" }, row([12, [text("<p>x</p>")]])));
    const r = pageDocumentSchema.safeParse(d);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["blocks", 0, "styles", "paddingTop"],
      message: expect.stringMatching(/^Marge int\. haut\u202f: «\u202fdouze\u202f»/),
    });

    const e = doc(block({}, row([12, [text("<p>x</p>", { styles: { color: "#12345" } })]])));
    expect(pageDocumentSchema.safeParse(e).error?.issues[0].path).toEqual(["blocks", 0, "sections", 0, "columns", 0, "elements", 0, "styles", "color"]);

    const m = doc(block({}, row([12, [text("<p>x</p>")]])));
    m.blocks[0].sections[0].columns[0].elements[0].deviceStyles = { mobile: { fontSize: "12" } };
    const rm = pageDocumentSchema.safeParse(m);
    expect(rm.error?.issues[0]).toMatchObject({
      path: ["blocks", 0, "sections", 0, "columns", 0, "elements", 0, "deviceStyles", "mobile", "fontSize"],
      message: expect.stringMatching(/Taille du texte\u202f: «\u202f12\u202f» n'a pas d'unité.*\(mobile\)$/),
    });
  });

  it("still accepts every seeded page (as seeded and migrated from version 1), every default, layout and starter", () => {
    for (const p of SEED_PAGES)
      for (const lang of ["fr", "en"] as const) {
        const seeded = p[lang].doc;
        for (const [how, d] of [
          ["seeded", withDesignPresets(seeded)],
          ["from version 1", migrateDocument(JSON.parse(JSON.stringify({ ...seeded, version: 1 })))],
        ] as const) {
          const r = pageDocumentSchema.safeParse(d);
          expect(r.success, `${p.systemKey ?? p[lang].slug} (${lang}, ${how}): ${r.error?.message}`).toBe(true);
        }
      }
    for (const type of ELEMENT_TYPES) expect(styleValuesProblem(createElement(type).styles), type).toBeNull();
    for (const layout of Object.keys(BLOCK_LAYOUTS) as BlockLayout[]) expect(pageDocumentSchema.safeParse(doc(createBlock(layout))).success, layout).toBe(true);
    for (const key of STARTER_KEYS)
      for (const lang of ["fr", "en"] as const) expect(pageDocumentSchema.safeParse(doc(starterBlock(key, lang))).success, `${key} ${lang}`).toBe(true);
  });
});

describe("documents stored before the rule", () => {
  it("open without the values the rule refuses (the browser ignored them), other values and nodes untouched", () => {
    const d = doc(
      block({ paddingTop: "20", backgroundColor: "navy" }, row([12, [text("<p>x</p>", { styles: { color: "bleu", fontSize: "12pt", marginTop: "1vmin" } })]])),
      block({}, row([12, [text("<p>y</p>")]])),
    );
    d.blocks[0].sections[0].columns[0].elements[0].deviceStyles = { mobile: { fontSize: "énorme" }, tablet: { fontSize: "18px", padding: "x" } };
    expect(pageDocumentSchema.safeParse(d).success).toBe(false);
    const clean = dropInvalidStyleValues(d);
    expect(pageDocumentSchema.safeParse(clean).success).toBe(true);
    expect(clean.blocks[0].styles).toEqual({ backgroundColor: "navy" });
    const e = clean.blocks[0].sections[0].columns[0].elements[0];
    expect(e.styles).toEqual({ fontSize: "12pt", marginTop: "1vmin" });
    expect(e.deviceStyles).toEqual({ tablet: { fontSize: "18px" } });
    expect(clean.blocks[1]).toBe(d.blocks[1]);
    expect(d.blocks[0].styles.paddingTop).toBe("20");
    const valid = doc(block({ paddingTop: "20px" }, row([12, [text("<p>x</p>")]])));
    expect(dropInvalidStyleValues(valid)).toBe(valid);
    for (const odd of [null, 3, "x", { blocks: "no" }, { blocks: [null, { styles: 4, sections: [{ columns: [{ elements: [null] }] }] }] }])
      expect(() => dropInvalidStyleValues(odd)).not.toThrow();
  });
});
