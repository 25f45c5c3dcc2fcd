import { newId } from "~/lib/document/ids";
import { DOC_VERSION } from "~/lib/document/model";
import type { Block, ElementType, PageDocument, PageElement } from "~/lib/document/schema";
import { buttonStyles, colorRef, sizeRef, spaceRef } from "~/lib/design/tokens";

/** Defaults of seed 001 §3 and §9. */
export const DEFAULT_TEXT_COLOR = "#333333";
/** The brand colours as the design's references, never their hex: a published change reaches every new element. */
export const BRAND_YELLOW = colorRef("brand");
const BRAND_TEAL = colorRef("teal");
const DEFAULT_IMAGE_URL = "/media/seed/atelier-equipe.jpg";
const DEFAULT_VIDEO_URL = "https://www.youtube.com/embed/aqz-KE-bpKQ";

const CLOCK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><polyline points="12 6 12 12 16 14"/></svg>';

const DEFAULT_GALLERY = JSON.stringify({
  type: "grid",
  options: { columns: 3, gap: "10px", aspectRatio: "1/1" },
  images: ["/media/seed/atelier-equipe.jpg", "/media/seed/boutique-click-collect.jpg", "/media/seed/reseaux-sociaux.jpg"],
});

type ElementDefaults = Pick<PageElement, "content" | "styles"> & Partial<Pick<PageElement, "alt" | "href" | "level">>;

export const ELEMENT_DEFAULTS: Record<ElementType, () => ElementDefaults> = {
  // On-brand defaults (issue 11): the design settings' type scale and colours, so a new element looks like
  // the site in both themes; the seed's literal sizes and #333333 stay in the settings' lists. A heading's
  // level (and size) follows the headings before it: see onBrandElement.
  heading: () => ({ content: "Nouveau titre", styles: { fontSize: sizeRef("h2"), fontWeight: "800", color: colorRef("text") }, level: 2 }),
  text: () => ({ content: "<p>Nouveau texte</p>", styles: { fontSize: sizeRef("body"), color: colorRef("text") } }),
  list: () => ({
    content: "<ul><li>✓ Premier point</li><li>✓ Deuxième point</li><li>✓ Troisième point</li></ul>",
    styles: { fontSize: sizeRef("body"), color: colorRef("text") },
  }),
  image: () => ({ content: DEFAULT_IMAGE_URL, alt: "", styles: { width: "100%", borderRadius: "0px" } }),
  video: () => ({ content: DEFAULT_VIDEO_URL, styles: {} }),
  // The site's primary button (readable: ink on the brand yellow); its link is left to fill in (required,
  // the settings say so) rather than "#". The seed's white-on-yellow stays a style choice.
  button: () => ({ content: "Cliquez ici", href: "", styles: buttonStyles("primary") }),
  icon: () => ({ content: CLOCK_SVG, styles: { color: BRAND_TEAL } }),
  divider: () => ({ content: "", styles: { borderTop: "1px solid #e5e7eb", height: "1px", marginBottom: "0px" } }),
  spacer: () => ({ content: "", styles: { height: "40px" } }),
  gallery: () => ({ content: DEFAULT_GALLERY, styles: {} }),
};

export function createElement(type: ElementType): PageElement {
  return { id: newId("element-"), type, ...ELEMENT_DEFAULTS[type]() };
}

export const BLOCK_LAYOUTS = {
  "full-width": [12],
  "two-columns": [6, 6],
  "three-columns": [4, 4, 4],
} as const;
export type BlockLayout = keyof typeof BLOCK_LAYOUTS;

/** Seed 001's 40 px and white, as the design settings' XL spacing and surface (same look, follows the settings and the theme). */
export const NEW_BLOCK_STYLES = {
  paddingTop: spaceRef("xl"),
  paddingBottom: spaceRef("xl"),
  paddingLeft: "0px",
  paddingRight: "0px",
  backgroundColor: colorRef("surface"),
  marginBottom: spaceRef("xl"),
};

export function createBlock(layout: BlockLayout): Block {
  return {
    id: newId("block-"),
    type: "container",
    styles: { ...NEW_BLOCK_STYLES },
    sections: [
      {
        id: newId("section-"),
        columns: BLOCK_LAYOUTS[layout].map((width) => ({ id: newId("column-"), width, elements: [] })),
      },
    ],
  };
}

export function emptyDocument(): PageDocument {
  return { version: DOC_VERSION, blocks: [] };
}
