import type { ElementType } from "~/lib/document/schema";
import { deferredModule } from "~/lib/deferred";
import { findElementWhere, type DocumentTree } from "~/lib/document/walk";
import type { ElementRenderer, ElementRendererProps } from "../types";
import { ImageElement } from "./Media";
import { HeadingElement, ListElement, TextElement } from "./RichText";
import { ButtonElement, DividerElement, IconElement, SpacerElement, UnsupportedElement } from "./Simple";

/**
 * The renderers alone, for the public page: the registry (registry.ts) adds the builder's labels, defaults
 * and settings, which visitors' JavaScript has no use for. A gallery's code (its viewer, slider and
 * parser, about 2 KB gzip) is a chunk of its own, loaded only by pages that hold a gallery; so is a video's
 * (its facade and the YouTube/Vimeo address rules, about 1.4 KB gzip), loaded only by pages that hold a video.
 */
export const galleryRenderer = deferredModule(() => import("./Gallery"));
export const videoRenderer = deferredModule(() => import("./Video"));

function DeferredGallery(props: ElementRendererProps) {
  const { GalleryElement } = galleryRenderer.read();
  return <GalleryElement {...props} />;
}

function DeferredVideo(props: ElementRendererProps) {
  const { VideoElement } = videoRenderer.read();
  return <VideoElement {...props} />;
}

const RENDERERS: Record<ElementType, ElementRenderer> = {
  heading: HeadingElement,
  text: TextElement,
  list: ListElement,
  image: ImageElement,
  video: DeferredVideo,
  button: ButtonElement,
  icon: IconElement,
  divider: DividerElement,
  spacer: SpacerElement,
  gallery: DeferredGallery,
};

export function rendererFor(type: string): ElementRenderer {
  return Object.hasOwn(RENDERERS, type) ? RENDERERS[type as ElementType] : UnsupportedElement;
}

/** Whether a document holds an element of this type (the island loads deferred renderers from it). */
export function hasElementType(doc: DocumentTree<{ type: string }>, type: string): boolean {
  return findElementWhere(doc, (e) => e.type === type) !== undefined;
}
