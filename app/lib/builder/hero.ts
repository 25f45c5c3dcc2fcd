import { createBlock, createElement, BRAND_YELLOW } from "~/lib/elements/defaults";
import type { Block } from "~/lib/document/schema";
import { colorRef } from "~/lib/design/tokens";
import { routePath, type Lang } from "~/lib/i18n/routes";

/**
 * The default hero block offered on the first open of an empty page (seed 001 §4): a title, a sentence
 * and a call to action on the brand yellow, in the page's language.
 */
export function defaultHeroBlock(lang: Lang): Block {
  const block = createBlock("full-width");
  block.styles = { ...block.styles, paddingTop: "80px", paddingBottom: "80px", backgroundColor: BRAND_YELLOW, marginBottom: "0px" };
  const title = createElement("heading");
  title.level = 1;
  title.content = lang === "en" ? "A headline that says what you offer" : "Un titre qui dit ce que vous proposez";
  title.styles = { ...title.styles, fontSize: "42px", textAlign: "center", color: colorRef("ink") };
  const text = createElement("text");
  text.content =
    lang === "en" ? "<p>One sentence for whom it is and why it helps them.</p>" : "<p>Une phrase pour dire à qui il s'adresse et ce qu'il lui apporte.</p>";
  text.styles = { ...text.styles, fontSize: "20px", textAlign: "center", color: colorRef("ink") };
  const button = createElement("button");
  button.content = lang === "en" ? "See our offers" : "Découvrir nos offres";
  button.href = routePath("offers", lang);
  button.styles = { ...button.styles, backgroundColor: colorRef("ink"), textAlign: "center" };
  block.sections[0].columns[0].elements.push(title, text, button);
  return block;
}
