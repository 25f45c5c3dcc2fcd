/**
 * The typefaces the design offers for headings and for text (issue 21 item 4, decision 042 "Typefaces"):
 * a few variable fonts self-hosted from their @fontsource-variable packages, plus the system's own font.
 * This file holds names and metrics only (no file URLs), so the schema and the builder import it cheaply;
 * the files and their @font-face rules are in typeface-files.ts.
 */

export const TYPEFACE_KEYS = ["jakarta", "inter", "outfit", "sourceSerif", "fraunces", "system"] as const;
export type TypefaceKey = (typeof TYPEFACE_KEYS)[number];
export type WebTypefaceKey = Exclude<TypefaceKey, "system">;

interface Fallback {
  /** Local fonts, in order, that stand in until the file arrives: metric-compatible families only. */
  local: readonly string[];
  sizeAdjust: number;
  ascent: number;
  descent: number;
}

interface WebTypeface {
  label: string;
  family: string;
  /** Its npm package, @fontsource-variable/<name>, whose files scripts/fonts/subsets.ts cuts. */
  fontsource: string;
  /** The variable font's weight axis. */
  weight: string;
  generic: "sans-serif" | "serif";
  fallback: Fallback;
}

const ARIAL = ["Arial", "ArialMT", "Liberation Sans", "LiberationSans-Regular", "Helvetica"];
const TIMES = ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif-Regular", "Times"];

/**
 * Fallback overrides make the local font take the web font's room (width, ascent, descent), so the swap
 * moves no line (CLS 0). Plus Jakarta Sans keeps the figures measured in Chromium on headings at weight
 * 800 (decision 014); the others are @capsizecss/core's createFontStack() over @capsizecss/metrics 4.3
 * (average character width at weight 400, from the fonts' hhea/OS2 tables), against Arial or Times New Roman
 * (Liberation Sans / Serif on Linux have the same metrics).
 */
export const WEB_TYPEFACES: Record<WebTypefaceKey, WebTypeface> = {
  jakarta: {
    label: "Plus Jakarta Sans",
    family: "Plus Jakarta Sans",
    fontsource: "plus-jakarta-sans",
    weight: "200 800",
    generic: "sans-serif",
    fallback: { local: ARIAL, sizeAdjust: 101.6, ascent: 102.4, descent: 21.7 },
  },
  inter: {
    label: "Inter",
    family: "Inter",
    fontsource: "inter",
    weight: "100 900",
    generic: "sans-serif",
    fallback: { local: ARIAL, sizeAdjust: 107.1194, ascent: 90.4365, descent: 22.518 },
  },
  outfit: {
    label: "Outfit",
    family: "Outfit",
    fontsource: "outfit",
    weight: "100 900",
    generic: "sans-serif",
    fallback: { local: ARIAL, sizeAdjust: 99.8204, ascent: 100.18, descent: 26.0468 },
  },
  sourceSerif: {
    label: "Source Serif 4",
    family: "Source Serif 4",
    fontsource: "source-serif-4",
    weight: "200 900",
    generic: "serif",
    fallback: { local: TIMES, sizeAdjust: 117.9077, ascent: 87.8653, descent: 28.4121 },
  },
  fraunces: {
    label: "Fraunces",
    family: "Fraunces",
    fontsource: "fraunces",
    weight: "100 900",
    generic: "serif",
    fallback: { local: TIMES, sizeAdjust: 115.4462, ascent: 84.7148, descent: 22.0882 },
  },
};

const SYSTEM_STACK = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const TYPEFACE_LABELS: Record<TypefaceKey, string> = {
  ...(Object.fromEntries(Object.entries(WEB_TYPEFACES).map(([k, t]) => [k, t.label])) as Record<WebTypefaceKey, string>),
  system: "Police du système (rien à télécharger)",
};

export const isWebTypeface = (k: TypefaceKey): k is WebTypefaceKey => k !== "system";

const fallbackName = (t: WebTypeface) => `${t.family} Fallback`;

/** The font-family list for a choice: the web font, its metric-matched fallback, then generic families. */
export function fontStack(k: TypefaceKey): string {
  if (!isWebTypeface(k)) return SYSTEM_STACK;
  const t = WEB_TYPEFACES[k];
  const generic = t.generic === "serif" ? 'Georgia, "Times New Roman", serif' : "ui-sans-serif, system-ui, sans-serif";
  return `"${t.family}", "${fallbackName(t)}", ${generic}`;
}

