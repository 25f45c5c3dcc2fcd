import jakarta from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?inline";
import inter from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?inline";
import outfit from "@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?inline";
import sourceSerif from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?inline";
import fraunces from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?inline";
import jakartaOrdinals from "~/lib/design/fonts/jakarta-ordinals.woff2?inline";
import interOrdinals from "~/lib/design/fonts/inter-ordinals.woff2?inline";
import outfitOrdinals from "~/lib/design/fonts/outfit-ordinals.woff2?inline";
import sourceSerifOrdinals from "~/lib/design/fonts/sourceSerif-ordinals.woff2?inline";
import frauncesOrdinals from "~/lib/design/fonts/fraunces-ordinals.woff2?inline";
import { fontFaceRules, isWebTypeface, type TypefaceKey, type WebTypefaceKey } from "~/lib/design/typefaces";

/**
 * The exported file's typefaces (decision 052): the site's @font-face rules name /assets files a page
 * opened from a disk cannot reach, so the file carries the chosen faces themselves, as data: URLs. The
 * Latin file (27 to 51 KB each) and the 1–2 KB one of French ordinals' superscript letters (ᵉ ʳ ᵈ,
 * decision 054); a rare character outside both is drawn by the face's metric-matched fallback. Only the one
 * or two families the design chose.
 */
const LATIN: Record<WebTypefaceKey, string> = { jakarta, inter, outfit, sourceSerif, fraunces };
const ORDINALS: Record<WebTypefaceKey, string> = {
  jakarta: jakartaOrdinals,
  inter: interOrdinals,
  outfit: outfitOrdinals,
  sourceSerif: sourceSerifOrdinals,
  fraunces: frauncesOrdinals,
};

/** The chosen families' rules, each with its Latin file inside; the system's font needs none. */
export function exportFontFaceCss(fonts: { heading: TypefaceKey; body: TypefaceKey }): string {
  return [...new Set([fonts.heading, fonts.body])]
    .filter(isWebTypeface)
    .map((k) => fontFaceRules(k, { latin: LATIN[k], ordinals: ORDINALS[k] }))
    .join("\n");
}
