import { describe, expect, it } from "vitest";
import { DOC_VERSION } from "~/lib/document/model";
import { block, doc, divider, gallery, heading, image, list, row, text, video } from "~/lib/document/build";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { clickCollectArticle } from "~/lib/content/seed/pages/articles/click-collect-guide";
import { instagramArticle } from "~/lib/content/seed/pages/articles/instagram-local";
import { salonBookingArticle } from "~/lib/content/seed/pages/articles/salon-booking";
import { ATOM_ELEMENT_ATTR, documentToEditorHtml, documentFromEditorHtml, LOCKED_BLOCK_ATTR } from "./convert";

const elementsOf = (d: ReturnType<typeof doc>) => d.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements)));

describe("document ⇄ writing surface", () => {
  it.each([
    ["salon", salonBookingArticle.fr!.doc],
    ["salon en", salonBookingArticle.en!.doc],
    ["click & collect", clickCollectArticle.fr!.doc],
    ["instagram", instagramArticle.fr!.doc],
  ])("gives the seeded article %s back unchanged", (_name, d) => {
    expect(documentFromEditorHtml(documentToEditorHtml(d), d)).toEqual(d);
  });

  it("gives every element type back: writable ones as nodes, the others as atoms", () => {
    const d = doc(
      block(
        { paddingTop: "8px" },
        row([
          12,
          [
            heading("Titre <em>deux</em>", 2),
            text(
              '<p>Un <strong>premier</strong> paragraphe.</p><blockquote><p>Une citation</p></blockquote><p>Et <a href="https://example.com">un lien</a>.</p>',
            ),
            list(["un", "deux"]),
            image("/media/a.jpg", "Une photo"),
            divider(),
            video("https://www.youtube.com/embed/x", "Vidéo"),
            gallery({ type: "grid", images: ["/media/a.jpg"] }),
            heading("Titre 1", 1),
          ],
        ]),
      ),
    );
    const html = documentToEditorHtml(d);
    expect(html).toContain("<h2 data-element-id=");
    expect(html).toContain("<blockquote data-element-id=");
    expect(html.match(new RegExp(ATOM_ELEMENT_ATTR, "g"))).toHaveLength(3);
    expect(documentFromEditorHtml(html, d)).toEqual(d);
  });

  it("shows a block of several columns as a locked block and keeps it as it was, where it was", () => {
    const columns = block({}, row([6, [text("<p>Gauche</p>")]], [6, [text("<p>Droite</p>")]]));
    const d = doc(block({}, row([12, [text("<p>Avant</p>")]])), columns);
    const html = documentToEditorHtml(d);
    expect(html).toContain(LOCKED_BLOCK_ATTR);
    expect(html).not.toContain("Gauche</p>");
    const back = documentFromEditorHtml(`<p>Nouveau début</p>${html}<p>Suite</p>`, d);
    expect(back.blocks).toHaveLength(3);
    expect(back.blocks[0].id).toBe(d.blocks[0].id);
    expect(back.blocks[1]).toEqual(columns);
    expect(back.blocks[2].styles).toEqual(d.blocks[0].styles);
    expect(elementsOf(back).map((e) => e.content)).toEqual(["<p>Nouveau début</p>", "<p>Avant</p>", "<p>Gauche</p>", "<p>Droite</p>", "<p>Suite</p>"]);
  });

  it("turns what was typed into elements: headings, paragraphs joined in one text, lists, quotes", () => {
    const empty = { version: DOC_VERSION as typeof DOC_VERSION, blocks: [] };
    const back = documentFromEditorHtml(
      "<h2>Pourquoi</h2><p>Un.</p><p>Deux.</p><blockquote><p>Trois.</p></blockquote><ul><li><p>a</p></li><li><p>b</p></li></ul><h3>Et puis</h3><p></p>",
      empty,
    );
    expect(pageDocumentSchema.safeParse(back).success).toBe(true);
    const els = elementsOf(back);
    expect(els.map((e) => [e.type, e.level ?? null, e.content])).toEqual([
      ["heading", 2, "Pourquoi"],
      ["text", null, "<p>Un.</p><p>Deux.</p><blockquote><p>Trois.</p></blockquote>"],
      ["list", null, "<ul><li>a</li><li>b</li></ul>"],
      ["heading", 3, "Et puis"],
    ]);
    expect(back.blocks[0].sections[0].columns[0].width).toBe(12);
  });

  it("keeps an edited element's id and styles, drops its sample mark, and gives a split element a new id", () => {
    const t = { ...text("<p>Un</p><p>Deux</p>", { styles: { fontSize: "18px" } }), sample: "abc" };
    const d = doc(block({}, row([12, [t]])));
    const html = documentToEditorHtml(d).replace("<p data-element-id", '<p data-element-id="x">Un bis</p><h2>Milieu</h2><p data-element-id');
    const els = elementsOf(documentFromEditorHtml(html.replace('data-element-id="x"', `data-element-id="${t.id}"`), d));
    expect(els[0]).toMatchObject({ id: t.id, content: "<p>Un bis</p>", styles: { fontSize: "18px" } });
    expect(els[0].sample).toBeUndefined();
    expect(els[1]).toMatchObject({ type: "heading", content: "Milieu" });
    expect(els.slice(2).every((e) => e.id !== t.id)).toBe(true);
    expect(els[2].styles).toEqual({ fontSize: "18px" });
  });

  it("drops an atom whose JSON was tampered with instead of storing garbage", () => {
    const d = doc(block({}, row([12, [text("<p>a</p>")]])));
    const back = documentFromEditorHtml(`<p>a</p><div ${ATOM_ELEMENT_ATTR}="%7Bnot-json"></div>`, d);
    expect(elementsOf(back)).toHaveLength(1);
  });
});
