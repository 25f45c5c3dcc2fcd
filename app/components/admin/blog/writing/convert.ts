import { newId } from "~/lib/document/ids";
import { DOC_VERSION } from "~/lib/document/model";
import type { Block, PageDocument, PageElement } from "~/lib/document/schema";
import { ELEMENT_DEFAULTS } from "~/lib/elements/defaults";
import { isElement, isInline, parseHtml, renderHtml, textOf, type ChildNode, type Element } from "./html-nodes";

/**
 * The article body is a page document (one block, one column of elements); the writing surface edits it
 * as one rich text. This file goes both ways (decision record 040):
 * - every top-level node of the editor carries the id of the element it came from (`data-element-id`);
 *   nodes with the same id form that element again, so styles, per-device settings and ids survive;
 * - a node typed since (no id) joins the text element before it when it is a paragraph or a quote, and
 *   is a new heading, list, image or separator otherwise;
 * - elements the surface cannot write (video, button, gallery, icon, spacer, a heading H1/H5/H6) are atoms
 *   carrying their JSON; blocks it cannot show (several columns, several sections) are locked atoms.
 */
export const ELEMENT_ATTR = "data-element-id";
export const ATOM_ELEMENT_ATTR = "data-archimed-element";
export const LOCKED_BLOCK_ATTR = "data-archimed-block";

/** JSON travels in an attribute URI-encoded: no quote or entity to escape, whatever the parser does with them. */
export const packJson = (value: unknown) => encodeURIComponent(JSON.stringify(value));
export function unpackJson(raw: string | undefined): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

const WRITABLE_HEADINGS = new Set([2, 3, 4]);

/** The block the surface writes in: the first with one section of one column. */
export function bodyBlockIndex(doc: PageDocument): number {
  return doc.blocks.findIndex((b) => b.sections.length === 1 && b.sections[0].columns.length === 1);
}

function withId(html: string, id: string): string {
  const out: string[] = [];
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.length && renderHtml(inline).trim()) out.push(`<p ${ELEMENT_ATTR}="${id}">${renderHtml(inline)}</p>`);
    inline = [];
  };
  for (const n of parseHtml(html)) {
    if (isInline(n)) {
      inline.push(n);
      continue;
    }
    flush();
    if (isElement(n)) {
      n.attribs[ELEMENT_ATTR] = id;
      out.push(renderHtml(n));
    }
  }
  flush();
  return out.join("");
}

const atom = (e: PageElement) => `<div ${ATOM_ELEMENT_ATTR}="${packJson(e)}"></div>`;
const escAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function elementToHtml(e: PageElement): string {
  switch (e.type) {
    case "heading":
      return WRITABLE_HEADINGS.has(e.level ?? 2) ? `<h${e.level ?? 2} ${ELEMENT_ATTR}="${e.id}">${e.content}</h${e.level ?? 2}>` : atom(e);
    case "text":
    case "list":
      return withId(e.content, e.id);
    case "image":
      return `<img ${ELEMENT_ATTR}="${e.id}" src="${escAttr(e.content)}" alt="${escAttr(e.alt ?? "")}">`;
    case "divider":
      return `<hr ${ELEMENT_ATTR}="${e.id}">`;
    default:
      return atom(e);
  }
}

/** The editor's HTML for a document (what the surface opens with). */
export function documentToEditorHtml(doc: PageDocument): string {
  const body = bodyBlockIndex(doc);
  return doc.blocks
    .map((b, i) => (i === body ? b.sections[0].columns[0].elements.map(elementToHtml).join("") : `<div ${LOCKED_BLOCK_ATTR}="${packJson(b)}"></div>`))
    .join("");
}

type Group = { id: string | null; nodes: Element[] };
const TEXTISH = new Set(["p", "blockquote"]);
const headingLevel = (n: Element) => (/^h[1-6]$/.test(n.name) ? Number(n.name[1]) : 0);

/** A top-level node as the grouping rule sees it: its tag and the element id it carries. */
export interface NodeKey {
  tag: string;
  id: string | null;
}

