import type { PublicPageData } from "~/lib/content/public-page";
import { findElementWhere } from "~/lib/document/walk";
import { DOCUMENT_IMAGE_SIZES } from "~/lib/elements/renderers/Media";

/** The `sizes` of an article's cover (ArticleHeader.tsx) and of an article card's picture (ArticleList.tsx). */
export const ARTICLE_IMAGE_SIZES = "(min-width: 880px) 880px, 100vw";
export const ARTICLE_CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw";

/** The page's likely largest paint, as a `<link rel="preload" as="image">` names it. */
export interface LeadImage {
  href: string;
  srcset?: string;
  sizes: string;
  type?: "image/webp";
}

/** The document's first image element, which PublicApp loads eagerly, unless the page is an article with a cover. */
function leadElement(page: Pick<PublicPageData, "kind" | "image" | "doc">) {
  if (page.kind === "article" && page.image) return undefined;
  return findElementWhere(page.doc, (e) => e.type === "image");
}

export function leadImageId(page: Pick<PublicPageData, "kind" | "image" | "doc">): string | undefined {
  return leadElement(page)?.id;
}

/**
 * The image a visitor's page loads first and eagerly (its likely largest contentful paint): an article's cover,
 * else the document's first image element, else on the blog the first card's picture (which ArticleList loads
 * eagerly). root.tsx names it in the head before the typefaces, so its request goes out first after the
 * document's rather than after the font files' (`node scripts/bench/lcp-why.mjs` lists the requests in order).
 */
export function leadImage(
  page: Pick<PublicPageData, "kind" | "image" | "doc" | "media">,
  articles: readonly { image: string | null }[] | null = null,
): LeadImage | null {
  const cover = page.kind === "article" && page.image ? page.image : null;
  const first = cover ? undefined : leadElement(page)?.content;
  const card = cover || first ? null : (articles?.[0]?.image ?? null);
  const src = cover ?? first ?? card;
  if (!src) return null;
  const sizes = cover ? ARTICLE_IMAGE_SIZES : first ? DOCUMENT_IMAGE_SIZES : ARTICLE_CARD_SIZES;
  const info = page.media[src];
  // As Picture renders it: the WebP sources when the library has them, the file itself otherwise.
  if (info?.webp) return { href: info.webp, srcset: info.srcset ?? info.webp, sizes, type: "image/webp" };
  return { href: src, sizes };
}
