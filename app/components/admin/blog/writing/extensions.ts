import { Extension, Node } from "@tiptap/core";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ComponentType } from "react";
import { ATOM_ELEMENT_ATTR, ELEMENT_ATTR, LOCKED_BLOCK_ATTR } from "./convert";

/**
 * The writing surface's schema: StarterKit's paragraphs, H2–H4, lists, quotes, separator, links and
 * marks (their Markdown shortcuts included: "## ", "- ", "1. ", "> ", **gras**, *italique*), plus
 * - the element id on every top-level node (convert.ts reads it back), not copied when a node splits;
 * - an image node, and two atoms holding JSON: an element the surface does not write (video, button,
 *   gallery…) and a block it cannot show (several columns), each drawn by a React view.
 */
const ID_TYPES = ["paragraph", "heading", "bulletList", "orderedList", "blockquote", "horizontalRule"];

const ElementIds = Extension.create({
  name: "elementIds",
  addGlobalAttributes() {
    return [
      {
        types: ID_TYPES,
        attributes: {
          elementId: {
            default: null,
            keepOnSplit: false,
            parseHTML: (el: HTMLElement) => el.getAttribute(ELEMENT_ATTR),
            renderHTML: (attrs: { elementId?: string | null }) => (attrs.elementId ? { [ELEMENT_ATTR]: attrs.elementId } : {}),
          },
        },
      },
    ];
  },
});

export type AtomView = ComponentType<ReactNodeViewProps>;

function jsonAtom(name: string, attr: string, view: AtomView) {
  return Node.create({
    name,
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return { json: { default: "", parseHTML: (el: HTMLElement) => el.getAttribute(attr) ?? "", renderHTML: (a: { json: string }) => ({ [attr]: a.json }) } };
    },
    parseHTML: () => [{ tag: `div[${attr}]` }],
    renderHTML: ({ HTMLAttributes }) => ["div", HTMLAttributes],
    addNodeView: () => ReactNodeViewRenderer(view),
  });
}

function imageNode(view: AtomView) {
  return Node.create({
    name: "articleImage",
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return {
        src: { default: "" },
        alt: { default: "" },
        elementId: {
          default: null,
          parseHTML: (el: HTMLElement) => el.getAttribute(ELEMENT_ATTR),
          renderHTML: (a: { elementId?: string | null }) => (a.elementId ? { [ELEMENT_ATTR]: a.elementId } : {}),
        },
      };
    },
    parseHTML: () => [{ tag: "img[src]" }],
    renderHTML: ({ HTMLAttributes }) => ["img", HTMLAttributes],
    addNodeView: () => ReactNodeViewRenderer(view),
  });
}

export function writingExtensions(views: { image: AtomView; element: AtomView; locked: AtomView }) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      codeBlock: false,
      link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
    }),
    ElementIds,
    imageNode(views.image),
    jsonAtom("archimedElement", ATOM_ELEMENT_ATTR, views.element),
    jsonAtom("lockedBlock", LOCKED_BLOCK_ATTR, views.locked),
  ];
}
