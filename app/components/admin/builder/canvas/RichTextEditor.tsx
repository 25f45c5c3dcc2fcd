import { EditorContent, useEditor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { lazy, Suspense, useRef, useState } from "react";
import { applyLink, type LinkState } from "~/lib/builder/link";
import { FormatToolbar } from "../tools/FormatToolbar";
import { BUBBLE_MENU_OPTIONS, toolbarAnchor } from "./toolbar-position";
import { headingFromEditor, headingToEditor, linkAtSelection, richTextExtensions, writeLink, type RichKind } from "../tools/rich-text";

const LinkEditorDialog = lazy(() => import("../tools/LinkEditorDialog").then((m) => ({ default: m.LinkEditorDialog })));

/**
 * Inline rich-text editing (Tiptap/ProseMirror) for headings, texts and lists. Commits on blur, Enter
 * (headings) and Escape; the
 * floating toolbar on a selection offers bold, italic, underline, link (the Éditeur de lien) and alignment
 * (seed 001 §2). A heading's alignment is given back apart, for the element's styles: the heading's
 * content is inline HTML, where a paragraph's style cannot live.
 */
export function RichTextEditor({
  html,
  kind,
  textAlign,
  onCommit,
}: {
  html: string;
  kind: RichKind;
  textAlign?: string;
  onCommit: (html: string, textAlign: string | null) => void;
}) {
  const done = useRef(false);
  // While the link editor is open, focus is in its dialog: the blur that moved it there does not end the editing.
  const [link, setLink] = useState<{ state: LinkState; range: { from: number; to: number } | null; canRemove: boolean } | null>(null);
  const linkOpen = useRef(false);
  const finish = (html: string) => {
    if (done.current) return;
    done.current = true;
    if (kind === "heading") {
      const h = headingFromEditor(html);
      onCommit(h.content, h.textAlign);
    } else onCommit(html, null);
  };
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: kind === "heading" ? headingToEditor(html, textAlign) : html,
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
        // Escape keeps what was typed and leaves the editing (issue 11 §5: typed text is never thrown
        // away); the element stays selected, and a second Escape deselects it.
        if (event.key === "Escape") {
          event.stopPropagation();
          (view.dom as HTMLElement).blur();
          return true;
        }
        return false;
      },
    },
    onBlur: ({ editor: e, event }) => {
      if (linkOpen.current) return;
      const next = event.relatedTarget as HTMLElement | null;
      if (next?.closest("[data-bubble-toolbar]")) return;
      finish(e.getHTML());
    },
  });
  if (!editor) return <div dangerouslySetInnerHTML={{ __html: html }} />;
  const closeLink = () => {
    linkOpen.current = false;
    setLink(null);
    // Back in the editor, so that its blur (a click elsewhere) ends the editing as usual.
    requestAnimationFrame(() => {
      if (!done.current) editor.commands.focus();
    });
  };
  return (
    <>
      <BubbleMenu
        editor={editor}
        // Placed around the whole element being edited, not the selected words: it never covers the text.
        getReferencedVirtualElement={() => {
          const frame = editor.view.dom.closest("[data-builder-element]");
          return frame ? toolbarAnchor(frame) : null;
        }}
        options={BUBBLE_MENU_OPTIONS}
        className="z-50 flex gap-0.5 rounded-lg bg-ink p-1 text-white shadow-xl"
        data-bubble-toolbar=""
        role="toolbar"
        aria-label="Mise en forme"
      >
        <FormatToolbar
          editor={editor}
          dark
          onLink={() => {
            linkOpen.current = true;
            setLink({ ...linkAtSelection(editor), canRemove: editor.isActive("link") });
          }}
        />
      </BubbleMenu>
      <EditorContent editor={editor} />
      {link ? (
        <Suspense fallback={null}>
          <LinkEditorDialog
            initial={link.state}
            canRemove={link.canRemove}
            onClose={closeLink}
            onRemove={() => editor.chain().extendMarkRange("link").unsetLink().run()}
            onSave={(state, href) => writeLink(editor, link.range, href, state, (h) => applyLink(h, state))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
