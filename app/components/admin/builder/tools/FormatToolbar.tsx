import { useEditorState, type Editor } from "@tiptap/react";
import type { Align } from "./rich-text";

/** Bold, italic, underline, link and alignment buttons over a Tiptap editor (inline toolbar and dialog). */
export function FormatToolbar({ editor, onLink, dark }: { editor: Editor; onLink: () => void; dark: boolean }) {
  // Tiptap 3 does not re-render on each transaction: the toolbar subscribes to what it shows.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      link: e.isActive("link"),
      left: e.isActive({ textAlign: "left" }),
      center: e.isActive({ textAlign: "center" }),
      right: e.isActive({ textAlign: "right" }),
    }),
  });
  const btn = (on: boolean) =>
    `h-8 min-w-8 rounded px-2 text-sm font-semibold ${on ? "bg-brand-yellow text-ink" : dark ? "hover:bg-white/15" : "hover:bg-neutral-200"}`;
  const keep = (e: React.MouseEvent) => e.preventDefault();
  const aligns: [Align, string, string][] = [
    ["left", "Aligner à gauche", "⟸"],
    ["center", "Centrer", "≡"],
    ["right", "Aligner à droite", "⟹"],
  ];
  return (
    <>
      <button
        type="button"
        className={btn(active.bold)}
        aria-pressed={active.bold}
        onMouseDown={keep}
        onClick={() => editor.chain().focus().toggleBold().run()}
        aria-label="Gras"
      >
        <strong>G</strong>
      </button>
      <button
        type="button"
        className={btn(active.italic)}
        aria-pressed={active.italic}
        onMouseDown={keep}
        onClick={() => editor.chain().focus().toggleItalic().run()}
        aria-label="Italique"
      >
        <em>I</em>
      </button>
      <button
        type="button"
        className={btn(active.underline)}
        aria-pressed={active.underline}
        onMouseDown={keep}
        onClick={() => editor.chain().focus().toggleUnderline().run()}
        aria-label="Souligné"
      >
        <span className="underline">S</span>
      </button>
      <button
        type="button"
        className={btn(active.link)}
        aria-pressed={active.link}
        onMouseDown={keep}
        onClick={onLink}
        aria-label="Lien"
        data-action="format-link"
      >
        {/* Drawn, not an emoji: machines without an emoji font showed an empty box. */}
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="mx-auto"
        >
          <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
          <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
        </svg>
      </button>
      {aligns.map(([a, label, glyph]) => (
        <button
          key={a}
          type="button"
          className={btn(active[a])}
          aria-pressed={active[a]}
          onMouseDown={keep}
          onClick={() => editor.chain().focus().setTextAlign(a).run()}
          aria-label={label}
        >
          {glyph}
        </button>
      ))}
    </>
  );
}
