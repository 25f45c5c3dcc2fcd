import { parseDocument } from "htmlparser2";
import render from "dom-serializer";
import type { ChildNode, Element } from "domhandler";

/**
 * The HTML helpers of the writing surface, on htmlparser2 (the parser sanitize-html uses): the same code
 * runs in the browser and in the unit tests. Entities are kept as written (decodeEntities: false), so a
 * text nobody touched comes back byte for byte.
 */
export type { ChildNode, Element };

export const parseHtml = (html: string): ChildNode[] => parseDocument(html, { decodeEntities: false }).children;
export const renderHtml = (nodes: ChildNode | ChildNode[]): string => render(nodes, { decodeEntities: false });

export const isElement = (n: ChildNode): n is Element => n.type === "tag" || n.type === "script" || n.type === "style";

const INLINE = new Set(["a", "b", "strong", "i", "em", "u", "s", "code", "span", "br", "sup", "sub", "mark", "small"]);
export const isInline = (n: ChildNode) => n.type === "text" || (isElement(n) && INLINE.has(n.name));

/** Decodes the few entities text may carry, for counting words (not for storing). */
export function textOf(nodes: ChildNode[]): string {
  let out = "";
  for (const n of nodes) {
    if (n.type === "text") out += n.data;
    else if (isElement(n)) out += (n.name === "br" ? " " : "") + textOf(n.children) + (INLINE.has(n.name) ? "" : " ");
  }
  return out
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
}