/** fontsource's Latin file's characters: the files below are cut from it. */
export const FONTSOURCE_LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * The characters French and English pages are written with (decision 056): ASCII, the accented letters of
 * French (and ä ö ü, common in names), æ œ, French and English quotes and dashes, the spaces French
 * typography writes (U+00A0, U+202F), the invisible format characters, and the few signs marketing copy uses
 * (€ £ © ® ™ ° ² ³ × − • …). They are fontsource's Latin file cut to these, with the browser's default
 * OpenType features only: 28 KB instead of 48 for Inter, the file every page preloads.
 */
const LATIN_CORE =
  "U+0000-007E,U+00A0,U+00A3,U+00A9,U+00AB,U+00AD,U+00AE,U+00B0,U+00B2-00B3,U+00B7,U+00BA,U+00BB,U+00C0,U+00C2,U+00C4,U+00C6-00CB,U+00CE-00CF,U+00D4,U+00D6,U+00D7,U+00D9,U+00DB-00DC,U+00E0,U+00E2,U+00E4,U+00E6-00EB,U+00EE-00EF,U+00F4,U+00F6,U+00F9,U+00FB-00FC,U+00FF,U+0152-0153,U+2009,U+200B-200D,U+2011,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+202F,U+2060,U+20AC,U+2122,U+2212,U+FEFF";

/** A unicode-range list as code points, and back (consecutive code points joined into one range). */
export function codePointsOf(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [a, b = a] = part.trim().replace(/^U\+/i, "").split("-");
    const from = parseInt(a, 16);
    const to = parseInt(b, 16);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

export function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((x, y) => x - y);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j;
  }
  return parts.join(",");
}

const core = new Set(codePointsOf(LATIN_CORE));

/**
 * Each file's characters. `latin` is the core above, preloaded; `latinRest` the rest of fontsource's Latin
 * file (ñ, ß, ø, ½, arrows…), fetched only by a page that uses one of them. `ordinals` holds the superscript
 * letters of French ordinals (ᵉ ʳ ᵈ, written by lib/typography/french.ts): they belong to the Latin Extended
 * ranges, whose file (85 KB for Inter) a page fetched for one "Lyon 6ᵉ"; they are cut out of it into a file of
 * 1–2 KB (decision 054), and the Latin Extended range leaves them out. The files of the first three are made
 * by scripts/fonts/subsets.ts.
 */
export const SUBSET_RANGES = {
  latin: LATIN_CORE,
  latinRest: unicodeRange(codePointsOf(FONTSOURCE_LATIN).filter((c) => !core.has(c))),
  ordinals: "U+02B3,U+1D48-1D49",
  latinExt:
    "U+0100-02B2,U+02B4-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1D47,U+1D4A-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;
export type Subset = keyof typeof SUBSET_RANGES;

const ORDINAL_LETTERS = new RegExp(`[${String.fromCodePoint(...codePointsOf(SUBSET_RANGES.ordinals))}]`, "u");

/** Whether a text holds one of French ordinals' superscript letters (6ᵉ, 1ʳᵉ), drawn from the ordinals file. */
export const hasOrdinalLetters = (text: string): boolean => ORDINAL_LETTERS.test(text);

/**
 * The @font-face rules of one family: one per subset given (the browser fetches a subset only if a page
 * uses it; the exported file carries the Latin and ordinals ones) and its fallback.
 */
export function fontFaceRules(k: WebTypefaceKey, files: Partial<Record<Subset, string>>): string {
  const t = WEB_TYPEFACES[k];
  const faces = (Object.keys(SUBSET_RANGES) as Subset[])
    .filter((s) => files[s])
    .map(
      (s) =>
        `@font-face{font-family:"${t.family}";font-style:normal;font-weight:${t.weight};font-display:swap;src:url(${files[s]!}) format("woff2");unicode-range:${SUBSET_RANGES[s]}}`,
    );
  const f = t.fallback;
  const local = f.local.map((n) => `local("${n}")`).join(",");
  faces.push(
    `@font-face{font-family:"${fallbackName(t)}";src:${local};size-adjust:${f.sizeAdjust}%;ascent-override:${f.ascent}%;descent-override:${f.descent}%;line-gap-override:0%}`,
  );
  return faces.join("");
}
