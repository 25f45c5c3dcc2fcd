import { ELEMENT_DEFAULTS } from "~/lib/elements/defaults";
import type { ElementType } from "~/lib/document/schema";
import * as GalleryModule from "./renderers/Gallery";
import * as VideoModule from "./renderers/Video";
import { galleryRenderer, rendererFor, videoRenderer } from "./renderers";
import { ImageElement } from "./renderers/Media";
import { HeadingElement, ListElement, TextElement } from "./renderers/RichText";
import { ButtonElement, DividerElement, IconElement, SpacerElement } from "./renderers/Simple";
import type { ElementRenderer } from "./types";

const { GalleryElement } = GalleryModule;
const { VideoElement } = VideoModule;
// The builder's canvas and anything else that imports the registry renders galleries and videos without waiting.
galleryRenderer.provide(GalleryModule);
videoRenderer.provide(VideoModule);

/**
 * The one element registry of the browser side: per type everything the builder needs (ElementDefinition)
 * and its renderer. The public page, the builder canvas, the preview and the export all go through it.
 * The server's per-type table (sanitizing, media, text) is server-types.server.ts.
 */
export type SettingField =
  | "fontSize"
  | "fontWeight"
  | "textAlign"
  | "color"
  | "backgroundColor"
  | "borderRadius"
  | "padding"
  | "width"
  | "shadow"
  | "dividerThickness"
  | "dividerStyle"
  | "dividerColor"
  | "marginBottom"
  | "height"
  | "href"
  | "alt"
  | "level"
  | "gallery"
  | "richText"
  | "icon"
  | "iconSize";

/** The rich-text editors: a heading is one line of inline HTML, text is paragraphs, a list is a list. */
export type RichKind = "heading" | "text" | "list";

/** How the canvas edits the element in place ("Modifier", or a double-click when no library opens). */
export type InlineEditing =
  /** Tiptap in place, and the "Éditeur de texte" dialog. */
  | { kind: "rich"; editor: RichKind }
  /** A one-line input over the element; `buttonLook`: it takes the button's colours and padding. */
  | { kind: "input"; label: string; hint?: string; buttonLook?: boolean }
  | { kind: "none" };

/** The pre-publish checks (lib/builder/prepublish.ts) that only some types get, beyond their text's. */
export type TypeCheck = "required-link" | "required-alt" | "single-h1";

/**
 * Everything the builder knows of one element type. Every field is required: a type added to
 * model.ts does not compile until its entry says all of this (decision record 028).
 */
export interface ElementDefinition {
  /** Its French name: palette, canvas frame, layers panel, announcements, pre-publish messages. */
  label: string;
  /** What a new element of the type holds: `createElement` (defaults.ts) reads this same function. */
  defaults: (typeof ELEMENT_DEFAULTS)[ElementType];
  /** The settings fields the builder offers, in order (ElementSettings.tsx). */
  settings: readonly SettingField[];
  /** A field's label, or the value it shows when unset, that differs for this type. */
  fieldText: Partial<Record<SettingField, { label?: string; unset?: string }>>;
  inline: InlineEditing;
  /**
   * A double-click opens a library on the element instead of editing in place: the Médiathèque for
   * images or videos (also "Choisir dans la médiathèque" in its settings), or the icon library.
   */
  library: "image" | "video" | "icon" | null;
  /**
   * What its content reads as text (pre-publish placeholders and names, layers panel): "rich" inline
   * HTML, "plain" the content itself, null no text. Without text, the layers show its alternative text
   * when it has the "alt" setting.
   */
  text: "rich" | "plain" | null;
  /** In the layers panel, its words name the block or section around it: first "title", else "fallback". */
  names: "title" | "fallback" | null;
  checks: readonly TypeCheck[];
  Render: ElementRenderer;
}

const richText = (editor: RichKind) =>
  ({ fieldText: {}, inline: { kind: "rich", editor }, library: null, text: "rich" }) as const satisfies Partial<ElementDefinition>;
const noInline = { fieldText: {}, inline: { kind: "none" }, library: null, text: null, names: null, checks: [] } as const satisfies Partial<ElementDefinition>;

export const ELEMENT_REGISTRY: Record<ElementType, ElementDefinition> = {
  heading: {
    label: "Titre",
    defaults: ELEMENT_DEFAULTS.heading,
    settings: ["richText", "level", "fontSize", "fontWeight", "textAlign", "color"],
    ...richText("heading"),
    names: "title",
    checks: ["single-h1"],
    Render: HeadingElement,
  },
  text: {
    label: "Texte",
    defaults: ELEMENT_DEFAULTS.text,
    settings: ["richText", "fontSize", "fontWeight", "textAlign", "color"],
    ...richText("text"),
    names: "fallback",
    checks: [],
    Render: TextElement,
  },
  list: {
    label: "Liste",
    defaults: ELEMENT_DEFAULTS.list,
    settings: ["richText", "fontSize", "textAlign", "color"],
    ...richText("list"),
    names: null,
    checks: [],
    Render: ListElement,
  },
  image: {
    label: "Image",
    defaults: ELEMENT_DEFAULTS.image,
    settings: ["alt", "width", "borderRadius", "shadow", "href"],
    fieldText: {},
    inline: { kind: "input", label: "URL de l'image" },
    library: "image",
    text: null,
    names: null,
    checks: ["required-alt"],
    Render: ImageElement,
  },
  video: {
    label: "Vidéo",
    defaults: ELEMENT_DEFAULTS.video,
    settings: ["alt"],
    fieldText: { alt: { label: "Titre de la vidéo" } },
    inline: { kind: "input", label: "URL de la vidéo", hint: "Utilisez l'URL d'intégration YouTube ou Vimeo" },
    library: "video",
    text: null,
    names: null,
    checks: [],
    Render: VideoElement,
  },
  button: {
    label: "Bouton",
    defaults: ELEMENT_DEFAULTS.button,
    settings: ["href", "textAlign", "backgroundColor", "color", "borderRadius", "padding", "fontSize"],
    fieldText: { color: { label: "Couleur du texte", unset: "#ffffff" }, borderRadius: { unset: "5px" } },
    inline: { kind: "input", label: "Texte du bouton", buttonLook: true },
    library: null,
    text: "plain",
    names: "fallback",
    checks: ["required-link"],
    Render: ButtonElement,
  },
  icon: {
    label: "Icône",
    defaults: ELEMENT_DEFAULTS.icon,
    settings: ["icon", "iconSize", "color"],
    ...noInline,
    library: "icon",
    Render: IconElement,
  },
  divider: {
    label: "Séparateur",
    defaults: ELEMENT_DEFAULTS.divider,
    settings: ["dividerThickness", "dividerStyle", "dividerColor", "marginBottom"],
    ...noInline,
    Render: DividerElement,
  },
  spacer: { label: "Espacement", defaults: ELEMENT_DEFAULTS.spacer, settings: ["height"], ...noInline, Render: SpacerElement },
  gallery: { label: "Galerie", defaults: ELEMENT_DEFAULTS.gallery, settings: ["gallery"], ...noInline, Render: GalleryElement },
};

/** The entry of a type read from a document typed loosely (any string); undefined for an unknown type. */
export function elementDefinition(type: string): ElementDefinition | undefined {
  return Object.hasOwn(ELEMENT_REGISTRY, type) ? ELEMENT_REGISTRY[type as ElementType] : undefined;
}

export { rendererFor };
