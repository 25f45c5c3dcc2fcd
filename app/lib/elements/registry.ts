import { ELEMENT_DEFAULTS } from "~/lib/document/defaults";
import type { ElementType } from "~/lib/document/schema";
import * as GalleryModule from "./renderers/Gallery";
import { galleryRenderer, rendererFor } from "./renderers";
import { ImageElement, VideoElement } from "./renderers/Media";
import { HeadingElement, ListElement, TextElement } from "./renderers/RichText";
import { ButtonElement, DividerElement, IconElement, SpacerElement } from "./renderers/Simple";
import type { ElementRenderer } from "./types";

const { GalleryElement } = GalleryModule;
// The builder's canvas and anything else that imports the registry renders galleries without waiting.
galleryRenderer.provide(GalleryModule);

/**
 * The one element registry: per type its label, its default, the settings the builder offers and its
 * renderer. The public page, the builder canvas, the preview and the export all go through it.
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

interface ElementDefinition {
  label: string;
  defaults: (typeof ELEMENT_DEFAULTS)[ElementType];
  settings: readonly SettingField[];
  Render: ElementRenderer;
}

export const ELEMENT_REGISTRY: Record<ElementType, ElementDefinition> = {
  heading: {
    label: "Titre",
    defaults: ELEMENT_DEFAULTS.heading,
    settings: ["richText", "level", "fontSize", "fontWeight", "textAlign", "color"],
    Render: HeadingElement,
  },
  text: { label: "Texte", defaults: ELEMENT_DEFAULTS.text, settings: ["richText", "fontSize", "fontWeight", "textAlign", "color"], Render: TextElement },
  list: { label: "Liste", defaults: ELEMENT_DEFAULTS.list, settings: ["richText", "fontSize", "textAlign", "color"], Render: ListElement },
  image: { label: "Image", defaults: ELEMENT_DEFAULTS.image, settings: ["alt", "width", "borderRadius", "shadow", "href"], Render: ImageElement },
  video: { label: "Vidéo", defaults: ELEMENT_DEFAULTS.video, settings: ["alt"], Render: VideoElement },
  button: {
    label: "Bouton",
    defaults: ELEMENT_DEFAULTS.button,
    settings: ["href", "textAlign", "backgroundColor", "color", "borderRadius", "padding", "fontSize"],
    Render: ButtonElement,
  },
  icon: { label: "Icône", defaults: ELEMENT_DEFAULTS.icon, settings: ["icon", "iconSize", "color"], Render: IconElement },
  divider: {
    label: "Séparateur",
    defaults: ELEMENT_DEFAULTS.divider,
    settings: ["dividerThickness", "dividerStyle", "dividerColor", "marginBottom"],
    Render: DividerElement,
  },
  spacer: { label: "Espacement", defaults: ELEMENT_DEFAULTS.spacer, settings: ["height"], Render: SpacerElement },
  gallery: { label: "Galerie", defaults: ELEMENT_DEFAULTS.gallery, settings: ["gallery"], Render: GalleryElement },
};

export { rendererFor };
