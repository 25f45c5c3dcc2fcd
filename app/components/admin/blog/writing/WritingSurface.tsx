import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { useEffect, useRef, useState, type ClipboardEvent } from "react";
import { uploadMedia } from "~/lib/media/upload-client";
import { ElementView, ImageView, LockedBlockView, WritingActionsContext, type WritingActions } from "./AtomViews";
import { writingExtensions } from "./extensions";
import { galleryAtom, matchingItems, runSimpleInsert, withLineAfter, type InsertKey } from "./insert-items";
import { cleanPastedHtml, dataUrlToFile, PASTE_LIMIT_CHARS } from "./paste-clean";
import { InsertMenu } from "./InsertMenu";

/**
 * One language's body as a writing surface (Tiptap): type, use the Markdown shortcuts, "/" or "+" to
 * insert; images dropped or pasted go to the Médiathèque with a progress bar. The screen reads the
 * content when it saves (`onReady` hands it the editor): nothing is serialized while the writer types.
 */
const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif|avif)$/;
const megabytes = (chars: number) => (chars / 1_000_000).toLocaleString("fr-FR", { maximumFractionDigits: 1 });

interface Upload {
  id: number;
  name: string;
  fraction: number;
}
type Menu = { from: number; to: number; query: string; top: number; left: number; index: number } | null;

