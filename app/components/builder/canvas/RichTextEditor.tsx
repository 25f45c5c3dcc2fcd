import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import StarterKit from "@tiptap/starter-kit";
import { useId, useRef, useState } from "react";
import { sanitizeUrl } from "~/lib/document/url";

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
  // The link form replaces the toolbar's buttons while open: null when closed.
  const [link, setLink] = useState<{ value: string; error: string | null } | null>(null);
  const linkInputId = useId();
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
        {link ? (
          <LinkForm
            inputId={linkInputId}
            state={link}
            onChange={setLink}
            canRemove={active.link}
            onApply={(href) => {
              setLink(null);
              editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
            }}
            onRemove={() => {
              setLink(null);
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
            }}
            onClose={() => {
              setLink(null);
              editor.commands.focus();
            }}
            onLeave={() => {
              // Focus left the form for somewhere outside the editor: the editing ends, as on a blur.
              setLink(null);
              finish(editor);
            }}
          />
        ) : (
          <>
        <button type="button" className={btn(active.bold)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleBold().run()} aria-label="Gras"><strong>G</strong></button>
        <button type="button" className={btn(active.italic)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleItalic().run()} aria-label="Italique"><em>I</em></button>
        <button type="button" className={btn(active.underline)} onMouseDown={(e) => e.preventDefault()} onClick={() => editor.chain().focus().toggleUnderline().run()} aria-label="Souligné"><span className="underline">S</span></button>
        <button
          type="button"
          className={btn(active.link)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setLink({ value: (editor.getAttributes("link").href as string | undefined) ?? "", error: null })}
          aria-label="Lien"
          aria-expanded={link !== null}
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
          </>
        )}
      </BubbleMenu>
      <EditorContent editor={editor} />
    </>
  );
}

const LINK_ERROR = "Adresse invalide : utilisez https://…, mailto:, tel: ou un chemin du site commençant par /.";

/**
 * The link's address, in the floating toolbar: Enter or Appliquer sets it on the selection, Retirer takes
 * the link off, Escape or Annuler goes back to the toolbar. Only what the server keeps is accepted
 * (sanitizeUrl), with a message rather than a link that would silently vanish on saving.
 */
function LinkForm({
  inputId,
  state,
  onChange,
  canRemove,
  onApply,
  onRemove,
  onClose,
  onLeave,
}: {
  inputId: string;
  state: { value: string; error: string | null };
  onChange: (s: { value: string; error: string | null }) => void;
  canRemove: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
  onLeave: () => void;
}) {
  const apply = () => {
    const href = sanitizeUrl(state.value);
    if (state.value.trim() === "") return canRemove ? onRemove() : onClose();
    if (!href || href === "#") return onChange({ ...state, error: LINK_ERROR });
    onApply(href);
  };
  const small = "h-8 rounded px-2 text-sm font-semibold hover:bg-white/15";
  return (
    <div
      className="flex flex-col gap-1 p-1"
      data-link-form=""
      onBlur={(e) => {
        const next = e.relatedTarget as HTMLElement | null;
        if (!next || (!next.closest("[data-bubble-toolbar]") && !next.closest(".builder-inline-editor"))) onLeave();
      }}
    >
      <div className="flex items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          Adresse du lien
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoFocus
          spellCheck={false}
          placeholder="https://…"
          className="h-8 w-64 rounded bg-white px-2 text-sm text-ink outline-none focus-visible:ring-2 focus-visible:ring-brand-yellow"
          value={state.value}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? `${inputId}-error` : undefined}
          onChange={(e) => onChange({ value: e.target.value, error: null })}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              onClose();
            }
          }}
        />
        <button type="button" className={`${small} bg-brand-yellow text-ink hover:bg-brand-yellow`} onClick={apply}>
          Appliquer
        </button>
        {canRemove ? (
          <button type="button" className={small} onClick={onRemove}>
            Retirer
          </button>
        ) : null}
        <button type="button" className={small} onClick={onClose}>
          Annuler
        </button>
      </div>
      {state.error ? (
        <p id={`${inputId}-error`} role="alert" className="max-w-80 px-1 text-xs text-red-200">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
