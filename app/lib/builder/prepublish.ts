import { formatRatio } from "~/lib/design/contrast";
import { walkElements, type DocumentTree } from "~/lib/document/walk";
import { elementContrastIssue, type ThemeVariables } from "~/lib/elements/contrast-check";
import { elementDefinition } from "~/lib/elements/registry";
import { isUntouchedSample } from "~/lib/elements/sample";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The checklist shown before publishing (issues 11 §5 and 22 §1): what a visitor would notice and the editor
 * missed, in both languages. It warns ("Publier quand même"), except contrast and alternative text when the
 * design settings make them blocking (decision 036: the server's publish refuses them too). A pure function
 * of the document and the page's context, so the dialog, the server and the tests read the same list; the
 * links to this site's addresses are asked of the server afterwards (brokenLinkWarnings).
 */

/** The texts a new element starts with (seed 001 §3): published as such, they look unfinished. */
const PLACEHOLDER_TEXTS = ["Nouveau titre", "Nouveau texte", "Cliquez ici", "Premier point", "Deuxième point", "Troisième point", "Ajouter une image"] as const;

type CheckKind =
  | "placeholder"
  | "sample"
  | "empty-link"
  | "broken-link"
  | "missing-alt"
  | "contrast"
  | "no-h1"
  | "several-h1"
  | "heading-order"
  | "title"
  | "description"
  | "language";

/** Search engines cut a title past 60 characters and a description past 160. */
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

export interface PublishWarning {
  kind: CheckKind;
  /** French, names the element so that the editor finds it. */
  message: string;
  /** The element to select in the canvas; absent for page-wide warnings. */
  elementId?: string;
  /** Refuses the publication (contrast and alternative text, when the design settings say so). */
  blocking?: boolean;
}

/** What the checks read of an element: the stored, render and builder documents all fit. */
interface CheckedElement {
  id: string;
  type: string;
  content: string;
  alt?: string;
  href?: string;
  level?: number;
  styles?: Readonly<Record<string, string>>;
  /** Sample copy's mark (elements/sample.ts). */
  sample?: string;
}

/** What the checks read of a block: its background, for the contrast of what it holds. */
interface CheckedBlock {
  id: string;
  styles?: Readonly<Record<string, string>>;
}

export interface CheckContext {
  lang: Lang;
  /** The other language version's state (pending: its draft holds unpublished changes); null when the page has one language. */
  otherLang: { lang: Lang; published: boolean; pending?: boolean } | null;
  /** Articles: the page's template already shows the title as the H1, so the document must have none. */
  titleIsH1?: boolean;
  /** The page's title and description (search engines, link previews); not checked when absent. */
  title?: string;
  description?: string;
  /** The design's colours in each theme; no contrast check without them. */
  themes?: ThemeVariables | null;
  /** The design settings' choice: contrast and alternative text refuse the publication. */
  blockOn?: { contrast: boolean; alt: boolean };
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
  return `${label} « ${text.length > 40 ? `${text.slice(0, 39)}…` : text} »`;
}

export function prePublishChecks(doc: DocumentTree<CheckedElement> & { blocks: readonly CheckedBlock[] }, ctx: CheckContext): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const h1: { element: CheckedElement; index: number }[] = [];
  const blocks: readonly CheckedBlock[] = doc.blocks;
  const backgrounds = new Map(blocks.map((b) => [b.id, b.styles?.backgroundColor]));
  // Articles start below their title, an H1.
  let previousLevel = ctx.titleIsH1 ? 1 : 0;
  let index = 0;
  walkElements(doc, (e, place) => {
    index++;
    // What applies to a type is its registry entry's: its text (rich or plain) and its own checks.
    const def = elementDefinition(e.type);
    if (!def) return;
    // Named only when there is something to say: reading the text of 1,000 elements costs more than the checks.
    const at = index;
    const named = () => nameOf(e, at);
    if (def.text) {
      const placeholder = (def.text === "plain" ? [e.content.trim()] : textPieces(e.content)).find((t) => PLACEHOLDERS.has(normalize(t)));
      if (placeholder) warnings.push({ kind: "placeholder", elementId: e.id, message: `${named()} : texte par défaut « ${placeholder} » à remplacer.` });
      else if (isUntouchedSample(e))
        warnings.push({
          kind: "sample",
          elementId: e.id,
          message: `${named()} : texte d'exemple (mise en page de départ, modèle enregistré ou exemple hors ligne) à réécrire.`,
        });
    }
    if (def.checks.includes("required-link") && linksNowhere(e.href)) {
      warnings.push({ kind: "empty-link", elementId: e.id, message: `${named()} : le bouton ne mène nulle part (lien vide ou « # »).` });
    } else if (def.text === "rich" && /<a\b[^>]*\bhref\s*=\s*["']\s*(?:#|javascript:[^"']*)?\s*["']/i.test(e.content)) {
      warnings.push({ kind: "empty-link", elementId: e.id, message: `${named()} : un lien du texte ne mène nulle part (« # » ou vide).` });
    }
    if (def.checks.includes("required-alt") && !(e.alt ?? "").trim()) {
      warnings.push({
        kind: "missing-alt",
        elementId: e.id,
        message: `${named()} : image sans texte alternatif (lu par les lecteurs d'écran et les moteurs de recherche).`,
        ...(ctx.blockOn?.alt ? { blocking: true } : {}),
      });
    }
    if (ctx.themes) {
      const issue = elementContrastIssue(e, backgrounds.get(place.blockId), ctx.themes);
      if (issue) {
        warnings.push({
          kind: "contrast",
          elementId: e.id,
          message: `${named()} : contraste insuffisant${issue.theme === "dark" ? " en thème sombre" : ""} (${formatRatio(issue.ratio)}, il faut au moins ${formatRatio(issue.min)}).`,
          ...(ctx.blockOn?.contrast ? { blocking: true } : {}),
        });
      }
    }
    if (def.checks.includes("single-h1")) {
      const level = e.level ?? 2;
      if (level === 1) h1.push({ element: e, index });
      // A level may go one deeper than the previous heading, never skip one (H2 then H4).
      else if (previousLevel > 0 && level > previousLevel + 1)
        warnings.push({
          kind: "heading-order",
          elementId: e.id,
          message: `${named()} : titre H${level} après un H${previousLevel}, les niveaux se suivent (passez-le en H${previousLevel + 1}).`,
        });
      previousLevel = level;
    }
  });
  if (ctx.titleIsH1) {
    for (const { element, index: i } of h1) {
      warnings.push({
        kind: "several-h1",
        elementId: element.id,
        message: `${nameOf(element, i)} : le titre de l'article est déjà le H1 de la page (passez celui-ci en H2).`,
      });
    }
  } else if (h1.length === 0) {
    warnings.push({ kind: "no-h1", message: "La page n'a aucun titre principal (H1) : donnez le niveau H1 à son titre le plus important." });
  } else if (h1.length > 1) {
    for (const { element, index: i } of h1.slice(1)) {
      warnings.push({
        kind: "several-h1",
        elementId: element.id,
        message: `${nameOf(element, i)} : la page a ${h1.length} titres H1, une page n'en a qu'un (passez celui-ci en H2).`,
      });
    }
  }
  warnings.push(...metaWarnings(ctx));
  if (ctx.otherLang && !ctx.otherLang.published) {
    warnings.push({
      kind: "language",
      message: `La version ${LANG_NAME[ctx.otherLang.lang]} de cette page n'est pas publiée : les visiteurs de cette langue ne la verront pas.`,
    });
  } else if (ctx.otherLang?.pending) {
    warnings.push({
      kind: "language",
      message: `La version ${LANG_NAME[ctx.otherLang.lang]} de cette page a des modifications non publiées : en ligne, elle n'est pas à jour.`,
    });
  }
  return warnings;
}