export function WritingSurface({
  lang,
  initialHtml,
  label,
  actions,
  onReady,
  onEdit,
  onNotice,
}: {
  lang: "fr" | "en";
  initialHtml: string;
  label: string;
  actions: WritingActions;
  onReady: (editor: Editor) => void;
  onEdit: () => void;
  /** A French message for the writer (a refused paste or file, an upload that failed); null clears it. */
  onNotice: (message: string | null, tone?: "error" | "info") => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [menu, setMenu] = useState<Menu>(null);
  const menuRef = useRef<Menu>(null);
  menuRef.current = menu;
  const [empty, setEmpty] = useState(initialHtml === "");
  const [plus, setPlus] = useState<{ top: number; pos: number } | null>(null);
  const insertAt = useRef<number | null>(null);
  /**
   * Where each upload under way lands: the position taken when its files came in (a drop, a paste), mapped
   * through every change since, so typing or a second paste meanwhile never sends an image to a stale place.
   */
  const landing = useRef(new Set<{ pos: number }>());
  const pendingImages = useRef<{ dataImages: string[]; dropped: number } | null>(null);
  const uploadSeq = useRef(0);

  const editor = useEditor({
    extensions: writingExtensions({ image: ImageView, element: ElementView, locked: LockedBlockView }),
    content: initialHtml,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        // The article's reading look, close to the public page's (18 px, 1.75), in the editor only.
        class: [
          "writing-surface min-h-[50vh] text-[18px] leading-[1.75] outline-none [&>*+*]:mt-4",
          "[&_h2]:mt-8 [&_h2]:text-[1.75rem] [&_h2]:font-extrabold [&_h2]:leading-tight [&_h3]:mt-6 [&_h3]:text-[1.4rem] [&_h3]:font-bold",
          "[&_h3]:leading-snug [&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-bold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6",
          "[&_li:has(>strong:first-child)]:list-none [&_li+li]:mt-1 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-yellow [&_blockquote]:pl-4",
          "[&_blockquote]:italic [&_a]:text-blue-800 [&_a]:underline [&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1 [&_code]:font-mono",
          "[&_code]:text-[0.9em] [&_hr]:my-6 [&_hr]:border-neutral-300 [&_.ProseMirror-selectednode]:outline [&_.ProseMirror-selectednode]:outline-2",
        ].join(" "),
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        lang,
        "data-testid": `writing-${lang}`,
      },
      handleKeyDown: (_view, event) => {
        const m = menuRef.current;
        if (!m) return false;
        const items = matchingItems(m.query);
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          const step = event.key === "ArrowDown" ? 1 : -1;
          setMenu({ ...m, index: (m.index + step + items.length) % Math.max(1, items.length) });
          return true;
        }
        if (event.key === "Enter" && items[m.index]) {
          void choose(items[m.index].key, m);
          return true;
        }
        if (event.key === "Escape") {
          setMenu(null);
          return true;
        }
        return false;
      },
      transformPastedHTML: (html) => {
        const clean = cleanPastedHtml(html);
        if (clean.dataImages.length || clean.droppedImages) pendingImages.current = { dataImages: clean.dataImages, dropped: clean.droppedImages };
        return clean.html.replace(/<img data-paste-image="\d+">/g, "");
      },
      handlePaste: () => {
        // The pasted text is in place once this handler returns: the images it carried follow it.
        queueMicrotask(() => void pastedImages());
        return false;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        insertAt.current = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
        void uploadFiles(files);
        return true;
      },
    },
    onUpdate: ({ transaction }) => {
      if (transaction.getMeta("stamp")) return;
      onEdit();
    },
    onTransaction: ({ editor: e, transaction }) => {
      if (transaction.docChanged) for (const spot of landing.current) spot.pos = transaction.mapping.map(spot.pos);
      follow(e);
    },
    onCreate: ({ editor: e }) => onReady(e),
  });

  useEffect(() => () => setMenu(null), []);

  /**
   * The "/" menu follows the paragraph typed in; the "+" sits beside an empty line. Runs on every
   * transaction, so it reads the current line only, and asks for positions (which force a layout) only
   * when a menu or the "+" is to be shown.
   */
  function follow(e: Editor) {
    const { $from, empty } = e.state.selection;
    const parent = $from.parent;
    const topLevel = empty && $from.depth === 1 && parent.type.name === "paragraph";
    const text = topLevel ? parent.textContent : null;
    setEmpty(e.isEmpty);
    const slash = text !== null && text.startsWith("/") && !/\s/.test(text) && $from.parentOffset === text.length;
    const m = menuRef.current;
    if (m && !slash && !(m.query === "" && text === "")) setMenu(null);
    if (text !== "") setPlus(null);
    if (!slash && text !== "") return;
    const host = box.current?.getBoundingClientRect();
    if (!host) return;
    const coords = e.view.coordsAtPos($from.pos);
    if (slash) {
      const query = text.slice(1);
      if (!m || m.query !== query || m.from !== $from.start())
        setMenu({ from: $from.start(), to: $from.pos, query, top: coords.bottom - host.top + 4, left: coords.left - host.left, index: 0 });
    } else {
      const top = coords.top - host.top;
      setPlus((p) => (p && p.top === top && p.pos === $from.pos ? p : { top, pos: $from.pos }));
    }
  }

  async function choose(key: InsertKey, m: NonNullable<Menu>) {
    setMenu(null);
    if (!editor) return;
    if (m.to > m.from) editor.chain().focus().deleteRange({ from: m.from, to: m.to }).run();
    if (runSimpleInsert(editor, key)) return;
    if (key === "upload") {
      insertAt.current = editor.state.selection.from;
      fileInput.current?.click();
      return;
    }
    const at = editor.state.selection.from;
    const picked = await actions.pickImage();
    if (!picked) return editor.commands.focus();
    const node = key === "gallery" ? galleryAtom(picked) : { type: "articleImage", attrs: { src: picked.url, alt: picked.alt } };
    editor.chain().focus().insertContentAt(Math.min(at, editor.state.doc.content.size), withLineAfter(node)).run();
  }

  async function uploadFiles(files: File[]) {
    if (!editor) return;
    const spot = { pos: insertAt.current ?? editor.state.selection.from };
    insertAt.current = null;
    landing.current.add(spot);
    try {
      await uploadEach(files, spot);
    } finally {
      landing.current.delete(spot);
    }
  }

  /** One file after the other, each image where the previous one ended (the mapping moves `spot` past it). */
  async function uploadEach(files: File[], spot: { pos: number }) {
    if (!editor) return;
    for (const file of files) {
      if (!IMAGE_TYPES.test(file.type)) {
        onNotice(`« ${file.name} » n'est pas une image : seules les images (JPEG, PNG, WebP, GIF, AVIF) se déposent dans l'article.`, "error");
        continue;
      }
      const id = ++uploadSeq.current;
      setUploads((u) => [...u, { id, name: file.name, fraction: 0 }]);
      try {
        const item = await uploadMedia(file, { alt: "", category: "" }, (fraction) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, fraction } : x))));
        editor
          .chain()
          .insertContentAt(Math.min(spot.pos, editor.state.doc.content.size), { type: "articleImage", attrs: { src: item.url, alt: item.alt ?? "" } })
          .run();
      } catch (e) {
        onNotice(`« ${file.name} » n'a pas été envoyée : ${e instanceof Error ? e.message : "erreur inattendue"}`, "error");
      } finally {
        setUploads((u) => u.filter((x) => x.id !== id));
      }
    }
  }

  async function pastedImages() {
    const pending = pendingImages.current;
    pendingImages.current = null;
    if (!pending) return;
    if (pending.dropped) {
      onNotice(
        `${pending.dropped} image${pending.dropped > 1 ? "s" : ""} du texte collé ${pending.dropped > 1 ? "n'ont" : "n'a"} pas pu être reprise${pending.dropped > 1 ? "s" : ""} (fichier resté sur l'ordinateur) : ajoutez-la depuis la Médiathèque.`,
        "info",
      );
    }
    const files = pending.dataImages.map((d, i) => dataUrlToFile(d, `image-collee-${i + 1}`)).filter((f): f is File => f !== null);
    if (files.length) await uploadFiles(files);
  }

  /** Before ProseMirror reads the clipboard: too large a paste is refused, pasted files are uploaded. */
  function onPasteCapture(e: ClipboardEvent<HTMLDivElement>) {
    const data = e.clipboardData;
    const size = Math.max(data.getData("text/html").length, data.getData("text/plain").length);
    if (size > PASTE_LIMIT_CHARS) {
      e.preventDefault();
      e.stopPropagation();
      onNotice(
        `Ce collage est trop volumineux (${megabytes(size)} millions de caractères ; ${megabytes(PASTE_LIMIT_CHARS)} au plus) : collez le texte en plusieurs fois.`,
        "error",
      );
      return;
    }
    const files = Array.from(data.files);
    if (files.length && !data.getData("text/plain")) {
      e.preventDefault();
      e.stopPropagation();
      insertAt.current = editor?.state.selection.from ?? null;
      void uploadFiles(files);
    }
  }

  if (!editor) return <div className="min-h-[50vh]" dangerouslySetInnerHTML={{ __html: initialHtml }} />;
  return (
    <WritingActionsContext.Provider value={actions}>
      <div ref={box} className="relative" onPasteCapture={onPasteCapture}>
        {plus ? (
          <button
            type="button"
            className="absolute -left-8 grid h-7 w-7 place-items-center rounded-full border border-neutral-300 bg-white text-lg leading-none text-neutral-700 hover:bg-neutral-100"
            style={{ top: plus.top }}
            aria-label="Insérer un bloc"
            data-action="insert-plus"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const host = box.current!.getBoundingClientRect();
              const c = editor.view.coordsAtPos(plus.pos);
              setMenu({ from: plus.pos, to: plus.pos, query: "", top: c.bottom - host.top + 4, left: c.left - host.left, index: 0 });
            }}
          >
            +
          </button>
        ) : null}
        {empty ? (
          <p className="pointer-events-none absolute left-0 top-0 text-neutral-400" aria-hidden="true">
            Écrivez ici, ou tapez « / » pour insérer une image, une vidéo, un bouton…
          </p>
        ) : null}
        <EditorContent editor={editor} />
        {menu ? (
          <InsertMenu
            top={menu.top}
            left={menu.left}
            items={matchingItems(menu.query)}
            index={menu.index}
            onChoose={(key) => void choose(key, menu)}
            onClose={() => setMenu(null)}
          />
        ) : null}
        {uploads.length ? (
          <ul className="mt-3 grid gap-2" aria-label="Images en cours d'envoi">
            {uploads.map((u) => (
              <li key={u.id} className="text-sm">
                <span className="block truncate">Envoi de « {u.name} » vers la Médiathèque…</span>
                <progress className="w-full" max={1} value={u.fraction} aria-label={`Envoi de ${u.name}`} data-testid="upload-progress" />
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`writing-file-${lang}`}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            void uploadFiles(files);
          }}
        />
      </div>
    </WritingActionsContext.Provider>
  );
}
