import type { RenderDocument } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";
import { serverElement } from "~/lib/elements/server-types.server";
import { frenchTypography } from "~/lib/typography/french";

/**
 * The document as visitors read it: French typography on every text of a French page, applied when the
 * page is served (seeded or typed in the builder alike), so the stored text stays as the editor typed it.
 * Other languages come back unchanged (the same object).
 */
export function typesetDocument(doc: RenderDocument, lang: string): RenderDocument {
  if (lang !== "fr") return doc;
  // What each type shows visitors (texts, a button's label, a video's title) is in server-types.server.ts.
  return mapElements(doc, (e) => serverElement(e.type)?.typesetFrench(e) ?? e);
}

export const typesetTitle = (title: string, lang: string) => (lang === "fr" ? frenchTypography(title) : title);
