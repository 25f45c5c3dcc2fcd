import { describe, expect, it } from "vitest";
import { createBlock, createElement } from "~/lib/elements/defaults";
import { collectIds } from "~/lib/document/ops";
import { pageHeroBlock } from "./page-hero";
import { DOC_VERSION, type PageDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";

function doc(...blocks: PageDocument["blocks"]): PageDocument {
  return { version: DOC_VERSION as typeof DOC_VERSION, blocks };
}
function blockWith(...types: ("heading" | "text" | "button" | "image")[]) {
  const b = createBlock("full-width");
  for (const t of types) {
    const e = createElement(t);
    if (t === "heading") e.content = "Welcome to the agency";
    b.sections[0].columns[0].elements.push(e);
  }
  return b;
}

describe("the hero taken from the page (decision 026)", () => {
  it("copies the other language's first block with a heading, with fresh ids, leaving the source untouched", () => {
    const empty = createBlock("full-width");
    const intro = blockWith("text");
    const hero = blockWith("heading", "button");
    const other = doc(empty, intro, hero);
    const before = JSON.stringify(other);
    const got = pageHeroBlock({ lang: "fr", title: "Accueil", other })!;
    expect(got.source).toBe("other-language");
    expect(got.block.sections[0].columns[0].elements.map((e) => [e.type, e.content])).toEqual(
      hero.sections[0].columns[0].elements.map((e) => [e.type, e.content]),
    );
    const ids = new Set(collectIds(other));
    expect(collectIds(doc(got.block)).some((id) => ids.has(id))).toBe(false);
    expect(JSON.stringify(other)).toBe(before);
    expect(pageDocumentSchema.safeParse(doc(got.block)).success).toBe(true);
  });

  it("takes the first block with any element when no block has a heading", () => {
    const got = pageHeroBlock({ lang: "en", title: "Home", other: doc(createBlock("two-columns"), blockWith("image")) })!;
    expect(got.source).toBe("other-language");
    expect(got.block.sections[0].columns[0].elements[0].type).toBe("image");
  });

  it("with no content in the other language, heads the seed's hero with the page title, escaped", () => {
    for (const other of [null, doc(), doc(createBlock("full-width"))]) {
      const got = pageHeroBlock({ lang: "fr", title: "  Nos <b>offres</b> & tarifs ", other })!;
      expect(got.source).toBe("title");
      const [h, text, button] = got.block.sections[0].columns[0].elements;
      expect(h.type).toBe("heading");
      expect(h.content).toBe("Nos &lt;b&gt;offres&lt;/b&gt; &amp; tarifs");
      expect(text.type).toBe("text");
      expect(button.type).toBe("button");
      expect(pageDocumentSchema.safeParse(doc(got.block)).success).toBe(true);
    }
  });

  it("offers nothing from the page when there is neither content over there nor a title", () => {
    expect(pageHeroBlock({ lang: "fr", title: "   ", other: null })).toBeNull();
  });
});
