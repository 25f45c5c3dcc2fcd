import { doc, row } from "~/lib/document/build";
import type { Block, PageDocument } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import {
  BG,
  body,
  cardText,
  checks,
  ctaBand,
  eyebrow,
  faq,
  featureRows,
  gap,
  h1,
  h2,
  heroBlock,
  intro,
  lead,
  heroPicture,
  primary,
  section,
  small,
  steps,
  to,
  type SeedImageUrl,
} from "./kit";

/** The four solution pages share one structure; each page brings its copy and its showcase block. */
interface SolutionCopy {
  kicker: string;
  title: string;
  lead: string;
  cta: string;
  reassurance: string;
  hero: { url: SeedImageUrl; alt: string };
  problems: { kicker: string; title: string; items: { title: string; text: string }[] };
  features: { kicker: string; title: string; lead: string; items: { icon: string; title: string; text: string }[] };
  /** Page-specific block between features and steps (gallery, video, screenshots). */
  showcase: Block;
  how: { kicker: string; title: string; items: { title: string; text: string }[] };
  pricing: { kicker: string; title: string; text: string; points: string[]; cta: string };
  faq: { kicker: string; title: string; items: { q: string; a: string }[] };
  closing: { title: string; text: string; cta: string };
}

export function solutionDoc(lang: Lang, c: SolutionCopy): PageDocument {
  return doc(
    heroBlock(
      BG.accent,
      row(
        [6, [eyebrow(c.kicker), h1(c.title), lead(`<p>${c.lead}</p>`), gap("4px"), primary(c.cta, to("offers", lang)), small(`<p>${c.reassurance}</p>`)]],
        [6, heroPicture(c.hero.url, c.hero.alt)],
      ),
    ),
    section(
      BG.plain,
      row([5, [eyebrow(c.problems.kicker), h2(c.problems.title)]], [7, c.problems.items.map((p) => cardText(`<h3>${p.title}</h3><p>${p.text}</p>`))]),
    ),
    section(BG.alt, intro(c.features.kicker, c.features.title, `<p>${c.features.lead}</p>`), ...featureRows(c.features.items)),
    c.showcase,
    section(BG.plain, intro(c.how.kicker, c.how.title), steps(c.how.items)),
    section(
      BG.teal,
      row(
        [7, [eyebrow(c.pricing.kicker), h2(c.pricing.title), body(`<p>${c.pricing.text}</p>`)]],
        [5, [checks(c.pricing.points), gap("4px"), primary(c.pricing.cta, to("offers", lang))]],
      ),
    ),
    section(BG.plain, intro(c.faq.kicker, c.faq.title), ...faq(c.faq.items)),
    ctaBand(c.closing.title, `<p>${c.closing.text}</p>`, c.closing.cta, to("offers", lang)),
  );
}
