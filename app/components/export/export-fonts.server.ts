import jakarta from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?inline";
import inter from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?inline";
import outfit from "@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?inline";
import sourceSerif from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?inline";
import fraunces from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?inline";
import { fontFaceRules, isWebTypeface, type TypefaceKey, type WebTypefaceKey } from "~/lib/design/typefaces";

/**
 * The exported file's typefaces (decision 052): the site's @font-face rules name /assets files a page
 * opened from a disk cannot reach, so the file carries the chosen faces themselves, as data: URLs. The
 * Latin file only (27 to 51 KB each; French needs nothing else, and a rare character outside it is drawn
 * by the face's metric-matched fallback), and only the one or two families the design chose.
 */
const LATIN: Record<WebTypefaceKey, string> = { jakarta, inter, outfit, sourceSerif, fraunces };

/** The chosen families' rules, each with its Latin file inside; the system's font needs none. */
export function exportFontFaceCss(fonts: { heading: TypefaceKey; body: TypefaceKey }): string {
  return [...new Set([fonts.heading, fonts.body])]
    .filter(isWebTypeface)
    .map((k) => fontFaceRules(k, { latin: LATIN[k] }))
    .join("\n");
}
