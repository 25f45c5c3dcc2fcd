import { NodeViewWrapper, type NodeViewProps } from "@tiptap/react";
import { createContext, useContext, useState } from "react";
import { Dialog } from "~/components/kit/Dialog";
import { TextField } from "~/components/kit/fields";
import type { Block, PageElement } from "~/lib/document/schema";
import { packJson, unpackJson } from "./convert";

/** What the views need from the screen: the builder for this language, and the Médiathèque's picker. */
export interface WritingActions {
  openBuilder: () => void;
  pickImage: () => Promise<{ url: string; alt: string } | null>;
}
export const WritingActionsContext = createContext<WritingActions | null>(null);
const useActions = () => useContext(WritingActionsContext);

const card = "my-3 rounded-xl border border-neutral-300 bg-neutral-50 p-3 text-sm";

export function ImageView({ node, updateAttributes, selected }: NodeViewProps) {
  const { src, alt } = node.attrs as { src: string; alt: string };
  return (
    <NodeViewWrapper className={`my-4 ${selected ? "outline outline-2 outline-brand-yellow" : ""}`} data-testid="writing-image" data-drag-handle="">
      <img src={src} alt={alt} className="mx-auto max-h-[420px] w-auto max-w-full rounded" draggable={false} />
      <label className="mt-1 flex items-center gap-2 text-xs text-neutral-600" contentEditable={false}>
        Texte alternatif
        <input
          className="min-w-0 flex-1 rounded border border-neutral-300 px-2 py-1 text-xs text-ink"
          value={alt}
          onChange={(e) => updateAttributes({ alt: e.target.value })}
          placeholder="Ce que montre l'image"
          data-field="image-alt"
        />
      </label>
    </NodeViewWrapper>
  );
}

function summary(e: PageElement): string {
  switch (e.type) {
    case "video":
      return `Vidéo : ${e.content}`;
    case "button":
      return `Bouton « ${e.content} »${e.href ? ` → ${e.href}` : " (lien à choisir)"}`;
    case "gallery": {
      const g = unpackJson(encodeURIComponent(e.content)) as { images?: unknown[] } | null;
      const n = g?.images?.length ?? 0;
      return `Galerie de ${n} image${n > 1 ? "s" : ""}`;
    }
    case "heading":
      return `Titre de niveau ${e.level ?? 1} : ${e.content.replace(/<[^>]*>/g, "")}`;
    default:
      return `Élément « ${e.type} » (modifiable dans Archimed)`;
  }
}

function galleryImages(e: PageElement): { url: string; alt: string }[] {
  const g = unpackJson(encodeURIComponent(e.content)) as { images?: (string | { url: string; alt?: string })[] } | null;
  return (g?.images ?? []).map((i) => (typeof i === "string" ? { url: i, alt: "" } : { url: i.url, alt: i.alt ?? "" }));
}

/** Video, button and gallery are set here; anything else is shown and kept as it is. */
export function ElementView({ node, updateAttributes, selected }: NodeViewProps) {
  const actions = useActions();
  const element = unpackJson(node.attrs.json as string) as PageElement | null;
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(element?.content ?? "");
  const [href, setHref] = useState(element?.href ?? "");
  if (!element) return <NodeViewWrapper className={card}>Élément illisible</NodeViewWrapper>;
  const save = (patch: Partial<PageElement>) => updateAttributes({ json: packJson({ ...element, ...patch }) });
  const addImage = async () => {
    const picked = await actions?.pickImage();
    if (!picked) return;
    const g = (unpackJson(encodeURIComponent(element.content)) as Record<string, unknown> | null) ?? { type: "grid" };
    save({ content: JSON.stringify({ ...g, images: [...galleryImages(element), { url: picked.url, alt: picked.alt }] }) });
  };
  return (
    <NodeViewWrapper className={`${card} ${selected ? "outline outline-2 outline-brand-yellow" : ""}`} data-testid="writing-element" data-type={element.type}>
      <div className="flex flex-wrap items-center gap-2" contentEditable={false}>
        <span className="font-semibold">{summary(element)}</span>
        {element.type === "video" || element.type === "button" ? (
          <button type="button" className="ml-auto rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold" onClick={() => setEditing(true)}>
            Modifier
          </button>
        ) : element.type === "gallery" ? (
          <button type="button" className="ml-auto rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold" onClick={() => void addImage()}>
            Ajouter une image
          </button>
        ) : (
          <button
            type="button"
            className="ml-auto rounded border border-neutral-300 bg-white px-2 py-1 text-xs font-semibold"
            onClick={() => actions?.openBuilder()}
          >
            Modifier dans Archimed
          </button>
        )}
      </div>
      {element.type === "gallery" ? (
        <div className="mt-2 flex flex-wrap gap-2" contentEditable={false}>
          {galleryImages(element).map((i, n) => (
            <img key={`${i.url}-${n}`} src={i.url} alt={i.alt} className="h-16 w-16 rounded object-cover" />
          ))}
        </div>
      ) : null}
      {editing ? (
        <Dialog
          title={element.type === "video" ? "Vidéo" : "Bouton"}
          onClose={() => setEditing(false)}
          confirm={{
            label: "Enregistrer",
            action: "save-element",
            onConfirm: (close) => {
              save(element.type === "video" ? { content: content.trim() } : { content: content.trim() || "Cliquez ici", href: href.trim() });
              close();
            },
          }}
        >
          <div className="grid gap-3">
            <TextField
              label={element.type === "video" ? "Adresse de la vidéo (YouTube, Vimeo ou fichier de la Médiathèque)" : "Texte du bouton"}
              value={content}
              onChange={setContent}
              look="page"
              testId="element-content"
            />
            {element.type === "button" ? (
              <TextField label="Lien (https://… ou /chemin)" value={href} onChange={setHref} look="page" testId="element-href" />
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </NodeViewWrapper>
  );
}

export function LockedBlockView({ node, selected }: NodeViewProps) {
  const actions = useActions();
  const b = unpackJson(node.attrs.json as string) as Block | null;
  const columns = b?.sections.reduce((n, s) => Math.max(n, s.columns.length), 0) ?? 0;
  const words = (b?.sections ?? [])
    .flatMap((s) => s.columns.flatMap((c) => c.elements))
    .filter((e) => e.type === "text" || e.type === "heading")
    .map((e) => e.content.replace(/<[^>]*>/g, " "))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return (
    <NodeViewWrapper
      className={`my-4 rounded-xl border-2 border-dashed border-neutral-300 bg-white p-4 ${selected ? "outline outline-2 outline-brand-yellow" : ""}`}
      data-testid="locked-block"
    >
      <div className="flex flex-wrap items-center gap-3" contentEditable={false}>
        <span aria-hidden="true">🔒</span>
        <span className="text-sm font-semibold">Mise en page {columns > 1 ? `en ${columns} colonnes` : "composée"} : elle se modifie dans Archimed</span>
        <button
          type="button"
          className="ml-auto rounded-full bg-ink px-3 py-1.5 text-xs font-semibold text-white"
          onClick={() => actions?.openBuilder()}
          data-action="open-builder"
        >
          Modifier dans Archimed
        </button>
      </div>
      {words ? (
        <p className="mt-2 line-clamp-2 text-sm text-neutral-600" contentEditable={false}>
          {words}
        </p>
      ) : null}
    </NodeViewWrapper>
  );
}
