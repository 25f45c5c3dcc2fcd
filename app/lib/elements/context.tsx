import { createContext, useContext } from "react";
import type { Lang } from "~/lib/i18n/routes";

/** What the server knows about a media URL: intrinsic size (so nothing shifts) and a WebP variant. */
interface MediaInfo {
  width: number;
  height: number;
  webp?: string;
  /** WebP widths with descriptors, when the image has them. */
  srcset?: string;
}
export type MediaMap = Record<string, MediaInfo>;

interface RenderContextValue {
  lang: Lang;
  media: MediaMap;
  /** The first image of a page is its likely largest paint: loaded eagerly, with high priority. */
  eagerImageId?: string;
  /**
   * Where the document is shown. The live preview and the HTML export name an unknown element type
   * ("Unknown element type: {type}", seed 001 §5); the export has no script, so videos are plain players.
   */
  surface?: "page" | "preview" | "export";
}

const RenderContext = createContext<RenderContextValue>({ lang: "fr", media: {} });
export const RenderProvider = RenderContext.Provider;
export const useRenderContext = () => useContext(RenderContext);
