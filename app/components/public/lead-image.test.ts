import { describe, expect, it } from "vitest";
import { block, doc, image, row, text } from "~/lib/document/build";
import type { RenderDocument } from "~/lib/document/schema";
import { ARTICLE_CARD_SIZES, ARTICLE_IMAGE_SIZES, leadImage, leadImageId } from "./lead-image";
import { DOCUMENT_IMAGE_SIZES } from "~/lib/elements/renderers/Media";

const HERO = { width: 1600, height: 900, webp: "/media/u/hero.webp", srcset: "/media/u/hero-480.webp 480w, /media/u/hero.webp 1600w" };

describe("a visitor page's lead image, preloaded before the typefaces", () => {
  const first = image("/media/u/hero.jpg", "Héros");
  const page = doc(block({}, row([6, [text("<p>Bonjour</p>")]], [6, [first, image("/media/u/b.jpg", "B")]]))) as RenderDocument;

  it("is the document's first image, with the WebP sources and sizes its <picture> has", () => {
    expect(leadImageId({ kind: "custom", image: null, doc: page })).toBe(first.id);
    expect(leadImage({ kind: "custom", image: null, doc: page, media: { "/media/u/hero.jpg": HERO } })).toEqual({
      href: "/media/u/hero.webp",
      srcset: HERO.srcset,
      sizes: DOCUMENT_IMAGE_SIZES,
      type: "image/webp",
    });
  });

  it("is the file itself when the library has no WebP copy, and nothing on a page without an image", () => {
    expect(leadImage({ kind: "custom", image: null, doc: page, media: {} })).toEqual({ href: "/media/u/hero.jpg", sizes: DOCUMENT_IMAGE_SIZES });
    const plain = doc(block({}, row([12, [text("<p>x</p>")]]))) as RenderDocument;
    expect(leadImage({ kind: "system", image: null, doc: plain, media: {} })).toBeNull();
  });

  it("is an article's cover rather than the article's first image (which is then not eager)", () => {
    const cover = leadImage({ kind: "article", image: "/media/u/cover.jpg", doc: page, media: { "/media/u/cover.jpg": HERO } });
    expect(cover).toMatchObject({ srcset: HERO.srcset, sizes: ARTICLE_IMAGE_SIZES });
    expect(leadImageId({ kind: "article", image: "/media/u/cover.jpg", doc: page })).toBeUndefined();
  });

  it("is the blog's first card picture when the document has no image of its own", () => {
    const plain = doc(block({}, row([12, [text("<p>Le blog</p>")]]))) as RenderDocument;
    const cards = [{ image: "/media/u/card.jpg" }, { image: "/media/u/other.jpg" }];
    expect(leadImage({ kind: "system", image: null, doc: plain, media: { "/media/u/card.jpg": HERO } }, cards)).toMatchObject({
      sizes: ARTICLE_CARD_SIZES,
      srcset: HERO.srcset,
    });
    expect(leadImage({ kind: "system", image: null, doc: page, media: {} }, cards)).toMatchObject({ href: "/media/u/hero.jpg" });
    expect(leadImage({ kind: "system", image: null, doc: plain, media: {} }, [{ image: null }])).toBeNull();
  });
});
