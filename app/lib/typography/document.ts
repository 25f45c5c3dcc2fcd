import type { RenderDocument } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";
import { frenchTypography, typesetHtml } from "./french";

/** Element types whose content is HTML text (headings, rich text, lists) and those whose content is plain text. */
const HTML_TEXT = new Set(["heading", "text", "list"]);
const PLAIN_TEXT = new Set(["button"]);

/**
 * The document as visitors read it: French typography on every text of a French page, applied when the
 * page is served (seeded or typed in the builder alike), so the stored text stays as the editor typed it.
 * Other languages come back unchanged (the same object).
 */
export function typesetDocument(doc: RenderDocument, lang: string): RenderDocument {
  if (lang !== "fr") return doc;
  return mapElements(doc, (e) =>
    HTML_TEXT.has(e.type)
      ? { ...e, content: typesetHtml(e.content, lang) }
      : PLAIN_TEXT.has(e.type)
        ? { ...e, content: frenchTypography(e.content) }
        : e.type === "video" && e.alt
          ? { ...e, alt: frenchTypography(e.alt) } // the video's title is shown on its poster
          : e,
  );
}

export const typesetTitle = (title: string, lang: string) => (lang === "fr" ? frenchTypography(title) : title);
