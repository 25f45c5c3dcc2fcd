import { describe, expect, it } from "vitest";
import { block, button, doc, heading, image, row, text } from "~/lib/document/build";
import { updateElement } from "~/lib/document/ops";
import { allContainerIds, ancestorsOf, blockName, elementName, firstWords, kindOf, layerRows, plainText } from "./layers";

function fixture() {
  return doc(
    block(
      {},
      row(
        [6, [heading("Trois offres <em>claires</em>, sans commission sur vos ventes", 1), text("<p>Un abonnement&nbsp;fixe &amp; simple.</p>")]],
        [6, [image("/a.jpg", "L'équipe à l'atelier")]],
      ),
      row([12, [button("Nous contacter", "/contact")]]),
    ),
    block({}, row([12, [text("<p>Sans titre ici</p>")]])),
    block({}, row([12, []])),
  );
}

describe("layer names", () => {
  it("names an edited node from its new content (names are kept per node object, and an edit makes new objects)", () => {
    const d = fixture();
    const title = d.blocks[0].sections[0].columns[0].elements[0];
    expect(elementName(title)).toBe("Titre · Trois offres claires, sans commission sur…");
    expect(blockName(d.blocks[0], 0)).toBe("Bloc 1 · Trois offres claires, sans commission…");
    const edited = updateElement(d, title.id, { content: "Un autre titre" });
    expect(elementName(edited.blocks[0].sections[0].columns[0].elements[0])).toBe("Titre · Un autre titre");
    expect(blockName(edited.blocks[0], 0)).toBe("Bloc 1 · Un autre titre");
    // The untouched block is the same object, with the same name.
    expect(edited.blocks[1]).toBe(d.blocks[1]);
    expect(layerRows(edited, new Set()).map((r) => r.name)).toEqual(["Bloc 1 · Un autre titre", "Bloc 2 · Sans titre ici", "Bloc 3"]);
  });

  it("reads the text of rich content: tags dropped, entities decoded, spaces collapsed", () => {
    expect(plainText("<h2>Un <strong>titre</strong>&nbsp;&amp; plus<br>suite</h2>")).toBe("Un titre & plus suite");
    expect(plainText("<p>&#233;t&#xE9; &unknown;</p>")).toBe("été &unknown;");
    expect(plainText("<ul><li>un</li><li>deux</li></ul>")).toBe("un deux");
  });

  it("keeps the first words, with an ellipsis when cut", () => {
    expect(firstWords("un deux trois", 6)).toBe("un deux trois");
    expect(firstWords("a b c d e f g h", 6)).toBe("a b c d e f…");
  });

  it("names elements by type and content, blocks by their first heading (else their first text)", () => {
    const d = fixture();
    const [h, t] = d.blocks[0].sections[0].columns[0].elements;
    expect(elementName(h)).toBe("Titre · Trois offres claires, sans commission sur…");
    expect(elementName(t)).toBe("Texte · Un abonnement fixe & simple.");
    expect(elementName(d.blocks[0].sections[0].columns[1].elements[0])).toBe("Image · L'équipe à l'atelier");
    expect(elementName(d.blocks[0].sections[1].columns[0].elements[0])).toBe("Bouton · Nous contacter");
    expect(blockName(d.blocks[0], 0)).toBe("Bloc 1 · Trois offres claires, sans commission…");
    expect(blockName(d.blocks[1], 1)).toBe("Bloc 2 · Sans titre ici");
    expect(blockName(d.blocks[2], 2)).toBe("Bloc 3");
  });
});

describe("layer tree", () => {
  it("lists only blocks while folded, and every level in document order when unfolded", () => {
    const d = fixture();
    expect(layerRows(d, new Set()).map((r) => r.kind)).toEqual(["block", "block", "block"]);
    const all = layerRows(d, new Set(allContainerIds(d)));
    expect(all.map((r) => `${r.depth}:${r.kind}`)).toEqual([
      "0:block",
      "1:section",
      "2:column",
      "3:element",
      "3:element",
      "2:column",
      "3:element",
      "1:section",
      "2:column",
      "3:element",
      "0:block",
      "1:section",
      "2:column",
      "3:element",
      "0:block",
      "1:section",
      "2:column",
    ]);
    const col = all[2];
    expect(col).toMatchObject({ name: "Colonne 1 · 6/12", parentId: d.blocks[0].sections[0].id, index: 0, count: 2, hasChildren: true });
    expect(all[1].name).toBe("Section 1 (6 + 6)");
    expect(all[all.length - 1].hasChildren).toBe(false);
  });

  it("opens only the nodes around a selected one", () => {
    const d = fixture();
    const el = d.blocks[0].sections[1].columns[0].elements[0];
    const around = ancestorsOf(d, el.id);
    expect(around).toEqual([d.blocks[0].id, d.blocks[0].sections[1].id, d.blocks[0].sections[1].columns[0].id]);
    const rows = layerRows(d, new Set(around));
    expect(rows.map((r) => r.id)).toContain(el.id);
    expect(rows.map((r) => r.id)).not.toContain(d.blocks[0].sections[0].columns[0].id);
    expect(ancestorsOf(d, d.blocks[1].id)).toEqual([]);
  });

  it("reads a node's kind from its id", () => {
    expect(kindOf("block-abc")).toBe("block");
    expect(kindOf("element-x")).toBe("element");
    expect(kindOf("page-x")).toBeNull();
  });
});
