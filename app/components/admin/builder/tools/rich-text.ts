import TextAlign from "@tiptap/extension-text-align";
import StarterKit from "@tiptap/starter-kit";
import type { Editor } from "@tiptap/react";
import { readLink, type LinkState } from "~/lib/builder/link";

export type { RichKind } from "~/lib/elements/registry";
export type Align = "left" | "center" | "right";

/**
 * The Tiptap set-up shared by inline editing and the Éditeur de texte. Links keep the target they have
 * (Tiptap's default would give every link target=_blank): the link editor decides, the server keeps
 * target=_blank only with rel="noopener noreferrer".
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
    }),
    TextAlign.configure({ types: ["paragraph"] }),
  ];
}

/**
 * A heading's content is inline HTML and its alignment lives in the element's styles (the renderer puts
 * it on the <hN>): the editor gets one paragraph carrying that alignment, and gives both back.
 */
export function headingToEditor(html: string, textAlign: string | undefined): string {
  const align = textAlign === "center" || textAlign === "right" || textAlign === "justify" ? textAlign : null;
  return align ? `<p style="text-align: ${align}">${html}</p>` : `<p>${html}</p>`;
}

export function headingFromEditor(html: string): { content: string; textAlign: string | null } {
  const paragraphs = html.match(/<p(?:\s[^>]*)?>[\s\S]*?<\/p>/g) ?? [];
  const first = paragraphs[0] ?? html;
  const m = first.match(/^<p(?: style="([^"]*)")?>([\s\S]*)<\/p>$/);
  if (!m) return { content: html, textAlign: null };
  const align = (m[1] ?? "").match(/text-align:\s*(left|center|right|justify)/)?.[1] ?? null;
  // Several paragraphs (pasted text) become one line: a heading holds inline content only.
  const inner = paragraphs.length > 1 ? paragraphs.map((p) => p.replace(/^<p[^>]*>|<\/p>$/g, "")).join(" ") : m[2];
  return { content: inner, textAlign: align ?? "left" };
}

/** What the link editor opens with: the link under the cursor (read back) or the selected text. */
export function linkAtSelection(editor: Editor): { state: LinkState; range: { from: number; to: number } | null } {
  if (editor.isActive("link")) {
    editor.chain().extendMarkRange("link").run();
    const { from, to } = editor.state.selection;
    const attrs = editor.getAttributes("link") as { href?: string; target?: string | null };
    return { state: readLink({ href: attrs.href, target: attrs.target, text: editor.state.doc.textBetween(from, to) }), range: { from, to } };
  }
  const { from, to, empty } = editor.state.selection;
  if (empty) return { state: { text: "", url: "", newTab: false }, range: null };
  return { state: { text: editor.state.doc.textBetween(from, to, " "), url: "", newTab: false }, range: { from, to } };
}

/**
 * Writes the link: over the selection (or the link being edited) when there is one; otherwise the seed's
 * rule on the whole content (the text found becomes the anchor, else the anchor is appended).
 */
export function writeLink(editor: Editor, range: { from: number; to: number } | null, href: string, link: LinkState, applyRule: (html: string) => string) {
  const attrs = { href, target: link.newTab ? "_blank" : null, rel: link.newTab ? "noopener noreferrer" : null };
  if (range) {
    const text = link.text.trim() || href;
    editor
      .chain()
      .focus()
      .insertContentAt(range, { type: "text", text, marks: [{ type: "link", attrs }] })
      // The linked words stay selected, as before the dialog: the toolbar is still there for them.
      .setTextSelection({ from: range.from, to: range.from + text.length })
      .run();
    return;
  }
  editor.commands.setContent(applyRule(editor.getHTML()));
  editor.commands.focus("end");
}