/** The page's title and description, as search engines show them. */
function metaWarnings({ title, description }: CheckContext): PublishWarning[] {
  const out: PublishWarning[] = [];
  const t = title?.trim();
  const d = description?.trim();
  if (t === "") out.push({ kind: "title", message: "La page n'a pas de titre : les moteurs de recherche et les onglets n'afficheront rien." });
  else if (t && t.length > TITLE_MAX)
    out.push({ kind: "title", message: `Le titre de la page fait ${t.length} caractères : au-delà de ${TITLE_MAX}, les moteurs de recherche le coupent.` });
  if (d === "") out.push({ kind: "description", message: "La page n'a pas de description : les moteurs de recherche en inventeront une." });
  else if (d && d.length > DESCRIPTION_MAX)
    out.push({
      kind: "description",
      message: `La description de la page fait ${d.length} caractères : au-delà de ${DESCRIPTION_MAX}, les moteurs de recherche la coupent.`,
    });
  return out;
}

/** The addresses of this site a document links to (buttons, linked images, links in text), each once. */
export function internalLinks(doc: DocumentTree<CheckedElement>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (href: string | undefined, id: string) => {
    const h = (href ?? "").trim();
    // A path of this site; not "//host", not the media files (the library checks those), not an anchor alone.
    if (!/^\/(?![/\\])/.test(h) || /^\/(?:media|assets)\//.test(h)) return;
    const path = h.replace(/[?#].*$/, "") || "/";
    const ids = found.get(path) ?? [];
    if (!ids.includes(id)) ids.push(id);
    found.set(path, ids);
  };
  walkElements(doc, (e) => {
    add(e.href, e.id);
    if (elementDefinition(e.type)?.text === "rich") for (const m of e.content.matchAll(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)) add(m[1], e.id);
  });
  return found;
}

/**
 * Warnings for the links to addresses of this site that a visitor would find missing: `status(path)` asks
 * the site (the builder fetches the public address as a visitor) and gives its final HTTP status, or null
 * when it gives none (a redirect loop, the network).
 */
export async function brokenLinkWarnings(doc: DocumentTree<CheckedElement>, status: (path: string) => Promise<number | null>): Promise<PublishWarning[]> {
  const links = internalLinks(doc);
  const names = new Map<string, string>();
  let index = 0;
  walkElements(doc, (e) => {
    index++;
    names.set(e.id, nameOf(e, index));
  });
  const answers = await Promise.all([...links.keys()].map(async (path) => [path, await status(path)] as const));
  const out: PublishWarning[] = [];
  for (const [path, code] of answers) {
    if (code !== null && code < 400) continue;
    for (const id of links.get(path) ?? []) {
      out.push({
        kind: "broken-link",
        elementId: id,
        message:
          code === 404 || code === 410
            ? `${names.get(id) ?? "Élément"} : le lien vers ${path} mène à une page introuvable.`
            : `${names.get(id) ?? "Élément"} : le lien vers ${path} ne répond pas (boucle de redirections ou erreur${code ? ` ${code}` : ""}).`,
      });
    }
  }
  return out;
}
