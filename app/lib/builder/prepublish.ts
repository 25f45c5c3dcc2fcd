import { walkElements, type DocumentTree } from "~/lib/document/walk";
import { elementDefinition } from "~/lib/elements/registry";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The checklist shown before publishing (issue 11 §5): what a visitor would notice and the editor missed.
 * It warns, never blocks ("Publier quand même"). A pure function of the document and the other language's
 * state, so the dialog, the tests and any later server check read the same list.
 */

/** The texts a new element starts with (seed 001 §3): published as such, they look unfinished. */
const PLACEHOLDER_TEXTS = ["Nouveau titre", "Nouveau texte", "Cliquez ici", "Premier point", "Deuxième point", "Troisième point", "Ajouter une image"] as const;

type CheckKind = "placeholder" | "empty-link" | "missing-alt" | "no-h1" | "several-h1" | "language";

export interface PublishWarning {
  kind: CheckKind;
  /** French, names the element so that the editor finds it. */
  message: string;
  /** The element to select in the canvas; absent for page-wide warnings. */
  elementId?: string;
}

/** What the checks read of an element: the stored, render and builder documents all fit. */
interface CheckedElement {
  id: string;
  type: string;
  content: string;
  alt?: string;
  href?: string;
  level?: number;
}

export interface CheckContext {
  lang: Lang;
  /** The other language version's state; null when the page has only one language. */
  otherLang: { lang: Lang; published: boolean } | null;
  /** Articles: the page's template already shows the title as the H1, so the document must have none. */
  titleIsH1?: boolean;
}

const LANG_NAME: Record<Lang, string> = { fr: "française", en: "anglaise" };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** The visible text of inline HTML, one entry per paragraph or list item. */
export function textPieces(html: string): string[] {
  return html
    .split(/<\/?(?:p|li|ul|ol|br|h[1-6]|div)\b[^>]*>/i)
    .map((piece) =>
      piece
        .replace(/<[^>]*>/g, "")
        .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

const normalize = (s: string) =>
  s
    .replace(/^[✓✔•\-–\s]+/u, "")
    .replace(/[.…!\s]+$/u, "")
    .toLowerCase();
const PLACEHOLDERS = new Set(PLACEHOLDER_TEXTS.map(normalize));

/** A link that goes nowhere: empty, "#" alone or a javascript: pseudo-link. */
export function linksNowhere(href: string | undefined): boolean {
  const h = (href ?? "").trim();
  return h === "" || h === "#" || /^javascript:/i.test(h);
}

/** A short, recognisable name: "Titre « Nos offres »", "Image 3". */
function nameOf(e: CheckedElement, index: number): string {
  const def = elementDefinition(e.type);
  const label = def?.label ?? "Élément";
  const text = def && !def.text ? "" : (textPieces(e.content)[0] ?? "");
  if (!text) return `${label} n° ${index}`;
  return `${label} « ${text.length > 40 ? `${text.slice(0, 39)}…` : text} »`;
}

export function prePublishChecks(doc: DocumentTree<CheckedElement>, ctx: CheckContext): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const h1: { element: CheckedElement; index: number }[] = [];
  let index = 0;
  walkElements(doc, (e) => {
    index++;
    const name = nameOf(e, index);
    // What applies to a type is its registry entry's: its text (rich or plain) and its own checks.
    const def = elementDefinition(e.type);
    if (!def) return;
    if (def.text) {
      const placeholder = (def.text === "plain" ? [e.content.trim()] : textPieces(e.content)).find((t) => PLACEHOLDERS.has(normalize(t)));
      if (placeholder) warnings.push({ kind: "placeholder", elementId: e.id, message: `${name} : texte par défaut « ${placeholder} » à remplacer.` });
    }
    if (def.checks.includes("required-link") && linksNowhere(e.href)) {
      warnings.push({ kind: "empty-link", elementId: e.id, message: `${name} : le bouton ne mène nulle part (lien vide ou « # »).` });
    } else if (def.text === "rich" && /<a\b[^>]*\bhref\s*=\s*["']\s*(?:#|javascript:[^"']*)?\s*["']/i.test(e.content)) {
      warnings.push({ kind: "empty-link", elementId: e.id, message: `${name} : un lien du texte ne mène nulle part (« # » ou vide).` });
    }
    if (def.checks.includes("required-alt") && !(e.alt ?? "").trim()) {
      warnings.push({
        kind: "missing-alt",
        elementId: e.id,
        message: `${name} : image sans texte alternatif (lu par les lecteurs d'écran et les moteurs de recherche).`,
      });
    }
    if (def.checks.includes("single-h1") && (e.level ?? 2) === 1) h1.push({ element: e, index });
  });
  if (ctx.titleIsH1) {
    for (const { element, index: i } of h1) {
      warnings.push({
        kind: "several-h1",
        elementId: element.id,
        message: `${nameOf(element, i)} : le titre de l'article est déjà le H1 de la page (passez celui-ci en H2).`,
      });
    }
  } else if (h1.length === 0) {
    warnings.push({ kind: "no-h1", message: "La page n'a aucun titre principal (H1) : donnez le niveau H1 à son titre le plus important." });
  } else if (h1.length > 1) {
    for (const { element, index: i } of h1.slice(1)) {
      warnings.push({
        kind: "several-h1",
        elementId: element.id,
        message: `${nameOf(element, i)} : la page a ${h1.length} titres H1, une page n'en a qu'un (passez celui-ci en H2).`,
      });
    }
  }
  if (ctx.otherLang && !ctx.otherLang.published) {
    warnings.push({
      kind: "language",
      message: `La version ${LANG_NAME[ctx.otherLang.lang]} de cette page n'est pas publiée : les visiteurs de cette langue ne la verront pas.`,
    });
  }
  return warnings;
}
