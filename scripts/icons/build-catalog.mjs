// Builds app/lib/icons/catalog.generated.ts from the lucide-static package (ISC licence): the icons of
// each category of seed 001 §3, chosen by keywords over the icon names and tags lucide publishes.
// Run again after upgrading lucide-static: `node scripts/icons/build-catalog.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("lucide-static/package.json"));
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const tags = JSON.parse(readFileSync(path.join(root, "tags.json"), "utf8"));
// The French side (decision 036): a name and synonyms per icon, a dictionary for lucide's English words.
const french = JSON.parse(readFileSync(new URL("../../app/lib/icons/french.json", import.meta.url), "utf8"));

// Order matters: an icon goes to the first category whose keywords it matches.
const CATEGORIES = [
  [
    "Restaurant & Food",
    /\b(food|restaurant|utensils?|chef|pizza|coffee|cup|wine|beer|cake|cookie|croissant|sandwich|soup|salad|ice.?cream|apple|carrot|cherry|fish|drumstick|egg|grape|citrus|beef|milk|wheat|popcorn|donut|candy|hamburger|cooking|kitchen|martini|glass|drink|fruit|vegetable|bread|dessert|meal|dinner|lunch|breakfast|banana|lollipop|ham|nut|bean|leafy|pepper|salt|dining|cutlery|fork|spoon|knife|grill|oven|refrigerator|microwave|vegan)\b/,
  ],
  [
    "Time & Schedule",
    /\b(clock|time|timer|alarm|hourglass|calendar|schedule|date|history|watch|sunrise|sunset|deadline|appointment|agenda|stopwatch|countdown|event|day|week|month|year)\b/,
  ],
  [
    "Communication",
    /\b(mail|email|envelope|send|message|chat|phone|call|smartphone|inbox|bell|notification|mic|microphone|headphones|voicemail|speech|contact|conversation|comment|reply|forward|at.?sign|letter|postbox|mailbox|voice|talk|podcast|translate|language|languages|radio|signal|satellite|wifi|map|pin|location)\b/,
  ],
  [
    "Social Media",
    /\b(social|share|heart|like|thumbs?|hash|hashtag|camera|photo|image|rss|follow|users?|user.?plus|smile|emoji|star|video|play|live|stream|broadcast|youtube|instagram|facebook|twitter|network|community|party|gift|sparkles|trending|bookmark|link|tv|film|clapperboard|aperture|music|gamepad)\b/,
  ],
  [
    "Business & Marketing",
    /\b(business|briefcase|building|office|chart|graph|analytics|target|megaphone|marketing|presentation|handshake|dollar|euro|currency|money|wallet|credit.?card|payment|receipt|percent|discount|sale|tag|award|trophy|rocket|lightbulb|idea|globe|shopping|cart|basket|bag|package|store|shop|piggy|bank|landmark|banknote|calculator|invoice|finance|growth|medal|crown|gem|badge|strategy|portfolio|sales|ecommerce|delivery|truck|warehouse|factory|certificate|signature|contract|pen.?tool|coins?)\b/,
  ],
  [
    "UI Elements",
    /\b(arrow|chevron|check|close|x|plus|minus|menu|search|settings|gear|home|house|info|alert|warning|eye|lock|unlock|download|upload|trash|delete|edit|pencil|filter|grid|list|layout|external|refresh|rotate|undo|redo|copy|clipboard|save|log.?in|log.?out|toggle|slider|square|circle|more|ellipsis|maximize|minimize|expand|shrink|zoom|sort|align|move|drag|grip|panel|sidebar|navigation|cursor|pointer|help|question|loader|power|shield|scissors|cut)\b/,
  ],
];
const CAP = 90;

// An icon whose name matches goes first (and to that category); tags only fill what is left. Within each, the
// plain icons (fewest name parts: "calendar" before "calendar-arrow-down") come first, so the cap keeps the
// everyday icons of every letter rather than the variants of the first letters of the alphabet.
const names = Object.keys(tags).sort();
const candidates = new Map(CATEGORIES.map(([c]) => [c, []]));
for (const name of names) {
  const own = name.replace(/-/g, " ");
  const byName = CATEGORIES.find(([, re]) => re.test(own));
  const byTag = byName ?? CATEGORIES.find(([, re]) => re.test(tags[name].join(" ").toLowerCase()));
  if (byTag) candidates.get(byTag[0]).push({ name, score: (byName ? 0 : 10) + name.split("-").length });
}
const picked = new Map(
  [...candidates].map(([c, list]) => [
    c,
    list
      .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
      .slice(0, CAP)
      .map((x) => x.name)
      .sort(),
  ]),
);

const icons = [];
for (const [category, list] of picked) {
  for (const name of list) {
    const raw = readFileSync(path.join(root, "icons", `${name}.svg`), "utf8");
    const svg = raw
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/\s*class="[^"]*"/, "")
      .replace(/\s+/g, " ")
      .replace(/>\s+</g, "><")
      .replace(/\s+>/g, ">")
      .replace(/\s*\/>/g, "/>")
      .replace("<svg ", '<svg aria-hidden="true" ')
      .trim();
    const fr = french.icons[name];
    if (!fr) throw new Error(`${name}: no French name in app/lib/icons/french.json`);
    const english = [...name.split("-"), ...tags[name].flatMap((t) => t.toLowerCase().split(/[\s-]+/))];
    const synonyms = new Set((fr[1] ?? "").toLowerCase().split(/\s+/));
    const translated = new Set(english.flatMap((w) => (french.words[w] ?? "").toLowerCase().split(/\s+/)));
    for (const w of [...synonyms, ...fr[0].toLowerCase().split(/\s+/), ""]) translated.delete(w);
    synonyms.delete("");
    icons.push({ name, fr: fr[0], category, synonyms: [...synonyms].join(" "), keywords: [...translated].join(" "), tags: tags[name].slice(0, 8), svg });
  }
}

const out = `// Generated by scripts/icons/build-catalog.mjs from lucide-static ${pkg.version} — do not edit by hand.
// Lucide icons: ISC licence, https://lucide.dev/license (copyright Lucide Contributors; parts under the MIT
// licence of Feather, copyright Cole Bemis). Only the markup of the icon a person chooses is stored in a page.
export const ICON_SET = ${JSON.stringify({ name: "Lucide", version: pkg.version, license: pkg.license })};

/** The seed's categories (seed 001 §3) and their French labels. */
export const ICON_CATEGORY_LABELS = ${JSON.stringify(french.categories)} as const;

/** fr: the French name; synonyms: its hand-written French keywords; keywords: lucide's tags in French. */
export const ICONS: readonly { name: string; fr: string; category: string; synonyms: string; keywords: string; tags: readonly string[]; svg: string }[] = ${JSON.stringify(icons, null, 0).replace(/\},\{/g, "},\n{")};
`;
writeFileSync(new URL("../../app/lib/icons/catalog.generated.ts", import.meta.url), out);
console.log(`${icons.length} icons: ${[...picked].map(([c, l]) => `${c} ${l.length}`).join(", ")}`);
