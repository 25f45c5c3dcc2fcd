import { parseGallery } from "~/lib/document/gallery";
import type { ElementType } from "~/lib/document/model";
import { sanitizeRichText, sanitizeSvg, sanitizeUrl } from "~/lib/document/sanitize.server";
import type { RenderElement } from "~/lib/document/schema";
import { frenchTypography, typesetHtml } from "~/lib/typography/french";

/**
 * What the server knows of each element type, in one table (the browser's counterpart is registry.ts).
 * Typed `Record<ElementType, ServerElementDefinition>` with every field required: a new type in
 * model.ts does not compile until it says how it is sanitized, which media it shows, what text it holds,
 * how it is exported and typeset (decision record 028).
 */
export interface ServerElementDefinition {
  /** The content as stored and served: only what renders safely (pipeline/sanitize-document.server.ts). */
  sanitizeContent(content: string): string;
  /** Its content is markup whose tags count against the limits checked before sanitizing (document-jobs). */
  markup: boolean;
  /** The media addresses it displays, whose sizes and WebP versions the page data carries (pages.server.ts). */
  mediaRefs(element: RenderElement): string[];
  /** Its text as a reader sees it, without markup ("" when it has none). */
  searchText(element: RenderElement): string;
  /** Its text is running prose, counted in an article's reading time. */
  prose: boolean;
  /** Its content for the exported file, with same-site addresses made absolute by `absolute`. */
  exportContent(content: string, absolute: (url: string) => string): string;
  /** The element with French typography on what visitors read; the same object when nothing applies. */
  typesetFrench(element: RenderElement): RenderElement;
  /** What the AI block generator's instructions say of its content (French), or null when nothing. */
  aiHint: string | null;
}

const keep = (content: string) => content;
const same = (element: RenderElement) => element;
const none = () => [];
const noText = () => "";
const stripTags = (html: string) => html.replace(/<[^>]+>/g, "");
const mediaUrl = (url: string) => sanitizeUrl(url, { allowMail: false });

const richText: ServerElementDefinition = {
  sanitizeContent: sanitizeRichText,
  markup: true,
  mediaRefs: none,
  searchText: (e) => stripTags(e.content),
  prose: true,
  // Links inside rich text, sanitized already: only href="/…" needs the site in front.
  exportContent: (content, absolute) => content.replace(/href="(\/(?![/\\])[^"]*)"/g, (_m, p: string) => `href="${absolute(p)}"`),
  typesetFrench: (e) => ({ ...e, content: typesetHtml(e.content, "fr") }),
  aiHint: "HTML simple (<p>, <strong>, <em>, <a href>)",
};

const media = (refs: boolean): ServerElementDefinition => ({
  sanitizeContent: mediaUrl,
  markup: false,
  mediaRefs: refs ? (e) => (e.content ? [e.content] : []) : none,
  searchText: (e) => e.alt ?? "",
  prose: false,
  exportContent: (content, absolute) => absolute(content),
  typesetFrench: same,
  aiHint: null,
});

const empty: ServerElementDefinition = {
  sanitizeContent: keep,
  markup: false,
  mediaRefs: none,
  searchText: noText,
  prose: false,
  exportContent: keep,
  typesetFrench: same,
  aiHint: null,
};

export const SERVER_ELEMENTS: Record<ElementType, ServerElementDefinition> = {
  // A heading is not counted in the reading time (only the body's paragraphs and lists were).
  heading: { ...richText, prose: false, aiHint: 'texte en ligne (ajoute "level": 2)' },
  text: richText,
  list: { ...richText, aiHint: "<ul><li>…</li></ul>" },
  // Only images: their sizes and WebP versions are what the page data needs (a video is an embed).
  image: { ...media(true), aiHint: "URL https" },
  video: {
    ...media(false),
    // The video's title is shown on its poster.
    typesetFrench: (e) => (e.alt ? { ...e, alt: frenchTypography(e.alt) } : e),
  },
  // A button's content is its label, plain text.
  button: {
    ...empty,
    searchText: (e) => e.content,
    typesetFrench: (e) => ({ ...e, content: frenchTypography(e.content) }),
    aiHint: 'libellé (ajoute "href")',
  },
  icon: { ...empty, sanitizeContent: sanitizeSvg, markup: true },
  divider: empty,
  spacer: empty,
  gallery: {
    sanitizeContent: (content) => {
      const parsed = parseGallery(content);
      if (!parsed.ok) return content;
      const g = parsed.gallery;
      return JSON.stringify({ ...g, images: g.images.map((i) => ({ url: mediaUrl(i.url), alt: i.alt })).filter((i) => i.url) });
    },
    markup: false,
    mediaRefs: (e) => {
      const g = parseGallery(e.content);
      return g.ok ? g.gallery.images.map((i) => i.url) : [];
    },
    searchText: (e) => {
      const g = parseGallery(e.content);
      return g.ok
        ? g.gallery.images
            .map((i) => i.alt)
            .filter(Boolean)
            .join(" ")
        : "";
    },
    prose: false,
    exportContent: (content, absolute) => {
      const parsed = parseGallery(content);
      return parsed.ok ? JSON.stringify({ ...parsed.gallery, images: parsed.gallery.images.map((i) => ({ ...i, url: absolute(i.url) })) }) : content;
    },
    typesetFrench: same,
    aiHint: null,
  },
};

/**
 * The entry of a stored element's type; undefined for a type this version does not know (the render
 * document allows any string: such an element keeps its content and is never rendered).
 */
export function serverElement(type: string): ServerElementDefinition | undefined {
  return Object.hasOwn(SERVER_ELEMENTS, type) ? SERVER_ELEMENTS[type as ElementType] : undefined;
}
