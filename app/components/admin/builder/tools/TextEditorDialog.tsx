import { EditorContent, useEditor } from "@tiptap/react";
import { lazy, Suspense, useState } from "react";
import { updateElementAction } from "~/lib/builder/actions";
import { applyLink, type LinkState } from "~/lib/builder/link";
import type { PageElement } from "~/lib/document/schema";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { useBuilderStore } from "~/lib/builder/store";
import { Dialog } from "~/components/kit/Dialog";
import { FormatToolbar } from "./FormatToolbar";
import { headingFromEditor, headingToEditor, linkAtSelection, richTextExtensions, writeLink, type RichKind } from "./rich-text";

const LinkEditorDialog = lazy(() => import("./LinkEditorDialog").then((m) => ({ default: m.LinkEditorDialog })));

/** Seed 001 §9: the text editor is 10 rows high, 8 for a list (1.5rem a row). */
const HEIGHT: Record<RichKind, string> = { text: "min-h-[15rem]", list: "min-h-[12rem]", heading: "min-h-[12rem]" };

/**
 * Éditeur de texte (seed 001 §2, §4): a rich editor over the element's HTML, with bold, italic, underline,
 * link and alignment. Enregistrer writes the content back as one undoable step; Annuler discards.
 */
export function TextEditorDialog({ element, onClose }: { element: PageElement; onClose: () => void }) {
  const store = useBuilderStore();
  // The dialog opens only on rich-text elements (their registry entry's inline editing).
  const inline = ELEMENT_REGISTRY[element.type].inline;
  const kind: RichKind = inline.kind === "rich" ? inline.editor : "text";
  const [link, setLink] = useState<{ state: LinkState; range: { from: number; to: number } | null; canRemove: boolean } | null>(null);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: kind === "heading" ? headingToEditor(element.content, element.styles.textAlign) : element.content,
    immediatelyRender: false,
    autofocus: "end",
    editorProps: {
      attributes: {
        class: `builder-inline-editor prose-sm max-h-[60vh] overflow-y-auto rounded border border-neutral-300 p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-teal ${HEIGHT[kind]}`,
        "aria-label": "Contenu",
        "data-testid": "text-editor-content",
      },
    },
  });
  const save = (close: () => void) => {
    if (!editor) return;
    const html = editor.getHTML();
    if (kind === "heading") {
      const { content, textAlign } = headingFromEditor(html);
      const styles = textAlign && textAlign !== (element.styles.textAlign ?? "left") ? { ...element.styles, textAlign } : element.styles;
      updateElementAction(store, element.id, { content, styles });
    } else if (html !== element.content) {
      updateElementAction(store, element.id, { content: html });
    }
    close();
  };
  return (
    <Dialog
      title="Éditeur de texte"
      size="3xl"
      onClose={onClose}
      testId="text-editor"
      confirm={{ label: "Enregistrer", onConfirm: (close) => save(close), action: "text-save", cancelAction: "text-cancel" }}
    >
      {editor ? (
        <div className="space-y-2">
          <div role="toolbar" aria-label="Mise en forme" className="flex flex-wrap gap-0.5 rounded-lg bg-neutral-100 p-1">
            <FormatToolbar editor={editor} dark={false} onLink={() => setLink({ ...linkAtSelection(editor), canRemove: editor.isActive("link") })} />
          </div>
          <EditorContent editor={editor} />
        </div>
      ) : (
        <div className={`rounded border border-neutral-300 p-3 ${HEIGHT[kind]}`} aria-busy="true" />
      )}
      {link && editor ? (
        <Suspense fallback={null}>
          <LinkEditorDialog
            initial={link.state}
            canRemove={link.canRemove}
            onClose={() => setLink(null)}
            onRemove={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}
            onSave={(state, href) => writeLink(editor, link.range, href, state, (html) => applyLink(html, state))}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
