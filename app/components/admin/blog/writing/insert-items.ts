import type { Editor } from "@tiptap/core";
import { createElement } from "~/lib/elements/defaults";
import type { PageElement } from "~/lib/document/schema";
import { packJson } from "./convert";

/** What the "/" menu and the "+" insert. Image and gallery need the Médiathèque; "upload" opens the file chooser. */
export type InsertKey = "h2" | "h3" | "h4" | "bullet" | "ordered" | "quote" | "image" | "upload" | "gallery" | "video" | "button" | "separator";

export interface InsertItem {
  key: InsertKey;
  label: string;
  hint: string;
  /** Words a "/" query matches besides the label (without accents). */
  words: string;
}

export const INSERT_ITEMS: InsertItem[] = [
  { key: "h2", label: "Titre", hint: "## ", words: "titre h2 heading" },
  { key: "h3", label: "Sous-titre", hint: "### ", words: "sous-titre h3" },
  { key: "h4", label: "Petit titre", hint: "#### ", words: "petit titre h4" },
  { key: "bullet", label: "Liste à puces", hint: "- ", words: "liste puces" },
  { key: "ordered", label: "Liste numérotée", hint: "1. ", words: "liste numerotee" },
  { key: "quote", label: "Citation", hint: "> ", words: "citation quote" },
  { key: "image", label: "Image de la Médiathèque", hint: "", words: "image photo mediatheque" },
  { key: "upload", label: "Image depuis l'ordinateur", hint: "", words: "image photo envoyer ordinateur" },
  { key: "gallery", label: "Galerie", hint: "", words: "galerie images" },
  { key: "video", label: "Vidéo", hint: "", words: "video youtube" },
  { key: "button", label: "Bouton", hint: "", words: "bouton lien" },
  { key: "separator", label: "Séparateur", hint: "---", words: "separateur ligne" },
];

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function matchingItems(query: string): InsertItem[] {
  const q = plain(query.trim());
  return q ? INSERT_ITEMS.filter((i) => plain(`${i.label} ${i.words}`).includes(q)) : INSERT_ITEMS;
}

export const elementAtom = (e: PageElement) => ({ type: "archimedElement", attrs: { json: packJson(e) } });

export function galleryAtom(image: { url: string; alt: string }) {
  const g = createElement("gallery");
  return elementAtom({ ...g, content: JSON.stringify({ type: "grid", options: { columns: 3, gap: "10px", aspectRatio: "1/1" }, images: [image] }) });
}

/** A block atom and an empty line after it, where the cursor goes: typing on never replaces the atom just inserted. */
export const withLineAfter = (node: object) => [node, { type: "paragraph" }];

/** The insertions that need nothing but the editor. */
export function runSimpleInsert(editor: Editor, key: InsertKey): boolean {
  const chain = editor.chain().focus();
  switch (key) {
    case "h2":
    case "h3":
    case "h4":
      return chain.setNode("heading", { level: Number(key[1]) }).run();
    case "bullet":
      return chain.toggleBulletList().run();
    case "ordered":
      return chain.toggleOrderedList().run();
    case "quote":
      return chain.toggleBlockquote().run();
    case "separator":
      return chain.setHorizontalRule().run();
    case "video":
      return chain.insertContent(withLineAfter(elementAtom(createElement("video")))).run();
    case "button":
      return chain.insertContent(withLineAfter(elementAtom(createElement("button")))).run();
    default:
      return false;
  }
}
