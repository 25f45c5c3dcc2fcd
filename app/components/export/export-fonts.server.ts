import jakartaLatin from "~/lib/design/fonts/jakarta-latin.woff2?inline";
import jakartaLatinRest from "~/lib/design/fonts/jakarta-latin-rest.woff2?inline";
import jakartaOrdinals from "~/lib/design/fonts/jakarta-ordinals.woff2?inline";
import interLatin from "~/lib/design/fonts/inter-latin.woff2?inline";
import interLatinRest from "~/lib/design/fonts/inter-latin-rest.woff2?inline";
import interOrdinals from "~/lib/design/fonts/inter-ordinals.woff2?inline";
import outfitLatin from "~/lib/design/fonts/outfit-latin.woff2?inline";
import outfitLatinRest from "~/lib/design/fonts/outfit-latin-rest.woff2?inline";
import outfitOrdinals from "~/lib/design/fonts/outfit-ordinals.woff2?inline";
import sourceSerifLatin from "~/lib/design/fonts/sourceSerif-latin.woff2?inline";
import sourceSerifLatinRest from "~/lib/design/fonts/sourceSerif-latin-rest.woff2?inline";
import sourceSerifOrdinals from "~/lib/design/fonts/sourceSerif-ordinals.woff2?inline";
import frauncesLatin from "~/lib/design/fonts/fraunces-latin.woff2?inline";
import frauncesLatinRest from "~/lib/design/fonts/fraunces-latin-rest.woff2?inline";
import frauncesOrdinals from "~/lib/design/fonts/fraunces-ordinals.woff2?inline";
import { fontFaceRules, isWebTypeface, type Subset, type TypefaceKey, type WebTypefaceKey } from "~/lib/design/typefaces";

/**
 * The exported file's typefaces (decision 052): the site's @font-face rules name /assets files a page
 * opened from a disk cannot reach, so the file carries the chosen faces themselves, as data: URLs: the
 * files of the whole Latin range (the core French and English use, and the rest, decision 056) and the 1–2 KB
 * one of French ordinals' superscript letters (ᵉ ʳ ᵈ, decision 054), 27 to 52 KB a family; a rare character
 * outside them (Polish, Vietnamese) is drawn by the face's metric-matched fallback. Only the one or two
 * families the design chose.
 */
const FILES: Record<WebTypefaceKey, Partial<Record<Subset, string>>> = {
  jakarta: { latin: jakartaLatin, latinRest: jakartaLatinRest, ordinals: jakartaOrdinals },
  inter: { latin: interLatin, latinRest: interLatinRest, ordinals: interOrdinals },
  outfit: { latin: outfitLatin, latinRest: outfitLatinRest, ordinals: outfitOrdinals },
  sourceSerif: { latin: sourceSerifLatin, latinRest: sourceSerifLatinRest, ordinals: sourceSerifOrdinals },
  fraunces: { latin: frauncesLatin, latinRest: frauncesLatinRest, ordinals: frauncesOrdinals },
};

/** The chosen families' rules, each with its Latin file inside; the system's font needs none. */
export function exportFontFaceCss(fonts: { heading: TypefaceKey; body: TypefaceKey }): string {
  return [...new Set([fonts.heading, fonts.body])]
    .filter(isWebTypeface)
    .map((k) => fontFaceRules(k, FILES[k]))
    .join("\n");
}
