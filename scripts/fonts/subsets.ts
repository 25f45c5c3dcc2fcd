#!/usr/bin/env -S npx tsx
// Writes app/lib/design/fonts/<family>-{latin,latin-rest,ordinals}.woff2, the files the site serves for each
// web typeface, cut with harfbuzz's subsetter (`subset-font`) from the @fontsource-variable packages, weight
// axis kept, to the ranges of SUBSET_RANGES (app/lib/design/typefaces.ts):
//   - latin: the characters French and English pages use, preloaded by every page (decision 056);
//   - latin-rest: the rest of fontsource's Latin file, fetched only by a page that uses one of them;
//   - ordinals: ᵉ ʳ ᵈ of French ordinals, from the Latin Extended file (decision 054).
// The two Latin files keep the OpenType features browsers apply by themselves only: the site never asks for
// another (no font-variant or font-feature-settings in its styles); one that starts to must be added to
// DEFAULT_FEATURES. Run after changing a range or upgrading a @fontsource-variable package:
//   npx tsx scripts/fonts/subsets.ts
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { codePointsOf, SUBSET_RANGES, WEB_TYPEFACES } from "../../app/lib/design/typefaces";

const require = createRequire(import.meta.url);

/** The features Chromium's and Firefox's shaping turns on for horizontal Latin text without being asked. */
export const DEFAULT_FEATURES = [
  "abvm",
  "blwm",
  "calt",
  "ccmp",
  "clig",
  "curs",
  "dist",
  "kern",
  "liga",
  "locl",
  "ltra",
  "ltrm",
  "mark",
  "mkmk",
  "rclt",
  "rlig",
  "rvrn",
];

const text = (range: string) => String.fromCodePoint(...codePointsOf(range));

const source = (pkg: string, subset: "latin" | "latin-ext") =>
  readFileSync(require.resolve(`@fontsource-variable/${pkg}/files/${pkg}-${subset}-wght-normal.woff2`));

for (const [key, { fontsource: pkg }] of Object.entries(WEB_TYPEFACES)) {
  const latin = source(pkg, "latin");
  const files = {
    latin: await subsetFont(latin, text(SUBSET_RANGES.latin), { targetFormat: "woff2", keepFeatures: DEFAULT_FEATURES }),
    "latin-rest": await subsetFont(latin, text(SUBSET_RANGES.latinRest), { targetFormat: "woff2", keepFeatures: DEFAULT_FEATURES }),
    ordinals: await subsetFont(source(pkg, "latin-ext"), text(SUBSET_RANGES.ordinals), { targetFormat: "woff2" }),
  };
  for (const [name, out] of Object.entries(files)) {
    writeFileSync(new URL(`../../app/lib/design/fonts/${key}-${name}.woff2`, import.meta.url), out);
  }
  console.log(
    `${key}: ${Object.entries(files)
      .map(([name, out]) => `${name} ${out.length} B`)
      .join(", ")}`,
  );
}
