import { createBlock, createElement } from "~/lib/elements/defaults";
import type { Block } from "~/lib/document/schema";
import { escapeHtml } from "~/lib/builder/link";
import { markSampleTree } from "~/lib/elements/sample";
import { OFFLINE_TEXT } from "./ai-schemas";

/**
 * Seed 001 §4's generator, used when no AI service is configured: a full-width block with a heading (the
 * prompt capitalised) and the text 'Contenu généré par IA basé sur votre demande : …' followed by the prompt.
 * Its text is marked as sample copy (decision 036): the pre-publish check asks for it to be rewritten.
 */
export function offlineBlock(prompt: string): Block {
  const p = prompt.trim();
  const block = createBlock("full-width");
  const heading = createElement("heading");
  heading.content = escapeHtml(p.charAt(0).toLocaleUpperCase("fr-FR") + p.slice(1));
  const text = createElement("text");
  text.content = `<p>${escapeHtml(`${OFFLINE_TEXT}${p}`)}</p>`;
  block.sections[0].columns[0].elements.push(heading, text);
  return markSampleTree({ blocks: [block] }).blocks[0];
}
