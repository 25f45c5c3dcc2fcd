import { describe, expect, it } from "vitest";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { STARTER_KEYS, starterBlock } from "~/lib/builder/starters";
import { DOC_VERSION, type RenderDocument } from "~/lib/document/schema";
import { storedDocumentSchema } from "~/lib/pipeline/read";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { BUTTON_SIZE_KIND, fontSizeKind, HEIGHT_KIND, presetLabel, RADIUS_KIND, SPACE_KIND, WIDTH_KIND, type PresetKind } from "~/lib/elements/presets";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { designVariables } from "./css";
import { migrateToNamedSteps } from "./migrate-document";
import { lengthPx, namedStep } from "./named-steps";
import { DEFAULT_DESIGN } from "./tokens";

/** The settings fields that offer named steps, as ElementSettings shows them (style key and list). */
const FIELDS: Record<string, (type: string) => { key: string; kind: PresetKind }> = {
  fontSize: (type) => ({ key: "fontSize", kind: fontSizeKind(type) }),
  borderRadius: () => ({ key: "borderRadius", kind: RADIUS_KIND }),
  padding: (type) => ({ key: "padding", kind: type === "button" ? BUTTON_SIZE_KIND : SPACE_KIND }),
  width: () => ({ key: "width", kind: WIDTH_KIND }),
  marginBottom: () => ({ key: "marginBottom", kind: SPACE_KIND }),
  height: () => ({ key: "height", kind: HEIGHT_KIND }),
};

/** Every element of a document with the settings fields whose stored value is not a named step. */
function customFields(doc: RenderDocument): string[] {
  const out: string[] = [];
  for (const b of doc.blocks)
    for (const s of b.sections)
      for (const c of s.columns)
        for (const e of c.elements)
          for (const f of ELEMENT_REGISTRY[e.type as keyof typeof ELEMENT_REGISTRY]?.settings ?? []) {
            const field = FIELDS[f]?.(e.type);
            if (!field) continue;
            for (const styles of [e.styles, e.deviceStyles?.tablet ?? {}, e.deviceStyles?.mobile ?? {}] as Record<string, string>[]) {
              const v = styles[field.key];
              if (v !== undefined && presetLabel(field.kind, v) === null) out.push(`${e.id} ${field.key}=${v}`);
            }
          }
  return out;
}

const asStored = (doc: unknown, version: number) => JSON.parse(JSON.stringify({ ...(doc as object), version }));
const seeded = SEED_PAGES.flatMap((p) => (["fr", "en"] as const).map((lang) => [`${p.systemKey ?? p[lang].slug} (${lang})`, p[lang].doc] as const));

