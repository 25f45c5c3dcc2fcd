import type { Block, Column, PageDocument, PageElement, Section } from "~/lib/document/schema";
import { collectIds } from "~/lib/document/ops";
import { ELEMENT_REGISTRY, elementDefinition } from "~/lib/elements/registry";

/**
 * The Structure panel's model (issue 11 §6): the page as a tree of blocks, sections, columns and
 * elements, each named from its content ("Titre · Trois offres claires…"), and the rows actually shown
 * (a collapsed node hides its children, so a 500-element page opens as 100 rows, not 750).
 */
export type LayerKind = "block" | "section" | "column" | "element";

export interface LayerRow {
  id: string;
  kind: LayerKind;
  name: string;
  depth: number;
  /** The id of the parent node (null for blocks). */
  parentId: string | null;
  index: number;
  count: number;
  hasChildren: boolean;
}

const WORDS = 6;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", rsquo: "’", laquo: "«", raquo: "»" };

/** Plain text of an element's HTML content: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6])\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, code: string) => {
      if (code[0] === "#") {
        const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : " ";
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The first words of a text, with an ellipsis when cut. */
export function firstWords(text: string, words = WORDS): string {
  const parts = text.split(" ").filter(Boolean);
  if (parts.length <= words) return parts.join(" ");
  return `${parts.slice(0, words).join(" ")}…`;
}

/** What an element says, in a few words: its text, a button's label, an image's alternative text. */
function elementSummary(el: PageElement): string {
  const def = elementDefinition(el.type);
  if (!def) return "";
  if (def.text) return firstWords(plainText(el.content));
  return def.settings.includes("alt") ? firstWords(el.alt ?? "") : "";
}

// Names depend on the node's content only, and an edit leaves the untouched nodes the same objects: each
// is worked out once per object, not for every row on every change of a 500-element page.
const elementNames = new WeakMap<PageElement, string>();
const headlines = new WeakMap<Block, string>();

export function elementName(el: PageElement): string {
  let name = elementNames.get(el);
  if (name === undefined) {
    const label = ELEMENT_REGISTRY[el.type]?.label ?? el.type;
    const summary = elementSummary(el);
    name = summary ? `${label} · ${summary}` : label;
    elementNames.set(el, name);
  }
  return name;
}

/** The first heading of a node (else its first text), which names the block or section around it. */
function headline(columns: readonly Column[]): string {
  let fallback = "";
  for (const c of columns)
    for (const e of c.elements) {
      const names = elementDefinition(e.type)?.names;
      if (names === "title") {
        const words = firstWords(plainText(e.content), 5);
        if (words) return words;
      } else if (!fallback && names === "fallback") fallback = firstWords(plainText(e.content), 5);
    }
  return fallback;
}

export function blockName(block: Block, index: number): string {
  let words = headlines.get(block);
  if (words === undefined) {
    words = headline(block.sections.flatMap((s) => s.columns));
    headlines.set(block, words);
  }
  return words ? `Bloc ${index + 1} · ${words}` : `Bloc ${index + 1}`;
}

function sectionName(section: Section, index: number): string {
  const layout = section.columns.map((c) => c.width).join(" + ");
  return `Section ${index + 1} (${layout})`;
}

export function columnName(column: Column, index: number): string {
  return `Colonne ${index + 1} · ${column.width}/12`;
}

/**
 * The rows to show, in document order: every block, and the children of the expanded nodes only.
 * `expanded` holds the ids of open blocks, sections and columns.
 */
export function layerRows(doc: PageDocument, expanded: ReadonlySet<string>): LayerRow[] {
  const rows: LayerRow[] = [];
  doc.blocks.forEach((b, bi) => {
    rows.push({
      id: b.id,
      kind: "block",
      name: blockName(b, bi),
      depth: 0,
      parentId: null,
      index: bi,
      count: doc.blocks.length,
      hasChildren: b.sections.length > 0,
    });
    if (!expanded.has(b.id)) return;
    b.sections.forEach((s, si) => {
      rows.push({ id: s.id, kind: "section", name: sectionName(s, si), depth: 1, parentId: b.id, index: si, count: b.sections.length, hasChildren: true });
      if (!expanded.has(s.id)) return;
      s.columns.forEach((c, ci) => {
        rows.push({
          id: c.id,
          kind: "column",
          name: columnName(c, ci),
          depth: 2,
          parentId: s.id,
          index: ci,
          count: s.columns.length,
          hasChildren: c.elements.length > 0,
        });
        if (!expanded.has(c.id)) return;
        c.elements.forEach((e, ei) => {
          rows.push({ id: e.id, kind: "element", name: elementName(e), depth: 3, parentId: c.id, index: ei, count: c.elements.length, hasChildren: false });
        });
      });
    });
  });
  return rows;
}

/** Every block, section and column id: "Tout déplier". */
export function allContainerIds(doc: PageDocument): string[] {
  return collectIds(doc).filter((id) => kindOf(id) !== "element");
}

/** The ids of the nodes around `id` (its block, section and column), opened so that it shows. */
export function ancestorsOf(doc: PageDocument, id: string): string[] {
  for (const b of doc.blocks) {
    if (b.id === id) return [];
    for (const s of b.sections) {
      if (s.id === id) return [b.id];
      for (const c of s.columns) {
        if (c.id === id) return [b.id, s.id];
        if (c.elements.some((e) => e.id === id)) return [b.id, s.id, c.id];
      }
    }
  }
  return [];
}

/** The kind of a node, read from its id's prefix (seed 001 §3). */
export function kindOf(id: string): LayerKind | null {
  const prefix = id.slice(0, id.indexOf("-"));
  return prefix === "block" || prefix === "section" || prefix === "column" || prefix === "element" ? prefix : null;
}
