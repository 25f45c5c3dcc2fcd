import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import StarterKit from "@tiptap/starter-kit";
import { useRef } from "react";

/**
 * Inline rich-text editing (Tiptap/ProseMirror) for headings, texts and lists. Commits on blur; the
 * floating toolbar on a selection offers bold, italic, underline, link and alignment (seed 001 §2).
 */
export function RichTextEditor({
  html,
  kind,
  onCommit,
  onCancel,
}: {
  html: string;
  kind: "heading" | "text" | "list";
  onCommit: (html: string) => void;
  onCancel: () => void;
}) {
  const done = useRef(false);
  const finish = (editor: Editor) => {
    if (done.current) return;
    done.current = true;
    let out = editor.getHTML();
    // A heading's content is inline HTML: unwrap the single paragraph ProseMirror adds.
    if (kind === "heading") out = out.replace(/^<p(?: style="([^"]*)")?>([\s\S]*)<\/p>$/, (_m, _style: string | undefined, inner: string) => inner);
    onCommit(out);
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, blockquote: false, horizontalRule: false, link: { openOnClick: false, autolink: true } }),
      TextAlign.configure({ types: ["paragraph"] }),
    ],
    content: html,
    immediatelyRender: false,
    autofocus: "end",
    editorProps: {
      attributes: { class: "builder-inline-editor outline-none", "aria-label": "Édition du texte" },
      handleKeyDown: (view, event) => {
        // A heading is one line: Enter ends the editing (a second paragraph would end up inside the <hN>).
        if (kind === "heading" && event.key === "Enter" && !event.shiftKey) {
          (view.dom as HTMLElement).blur();
          return true;
        }
        if (event.key === "Escape") {
          done.current = true;
          onCancel();
          return true;
        }
        return false;
      },
    },
    onBlur: ({ editor: e, event }) => {
      const next = event.relatedTarget as HTMLElement | null;
      if (next?.closest("[data-bubble-toolbar]")) return;
      finish(e);
    },
  });
  // Tiptap 3 does not re-render on each transaction: the toolbar subscribes to what it shows.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? { bold: e.isActive("bold"), italic: e.isActive("italic"), underline: e.isActive("underline"), link: e.isActive("link"), left: e.isActive({ textAlign: "left" }), center: e.isActive({ textAlign: "center" }), right: e.isActive({ textAlign: "right" }) }
        : null,
  });
  if (!editor || !active) return <div dangerouslySetInnerHTML={{ __html: html }} />;
  const btn = (active: boolean) => `h-8 min-w-8 rounded px-2 text-sm font-semibold ${active ? "bg-brand-yellow text-ink" : "hover:bg-white/15"}`;
  return (
    <>
      <BubbleMenu editor={editor} className="z-50 flex gap-0.5 rounded-lg bg-ink p-1 text-white shadow-xl" data-bubble-toolbar="" role="toolbar" aria-label="Mise en forme">
        <button type="button" className={btn(active.bold)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleBold().run()} aria-label="Gras"><strong>G</strong></button>
        <button type="button" className={btn(active.italic)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleItalic().run()} aria-label="Italique"><em>I</em></button>
        <button type="button" className={btn(active.underline)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleUnderline().run()} aria-label="Souligné"><span className="underline">S</span></button>
        <button
          type="button"
          className={btn(active.link)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
            const url = window.prompt("Adresse du lien (vide pour retirer)", previous);
            if (url === null) return;
            if (url.trim() === "") editor.chain().focus().unsetLink().run();
            else editor.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
          }}
          aria-label="Lien"
        >
          🔗
        </button>
        {(["left", "center", "right"] as const).map((a) => (
          <button
            key={a}
            type="button"
            className={btn(active[a])}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor.chain().focus().setTextAlign(a).run()}
            aria-label={a === "left" ? "Aligner à gauche" : a === "center" ? "Centrer" : "Aligner à droite"}
          >
            {a === "left" ? "⟸" : a === "center" ? "≡" : "⟹"}
          </button>
        ))}
      </BubbleMenu>
      <EditorContent editor={editor} />
    </>
  );
}
