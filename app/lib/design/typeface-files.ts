import jakartaLatin from "./fonts/jakarta-latin.woff2?no-inline";
import jakartaLatinRest from "./fonts/jakarta-latin-rest.woff2?no-inline";
import jakartaOrdinals from "./fonts/jakarta-ordinals.woff2?no-inline";
import interLatin from "./fonts/inter-latin.woff2?no-inline";
import interLatinRest from "./fonts/inter-latin-rest.woff2?no-inline";
import interOrdinals from "./fonts/inter-ordinals.woff2?no-inline";
import outfitLatin from "./fonts/outfit-latin.woff2?no-inline";
import outfitLatinRest from "./fonts/outfit-latin-rest.woff2?no-inline";
import outfitOrdinals from "./fonts/outfit-ordinals.woff2?no-inline";
import sourceSerifLatin from "./fonts/sourceSerif-latin.woff2?no-inline";
import sourceSerifLatinRest from "./fonts/sourceSerif-latin-rest.woff2?no-inline";
import sourceSerifOrdinals from "./fonts/sourceSerif-ordinals.woff2?no-inline";
import frauncesLatin from "./fonts/fraunces-latin.woff2?no-inline";
import frauncesLatinRest from "./fonts/fraunces-latin-rest.woff2?no-inline";
import frauncesOrdinals from "./fonts/fraunces-ordinals.woff2?no-inline";
import jakartaLatinExt from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-ext-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import outfitLatinExt from "@fontsource-variable/outfit/files/outfit-latin-ext-wght-normal.woff2?url";
import sourceSerifLatinExt from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-normal.woff2?url";
import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import { fontFaceRules, isWebTypeface, TYPEFACE_KEYS, type Subset, type TypefaceKey, type WebTypefaceKey } from "./typefaces";

/**
 * Each typeface's files, served from /assets with the build's hash (immutable cache): the three cut by
 * scripts/fonts/subsets.ts (decisions 054, 056) and fontsource's Latin Extended one. Imported by the server
 * (the head's @font-face rules and preloads) and the design screen only: the public pages' scripts never
 * carry this list.
 */
const FILES: Record<WebTypefaceKey, Record<Subset, string>> = {
  jakarta: { latin: jakartaLatin, latinRest: jakartaLatinRest, ordinals: jakartaOrdinals, latinExt: jakartaLatinExt },
  inter: { latin: interLatin, latinRest: interLatinRest, ordinals: interOrdinals, latinExt: interLatinExt },
  outfit: { latin: outfitLatin, latinRest: outfitLatinRest, ordinals: outfitOrdinals, latinExt: outfitLatinExt },
  sourceSerif: { latin: sourceSerifLatin, latinRest: sourceSerifLatinRest, ordinals: sourceSerifOrdinals, latinExt: sourceSerifLatinExt },
  fraunces: { latin: frauncesLatin, latinRest: frauncesLatinRest, ordinals: frauncesOrdinals, latinExt: frauncesLatinExt },
};

export interface FontChoice {
  heading: TypefaceKey;
  body: TypefaceKey;
}

const webFamilies = (keys: readonly TypefaceKey[]): WebTypefaceKey[] => [...new Set(keys)].filter(isWebTypeface);

/** The @font-face rules of the chosen families only (a family declared but unused would still be listed). */
export function fontFaceCss(fonts: FontChoice): string {
  return webFamilies([fonts.heading, fonts.body])
    .map((k) => fontFaceRules(k, FILES[k]))
    .join("");
}

/** Every family's rules: the design screen shows each name in its own face. */
export const allFontFaceCss = (): string =>
  webFamilies(TYPEFACE_KEYS)
    .map((k) => fontFaceRules(k, FILES[k]))
    .join("");

/** The core Latin files of the chosen families, for `<link rel="preload">`: French and English text needs no other. */
export function fontPreloads(fonts: FontChoice): string[] {
  return webFamilies([fonts.heading, fonts.body]).map((k) => FILES[k].latin);
}

/**
 * The text face's ordinals file (1–2 KB), for `<link rel="preload">` on a page that writes an ordinal (6ᵉ):
 * a face fetched only when the first layout meets its letter arrives after the first paint, and its arrival
 * lays out every line of the page again (decision 056). The text face only: ordinals sit in running text
 * (an address, a date); one in a heading still fetches its file as before.
 */
export function ordinalsPreload(fonts: FontChoice): string | null {
  return isWebTypeface(fonts.body) ? FILES[fonts.body].ordinals : null;
}
