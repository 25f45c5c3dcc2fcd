import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "~/components/public/eager.server";
import { block, button, doc, heading, image, row, text } from "~/lib/document/build";
import { addDeviceValues } from "~/lib/pipeline/migrate-devices";
import { migrateDocument } from "~/lib/pipeline/migrations";
import { DOC_VERSION } from "~/lib/document/model";
import { readStoredDocument } from "~/lib/pipeline/read";
import type { RenderDocument } from "~/lib/document/schema";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { RenderProvider } from "./context";
import { blockDeviceCss, withDeviceCss } from "./device-css";
import { DocumentView } from "./DocumentView";
import { SECTION_GRID_CLASS, columnClass, sectionGridClass } from "./layout";

const render = (d: RenderDocument) =>
  renderToString(
    <RenderProvider value={{ lang: "fr", media: {} }}>
      <DocumentView doc={withDeviceCss(d)} />
    </RenderProvider>,
  );

describe("layout classes (one definition for the public page and the canvas)", () => {
  it("a column without per-device widths keeps the classes it always had", () => {
    expect(columnClass({ width: 6 }, false)).toBe("doc-column flex min-w-0 flex-col gap-4 @tablet:col-span-6");
    expect(sectionGridClass({ columns: [{ width: 6 }, { width: 6, deviceWidths: { tablet: 4 } }] })).toBe(SECTION_GRID_CLASS);
  });

  it("tablet and mobile widths become container-query classes", () => {
    expect(columnClass({ width: 6, deviceWidths: { tablet: 8 } }, false)).toBe("doc-column flex min-w-0 flex-col gap-4 @tablet:col-span-8 @desktop:col-span-6");
    expect(columnClass({ width: 6, deviceWidths: { mobile: 4 } }, true)).toBe("doc-column flex min-w-0 flex-col gap-4 col-span-4 @tablet:col-span-6");
    expect(columnClass({ width: 6 }, true)).toContain(" col-span-12 ");
    expect(sectionGridClass({ columns: [{ width: 6, deviceWidths: { mobile: 6 } }, { width: 6 }] })).toContain("grid-cols-12 gap-x-4");
  });
});

describe("per-device CSS", () => {
  it("is empty without overrides", () => {
    const d = doc(block({ paddingTop: "40px" }, row([12, [heading("Titre", 1)]])));
    expect(blockDeviceCss(d.blocks[0])).toBe("");
    expect(render(d)).not.toContain("<style");
  });

  it("writes tablet rules below 64rem, then mobile rules below 48rem, !important over the style attribute", () => {
    const h = heading("Titre", 1, { styles: { fontSize: "48px" } });
    h.deviceStyles = { tablet: { fontSize: "36px" }, mobile: { fontSize: "28px", textAlign: "center" } };
    const b = block({ paddingTop: "80px" }, row([12, [h]]));
    b.deviceStyles = { mobile: { paddingTop: "24px" } };
    const css = blockDeviceCss(b);
    expect(css).toBe(
      `@container (width < 64rem){.el[data-element-id="${h.id}"] > *{font-size:36px !important;}}` +
        `@container (width < 48rem){[data-block-id="${b.id}"]{padding-top:24px !important;}.el[data-element-id="${h.id}"] > *{font-size:28px !important;text-align:center !important;}}`,
    );
    const html = render(doc(b));
    expect(html).toContain(`<style>${css}</style>`);
  });

  it("targets the link of a button and the picture of an image", () => {
    const btn = button("Go", "/x");
    btn.deviceStyles = { mobile: { padding: "8px", textAlign: "center" } };
    const img = image("/a.jpg", "a");
    img.deviceStyles = { mobile: { width: "50%" } };
    const css = blockDeviceCss(block({}, row([12, [btn, img]])));
    expect(css).toContain(`.el[data-element-id="${btn.id}"],.el[data-element-id="${btn.id}"] > div{text-align:center !important;}`);
    expect(css).toContain(`.el[data-element-id="${btn.id}"] .el-button{padding:8px !important;}`);
    expect(css).toContain(`.el[data-element-id="${img.id}"] .el-image{width:50% !important;}`);
  });

  it("drops values that could leave the rule or the <style> element, and keys that are not per-device (a weight)", () => {
    const t = text("<p>x</p>");
    t.deviceStyles = {
      mobile: { fontSize: "1px}</style><script>alert(1)</script>", paddingTop: "url(x)", marginTop: "1px !important", gap: "2px;color:red", width: "10px" },
    };
    (t.deviceStyles.mobile as Record<string, string>).fontWeight = "700";
    const css = blockDeviceCss(block({}, row([12, [t]])));
    expect(css).toBe(`@container (width < 48rem){.el[data-element-id="${t.id}"] > *{width:10px !important;}}`);
  });
});

describe("migration 1 → 2 (per-device values; the design presets' step 2 → 3 has its own tests)", () => {
  const pages = SEED_PAGES.flatMap((p) => [p.fr, p.en]);

  it.each(pages.map((t) => [t.slug, t] as const))("the seeded page %s renders the same HTML stored as version 1 and migrated", (_slug, t) => {
    const v1 = JSON.parse(JSON.stringify({ ...t.doc, version: 1 })) as RenderDocument;
    const migrated = addDeviceValues(JSON.parse(JSON.stringify(v1))) as unknown as RenderDocument;
    expect(migrated.version).toBe(2);
    // The version 1 document rendered as it is, and the migrated one: the same page.
    expect(render(migrated)).toBe(render(v1));
    expect(render(migrated)).not.toContain("<style");
    // The whole chain reads it without a problem.
    const read = readStoredDocument(JSON.stringify(v1));
    expect(read.error).toBeUndefined();
    expect(read.doc.version).toBe(DOC_VERSION);
  });

  it("is additive: a version 1 document becomes version 2 unchanged, a column width outside 1..12 is still refused", () => {
    const d = doc(block({}, row([6, [heading("a")]], [6, [text("<p>b</p>")]])));
    const v1 = { ...JSON.parse(JSON.stringify(d)), version: 1 };
    expect(addDeviceValues(v1)).toEqual({ ...v1, version: 2 });
    v1.blocks[0].sections[0].columns[0].width = 13;
    expect(readStoredDocument(JSON.stringify(v1)).error).toContain("columns[0] ignoré");
    expect(migrateDocument({ version: 1, blocks: "x" })).toEqual({ version: DOC_VERSION, blocks: "x" });
  });

  it("reading keeps an element whose overrides are malformed, without them", () => {
    const h = heading("Titre");
    const d = doc(block({}, row([6, [h]], [6, []])));
    const raw = JSON.parse(JSON.stringify(d));
    raw.blocks[0].sections[0].columns[0].elements[0].deviceStyles = { mobile: { fontSize: 12 } };
    raw.blocks[0].sections[0].columns[1].deviceWidths = { mobile: 40 };
    raw.blocks[0].deviceStyles = "big";
    const read = readStoredDocument(JSON.stringify(raw));
    const col = read.doc.blocks[0].sections[0].columns;
    expect(col[0].elements[0].id).toBe(h.id);
    expect(col[0].elements[0].deviceStyles).toBeUndefined();
    expect(col[1].deviceWidths).toBeUndefined();
    expect(read.doc.blocks[0].deviceStyles).toBeUndefined();
  });
});
