import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "~/lib/i18n/all-messages";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { addDeviceValues } from "~/lib/pipeline/migrate-devices";
import { DOC_VERSION, type RenderDocument } from "~/lib/document/schema";
import { storedDocumentSchema } from "~/lib/pipeline/read";
import { RenderProvider } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
// The registry provides the gallery renderer at once (the public island loads it on demand).
import "~/lib/elements/registry";
import { designVariables } from "./css";
import { migrateToDesignPresets, presetStyles } from "./migrate-document";
import { DEFAULT_DESIGN } from "./tokens";

/** The page as the browser computes it with the default design: every variable replaced by its value. */
function resolved(html: string, theme: "light" | "dark"): string {
  const vars = designVariables(DEFAULT_DESIGN, theme);
  let out = html;
  for (let i = 0; i < 4; i++) out = out.replace(/var\((--[a-z0-9-]+)\)/gi, (m, name: string) => vars[name] ?? m);
  return out;
}

const render = (doc: RenderDocument) =>
  renderToString(
    <RenderProvider value={{ lang: "fr", media: {} }}>
      <DocumentView doc={doc} />
    </RenderProvider>,
  );

/** A seeded document as it was stored before this migration (version 1, literal styles). */
const asVersion1 = (doc: RenderDocument) => JSON.parse(JSON.stringify({ ...doc, version: 1 }));

describe("document migration 2 → 3: named steps of the design settings", () => {
  const docs = SEED_PAGES.flatMap((p) => (["fr", "en"] as const).map((lang) => [`${p.systemKey ?? p[lang].slug} (${lang})`, p[lang].doc] as const));

  it.each(docs)("renders %s exactly as before, in both themes", (_name, seeded) => {
    const before = render(seeded as RenderDocument);
    // Steps 1 → 2 → 3 only: 3 → 4 (named-steps.test.ts) moves values to the nearest step on purpose.
    const upTo3 = migrateToDesignPresets(addDeviceValues(asVersion1(seeded as RenderDocument)));
    expect(upTo3.version).toBe(3);
    const migrated = storedDocumentSchema.parse({ ...upTo3, version: DOC_VERSION });
    const after = render(migrated);
    for (const theme of ["light", "dark"] as const) expect(resolved(after, theme)).toBe(resolved(before, theme));
  });

  it("turns the seeded pages' exact values into references (and only those)", () => {
    const all = docs.map(([, d]) => JSON.stringify(migrateToDesignPresets(asVersion1(d as RenderDocument)))).join("");
    for (const ref of [
      "var(--ds-size-h2)",
      "var(--ds-size-h3)",
      "var(--ds-size-body)",
      "var(--ds-size-small)",
      "var(--ds-radius-pill)",
      "var(--color-brand-yellow)",
      "var(--color-ink)",
      "var(--ds-space-m)",
    ])
      expect(all, ref).toContain(ref);
    // The h1's own clamp and the buttons' 14px 28px are not a step: they stay custom.
    expect(all).toContain("clamp(2.1rem, 1.4rem + 2.2cqi, 3.3rem)");
    expect(all).toContain("14px 28px");
  });

  it("maps by element and property: sizes by kind, colours only when the same in both themes", () => {
    expect(presetStyles({ fontSize: "19px" }, "heading")).toEqual({ fontSize: "var(--ds-size-h4)" });
    expect(presetStyles({ fontSize: "19px" }, "text")).toEqual({ fontSize: "var(--ds-size-lead)" });
    expect(presetStyles({ color: "#14171C", backgroundColor: "#FFC104" }, "button")).toEqual({
      color: "var(--color-ink)",
      backgroundColor: "var(--color-brand-yellow)",
    });
    // #ffffff is the light surface but not the dark one: kept.
    expect(presetStyles({ backgroundColor: "#ffffff" })).toEqual({ backgroundColor: "#ffffff" });
    expect(presetStyles({ paddingTop: "40px", padding: "16px 24px", margin: "0 auto", marginTop: "-8px" })).toEqual({
      paddingTop: "var(--ds-space-xl)",
      padding: "var(--ds-space-s) var(--ds-space-m)",
      margin: "0 auto",
      marginTop: "-8px",
    });
    expect(presetStyles({ height: "24px" }, "spacer")).toEqual({ height: "var(--ds-space-m)" });
    expect(presetStyles({ height: "24px" }, "image")).toEqual({ height: "24px" });
    expect(presetStyles({ borderRadius: "9999px" }, "button")).toEqual({ borderRadius: "var(--ds-radius-pill)" });
  });

  it("leaves malformed documents alone instead of throwing", () => {
    for (const raw of [
      { version: 1 },
      { version: 1, blocks: [null, 3, { sections: "x" }, { styles: [], sections: [{ columns: [{ elements: [null, { styles: 4 }] }] }] }] },
    ])
      expect(() => migrateDocument(raw)).not.toThrow();
    expect(migrateDocument([])).toEqual({ version: DOC_VERSION, blocks: [] });
  });
});