/**
 * Which element each top-level node belongs to (the index of its group): nodes with the same id form one
 * element; a paragraph or quote without an id joins the text element before it; anything else without an
 * id starts a new element. Shared by the conversion and the editor, which stamps ids before a save.
 */
export function groupIndices(nodes: NodeKey[], typeOf: (id: string) => string | undefined): number[] {
  const out: number[] = [];
  let group = -1;
  let last: { id: string | null; textOnly: boolean } | null = null;
  for (const n of nodes) {
    const lastIsText = last !== null && (last.id ? typeOf(last.id) === "text" || (!typeOf(last.id) && last.textOnly) : last.textOnly);
    const joins = last !== null && ((n.id !== null && last.id === n.id) || (n.id === null && TEXTISH.has(n.tag) && lastIsText));
    if (!joins) {
      group++;
      last = { id: n.id, textOnly: TEXTISH.has(n.tag) };
    } else if (last) last.textOnly &&= TEXTISH.has(n.tag);
    out.push(group);
  }
  return out;
}

function groupNodes(nodes: Element[], known: Map<string, PageElement>): Group[] {
  const index = groupIndices(
    nodes.map((n) => ({ tag: n.name, id: n.attribs[ELEMENT_ATTR] || null })),
    (id) => known.get(id)?.type,
  );
  const groups: Group[] = [];
  nodes.forEach((n, i) => {
    if (!groups[index[i]]) groups[index[i]] = { id: n.attribs[ELEMENT_ATTR] || null, nodes: [] };
    groups[index[i]].nodes.push(n);
  });
  return groups;
}

/** Tiptap wraps a list item's text in a paragraph; the stored lists (and the renderer's spacing) have none. */
function unwrapListParagraphs(n: ChildNode) {
  if (!isElement(n)) return;
  n.children.forEach(unwrapListParagraphs);
  if (n.name !== "li") return;
  const tags = n.children.filter((c) => isElement(c) || (c.type === "text" && c.data.trim()));
  if (tags.length === 1 && isElement(tags[0]) && tags[0].name === "p" && Object.keys(tags[0].attribs).length === 0) {
    const p = tags[0];
    n.children = p.children;
    for (const c of p.children) c.parent = n;
  }
}

function cleanHtml(nodes: Element[]): string {
  for (const n of nodes) {
    delete n.attribs[ELEMENT_ATTR];
    unwrapListParagraphs(n);
  }
  return renderHtml(nodes);
}

const isEmptyParagraph = (n: Element) => n.name === "p" && renderHtml(n.children).replace(/<br\s*\/?>|&nbsp;|\s/g, "") === "";

/** Styles for a new element: those of the first element of that type in the article, else the element's defaults. */
function stylesFor(type: PageElement["type"], previous: PageElement[], level?: number) {
  const same = previous.find((e) => e.type === type && (type !== "heading" || e.level === level)) ?? previous.find((e) => e.type === type);
  return { ...(same?.styles ?? ELEMENT_DEFAULTS[type]().styles) };
}

const ELEMENT_ID = /^element-[A-Za-z0-9_-]{1,72}$/;

/** A new element; it takes the id the editor stamped on its nodes when that id is well formed and free. */
function fresh(type: PageElement["type"], content: string, previous: PageElement[], extra: Partial<PageElement> = {}, id?: string | null): PageElement {
  return { id: id && ELEMENT_ID.test(id) ? id : newId("element-"), type, content, styles: stylesFor(type, previous, extra.level), ...extra };
}

/** Keeps what the element was (styles, devices, links) with its new content; sample copy rewritten stops being sample. */
function updated(old: PageElement, patch: Partial<PageElement>): PageElement {
  const next = { ...old, ...patch };
  if (next.content !== old.content && next.sample) delete next.sample;
  return next;
}

