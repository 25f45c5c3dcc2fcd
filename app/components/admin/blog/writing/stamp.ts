import type { Editor } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { newId } from "~/lib/document/ids";
import { groupIndices, type NodeKey } from "./convert";

const TAGS: Record<string, string> = {
  paragraph: "p",
  blockquote: "blockquote",
  bulletList: "ul",
  orderedList: "ol",
  horizontalRule: "hr",
  articleImage: "img",
};
const tagOf = (n: PmNode) => (n.type.name === "heading" ? `h${n.attrs.level as number}` : (TAGS[n.type.name] ?? "div"));

/**
 * Before a save, every top-level node gets the id of the element it will be (the grouping rule of
 * convert.ts), so that what was typed keeps one id from save to save instead of a new one each time.
 * Not an undoable step: Ctrl+Z goes back over what the writer did, not over this.
 */
export function stampElementIds(editor: Editor, typeOf: (id: string) => string | undefined) {
  const nodes: { node: PmNode; pos: number; key: NodeKey }[] = [];
  editor.state.doc.forEach((node, pos) => {
    nodes.push({ node, pos, key: { tag: tagOf(node), id: (node.attrs.elementId as string | null | undefined) ?? null } });
  });
  const groups = groupIndices(
    nodes.map((n) => n.key),
    typeOf,
  );
  const idOfGroup = new Map<number, string>();
  const used = new Set<string>();
  nodes.forEach((n, i) => {
    if (idOfGroup.has(groups[i])) return;
    const id = n.key.id && !used.has(n.key.id) ? n.key.id : newId("element-");
    used.add(id);
    idOfGroup.set(groups[i], id);
  });
  const tr = editor.state.tr;
  nodes.forEach((n, i) => {
    const id = idOfGroup.get(groups[i]);
    if (!("elementId" in n.node.attrs) || n.node.attrs.elementId === id) return;
    tr.setNodeAttribute(n.pos, "elementId", id);
  });
  if (tr.docChanged) editor.view.dispatch(tr.setMeta("addToHistory", false).setMeta("stamp", true));
}
