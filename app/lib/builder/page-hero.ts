import { defaultHeroBlock } from "./hero";
import { cloneBlock } from "~/lib/document/ops";
import type { Block, PageDocument } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";

/** Where the hero "taken from the page" comes from (seed 001 §4: the builder extracts it from the current page). */
export type PageHeroSource = "other-language" | "title";

export interface PageHero {
  block: Block;
  source: PageHeroSource;
}

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The hero block taken from the page being opened, for the first open of an empty page (decision 026):
 * - the page has content in its other language: the first block of that version that has a heading (the
 *   page's hero there), else its first block with any element, copied with fresh ids, to be translated;
 * - otherwise the seed's default hero whose heading is the page's title (the one thing every page has).
 * Null when neither gives anything (no content over there and a blank title): only the default hero is offered.
 */
export function pageHeroBlock({ lang, title, other }: { lang: Lang; title: string; other: PageDocument | null }): PageHero | null {
  const blocks = other?.blocks ?? [];
  const hasElements = (b: Block) => b.sections.some((s) => s.columns.some((c) => c.elements.length > 0));
  const withHeading = blocks.find((b) => b.sections.some((s) => s.columns.some((c) => c.elements.some((e) => e.type === "heading"))));
  const taken = withHeading ?? blocks.find(hasElements);
  if (taken) return { block: cloneBlock(taken), source: "other-language" };
  const name = title.replace(/\s+/g, " ").trim().slice(0, 200);
  if (!name) return null;
  const block = defaultHeroBlock(lang);
  const heading = block.sections[0].columns[0].elements.find((e) => e.type === "heading");
  if (heading) heading.content = escapeText(name);
  return { block, source: "title" };
}
