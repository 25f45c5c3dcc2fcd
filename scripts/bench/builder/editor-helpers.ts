// The editor's helpers, timed in Node on the builder's own code (issue 22, decision 036): icon search per
// keystroke over the whole library, and the pre-publish check of a 1,000-element page (both themes'
// contrast included). Run by scripts/bench/builder.mjs (`npm run bench:builder`), or alone:
// `npx tsx scripts/bench/builder/editor-helpers.ts`. Prints one JSON line: { iconSearch, prePublish }.
import { prePublishChecks } from "~/lib/builder/prepublish";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import { block, button, doc, heading, icon, image, list, row, text } from "~/lib/document/build";
import { themeVariablesOf } from "~/lib/elements/contrast-check";
import { searchIcons } from "~/lib/icons/search";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

// Icon search: every prefix of words typed one letter at a time, all categories.
const WORDS = ["calendrier", "cadeau", "panier", "étoile", "ciseaux", "coiffure", "boulangerie", "livraison", "téléphone", "réseaux sociaux"];
const first = performance.now();
searchIcons("c", "");
const coldMs = performance.now() - first;
const keystrokes: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const word of WORDS) {
    for (let i = 1; i <= word.length; i++) {
      const t = performance.now();
      searchIcons(word.slice(0, i), "");
      keystrokes.push(performance.now() - t);
    }
  }
}

// Pre-publish check: 200 blocks of 5 elements (headings, texts, lists, buttons, images, icons).
const blocks = Array.from({ length: 200 }, (_, b) =>
  block(
    b % 3 === 0 ? { backgroundColor: "var(--surface-accent)" } : {},
    row(
      [
        6,
        [
          heading(b === 0 ? "Titre de la page" : `Partie ${b}`, b === 0 ? 1 : 2),
          text(`<p>Un paragraphe du bloc ${b}, avec <a href="/offres">un lien</a>.</p>`),
        ],
      ],
      [
        6,
        [
          list(["✓ Un", "✓ Deux"]),
          button("Nous écrire", "/contact"),
          b % 2 ? image("/media/a.jpg", "Une photo") : icon("<svg></svg>", { styles: { color: "var(--text)" } }),
        ],
      ],
    ),
  ),
);
const page = doc(...blocks);
const elements = page.blocks.reduce((n, bl) => n + bl.sections.reduce((m, s) => m + s.columns.reduce((k, c) => k + c.elements.length, 0), 0), 0);
const context = {
  lang: "fr" as const,
  otherLang: { lang: "en" as const, published: true },
  themes: themeVariablesOf(DEFAULT_DESIGN),
  title: "Nos offres",
  description: "Trois offres.",
};
const runs: number[] = [];
let warnings = 0;
for (let i = 0; i < 25; i++) {
  const t = performance.now();
  warnings = prePublishChecks(page, context).length;
  if (i >= 5) runs.push(performance.now() - t);
}

console.log(
  JSON.stringify({
    iconSearch: {
      icons: searchIcons("", "").length,
      keystrokes: keystrokes.length,
      coldMs,
      medianMs: median(keystrokes),
      p95Ms: p95(keystrokes),
      targetMs: 10,
    },
    prePublish: { elements, warnings, runs: runs.length, medianMs: median(runs), p95Ms: p95(runs), targetMs: 150 },
  }),
);