describe("named steps (issue 21): lengths", () => {
  it("reads px, rem, cqi and clamp() at a page width", () => {
    expect(lengthPx("17px", 480)).toBe(17);
    expect(lengthPx("1.5rem", 480)).toBe(24);
    expect(lengthPx("clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)", 480)).toBeCloseTo(33.6);
    expect(lengthPx("clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)", 1280)).toBeCloseTo(50.56);
    expect(lengthPx("var(--ds-space-m)", 480)).toBe(24);
    expect(lengthPx("auto", 480)).toBeNull();
    expect(lengthPx("calc(100% - 2px)", 480)).toBeNull();
  });

  it("takes the nearest step within reach and leaves the rest", () => {
    expect(namedStep("fontSize", "clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)", "heading")).toBe("var(--ds-size-h1)");
    expect(namedStep("padding", "14px 28px", "button")).toBe("var(--ds-btn-size-m)");
    expect(namedStep("padding", "10px 20px", "button")).toBe("var(--ds-btn-size-s)");
    expect(namedStep("borderRadius", "9999px", "image")).toBe("var(--ds-radius-pill)");
    expect(namedStep("borderRadius", "0px", "image")).toBeNull();
    expect(namedStep("paddingTop", "clamp(56px, 36px + 4cqi, 88px)", undefined)).toBe("var(--ds-space-xxl)");
    expect(namedStep("padding", "20px 0", "text")).toBe("var(--ds-space-m) 0");
    // Too far from every step, negative, a percentage, a formula with a reference: unchanged.
    expect(namedStep("fontSize", "400px", "text")).toBeNull();
    expect(namedStep("marginTop", "-8px", "text")).toBeNull();
    expect(namedStep("paddingLeft", "10%", "text")).toBeNull();
    expect(namedStep("paddingLeft", "calc(var(--ds-space-m) + 2px)", "text")).toBeNull();
    expect(namedStep("color", "#ffffff", "text")).toBeNull();
  });

  it("button sizes follow the primary button's padding", () => {
    const vars = designVariables(DEFAULT_DESIGN);
    expect([vars["--ds-btn-size-s"], vars["--ds-btn-size-m"], vars["--ds-btn-size-l"]]).toEqual(["10px 20px", "14px 28px", "18px 36px"]);
    const bigger = designVariables({
      ...DEFAULT_DESIGN,
      buttons: { ...DEFAULT_DESIGN.buttons, primary: { ...DEFAULT_DESIGN.buttons.primary, paddingY: 21, paddingX: 42 } },
    });
    expect(bigger["--ds-btn-size-m"]).toBe("21px 42px");
  });
});

describe("document migration 4 → 5 (after the brand colour's 3 → 4): every seeded page opens on named steps", () => {
  it.each(seeded)("%s: no settings field of any element is a custom value", (_name, doc) => {
    const migrated = storedDocumentSchema.parse(migrateDocument(asStored(doc, 3)));
    expect(migrated.version).toBe(DOC_VERSION);
    expect(customFields(migrated)).toEqual([]);
  });

  it.each(seeded)("%s: a round trip keeps it (migrating again changes nothing, and nothing moves further than its step)", (_name, doc) => {
    const once = migrateToNamedSteps(asStored(doc, 4));
    expect(migrateToNamedSteps(JSON.parse(JSON.stringify(once)))).toEqual(once);
    const before = JSON.stringify(doc);
    const after = JSON.stringify(once);
    expect(after.length).toBeGreaterThan(0);
    // Text and structure are the same; only style values changed.
    expect(after.replace(/"styles":\{[^}]*\}/g, "")).toBe(JSON.stringify({ ...asStored(doc, 5) }).replace(/"styles":\{[^}]*\}/g, ""));
    expect(before).not.toContain("--ds-btn-size");
  });

  it("starting layouts and a document from before the migration open on named steps too", () => {
    for (const key of STARTER_KEYS)
      for (const lang of ["fr", "en"] as const) expect(customFields({ version: DOC_VERSION, blocks: [starterBlock(key, lang)] } as RenderDocument)).toEqual([]);
    const old = {
      version: 3,
      blocks: [
        {
          id: "block-a",
          type: "container",
          styles: { paddingTop: "clamp(56px, 36px + 4cqi, 88px)" },
          sections: [
            {
              id: "section-a",
              columns: [
                {
                  id: "column-a",
                  width: 12,
                  elements: [
                    {
                      id: "element-b",
                      type: "button",
                      content: "Go",
                      styles: { padding: "14px 28px", borderRadius: "9999px", fontSize: "17px" },
                      deviceStyles: { mobile: { padding: "10px 20px" } },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const doc = storedDocumentSchema.parse(migrateDocument(old));
    const button = doc.blocks[0].sections[0].columns[0].elements[0];
    expect(button.styles).toEqual({ padding: "var(--ds-btn-size-m)", borderRadius: "var(--ds-radius-pill)", fontSize: "var(--ds-size-body)" });
    expect(button.deviceStyles?.mobile).toEqual({ padding: "var(--ds-btn-size-s)" });
    expect(doc.blocks[0].styles.paddingTop).toBe("var(--ds-space-xxl)");
  });
});
