#!/usr/bin/env node
// Writes app/lib/design/fonts/<family>-ordinals.woff2: the three superscript letters French ordinals use
// (ᵉ ʳ ᵈ, from "2ᵉ", "1ʳᵉ", "2ᵈ", which lib/typography/french.ts writes), cut from each family's Latin Extended
// file with its weight axis kept. Those letters sit in the Latin Extended ranges, so one "Lyon 6ᵉ" on a page
// made the browser fetch the whole Latin Extended file (85 KB for Inter) before drawing that text; the 1–2 KB
// file here serves them instead (decision 054). Run after upgrading a @fontsource-variable package:
//   node scripts/fonts/ordinal-subsets.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
/** The families of lib/design/typefaces.ts (WEB_TYPEFACES) and their fontsource package names. */
const FAMILIES = {
  jakarta: "plus-jakarta-sans",
  inter: "inter",
  outfit: "outfit",
  sourceSerif: "source-serif-4",
  fraunces: "fraunces",
};
export const ORDINAL_LETTERS = "\u1D49\u02B3\u1D48";

for (const [key, pkg] of Object.entries(FAMILIES)) {
  const source = require.resolve(`@fontsource-variable/${pkg}/files/${pkg}-latin-ext-wght-normal.woff2`);
  const out = await subsetFont(readFileSync(source), ORDINAL_LETTERS, { targetFormat: "woff2" });
  const target = new URL(`../../app/lib/design/fonts/${key}-ordinals.woff2`, import.meta.url);
  writeFileSync(target, out);
  console.log(`${key}: ${out.length} bytes`);
}