function groupToElement(g: Group, known: Map<string, PageElement>, used: Set<string>, previous: PageElement[]): PageElement | null {
  const nodes = g.nodes.filter((n) => !isEmptyParagraph(n));
  if (nodes.length === 0) return null;
  const first = nodes[0];
  const free = g.id && !used.has(g.id) ? g.id : null;
  const old = free ? known.get(free) : undefined;
  if (g.id) used.add(g.id);
  const keep = (type: PageElement["type"], patch: Partial<PageElement>, level?: number) =>
    old && old.type === type && (type !== "heading" || old.level === level || level !== undefined)
      ? updated(old, patch)
      : fresh(type, patch.content ?? "", previous, { ...patch, ...(level ? { level } : {}) }, old ? null : free);

  if (first.attribs[ATOM_ELEMENT_ATTR] !== undefined) {
    const e = unpackJson(first.attribs[ATOM_ELEMENT_ATTR]) as PageElement | null;
    return e && typeof e === "object" && typeof e.type === "string" ? e : null;
  }
  if (first.name === "img") {
    const src = first.attribs.src ?? "";
    return src ? keep("image", { content: src, alt: first.attribs.alt ?? "" }) : null;
  }
  if (first.name === "hr") return keep("divider", { content: "" });
  const level = headingLevel(first);
  if (nodes.length === 1 && level && !(old && old.type === "text")) {
    return keep("heading", { content: renderHtml(first.children), level }, level);
  }
  if (nodes.length === 1 && (first.name === "ul" || first.name === "ol") && !(old && old.type === "text")) {
    return keep("list", { content: cleanHtml(nodes) });
  }
  return keep("text", { content: cleanHtml(nodes) });
}

function bodyElements(nodes: Element[], known: Map<string, PageElement>, used: Set<string>, previous: PageElement[]): PageElement[] {
  return groupNodes(nodes, known)
    .map((g) => groupToElement(g, known, used, previous))
    .filter((e): e is PageElement => e !== null);
}

/** What the body block looks like when the article had none (a new article): the seeded articles' frame. */
const NEW_BODY_STYLES = { backgroundColor: "var(--surface)", paddingTop: "8px", paddingBottom: "72px" };

/**
 * The editor's HTML back into the document it was opened from: locked blocks come back as they were,
 * each run of written nodes between them is a one-column block (the first keeps the body block's ids and
 * styles, later ones copy its styles).
 */
export function documentFromEditorHtml(html: string, previous: PageDocument): PageDocument {
  const bodyAt = bodyBlockIndex(previous);
  const body: Block | undefined = previous.blocks[bodyAt];
  const previousElements = body?.sections[0].columns[0].elements ?? [];
  const known = new Map(previousElements.map((e) => [e.id, e]));
  const used = new Set<string>();
  const blocks: Block[] = [];
  let run: Element[] = [];
  let bodyUsed = false;
  const flush = () => {
    const elements = bodyElements(run, known, used, previousElements);
    run = [];
    if (elements.length === 0) return;
    if (body && !bodyUsed) {
      bodyUsed = true;
      const section = body.sections[0];
      blocks.push({ ...body, sections: [{ ...section, columns: [{ ...section.columns[0], elements }] }] });
      return;
    }
    blocks.push({
      id: newId("block-"),
      type: "container",
      styles: { ...(body?.styles ?? NEW_BODY_STYLES) },
      sections: [{ id: newId("section-"), columns: [{ id: newId("column-"), width: 12, elements }] }],
    });
  };
  for (const n of parseHtml(html)) {
    if (!isElement(n)) {
      if (n.type === "text" && n.data.trim()) run.push(parseHtml(`<p>${n.data}</p>`)[0] as Element);
      continue;
    }
    if (n.attribs[LOCKED_BLOCK_ATTR] !== undefined) {
      flush();
      const b = unpackJson(n.attribs[LOCKED_BLOCK_ATTR]) as Block | null;
      if (b && typeof b === "object" && Array.isArray(b.sections)) blocks.push(b);
      continue;
    }
    run.push(n);
  }
  flush();
  return { version: DOC_VERSION, blocks };
}

/** The text of the editor's top-level paragraphs, in order (what the excerpt is taken from). */
export function paragraphTexts(html: string): string[] {
  return parseHtml(html)
    .filter((n): n is Element => isElement(n) && n.name === "p")
    .map((p) => textOf(p.children));
}
