/**
 * The Médiathèque's answers (seed 001 §3's media item, its fields in the API's camelCase), shared by the
 * media API and the screens that read it.
 */
export type MediaType = "image" | "video" | "pdf";
export type MediaSource = "local" | "unsplash" | "pexels";
export type StockProvider = "unsplash" | "pexels";

export interface MediaItem {
  id: string;
  type: MediaType;
  url: string;
  thumbnail: string | null;
  title: string;
  alt: string;
  category: string;
  width: number;
  height: number;
  /** The MIME type (seed 001's `file_type`). */
  fileType: string;
  size: number;
  /** ISO date (seed 001's `created_at`). */
  createdAt: string;
  source: MediaSource;
  author: string | null;
  /** When the photo was taken, from its metadata ("2023-06-14T15:32:10", the camera's wall clock), else null. */
  takenAt: string | null;
  /** Responsive WebP variants ("url 480w, …"), when the server made them. */
  srcset: string | null;
}

/** Where an item is used: a page or article (language, address), a menu or footer link, the design, the settings or a saved model. */
export type MediaUsagePlace = "page" | "article" | "menu" | "footer" | "design" | "settings" | "model";
export interface MediaUsage {
  place: MediaUsagePlace;
  /** Pages and articles only. */
  pageId: string | null;
  lang: string | null;
  title: string;
  path: string | null;
  /** published and scheduled block a delete; draft and revision only keep the files (decision record 032). */
  state: "published" | "scheduled" | "draft" | "revision";
  /** Shown by the public site now or at a scheduled time. */
  published: boolean;
}

/** GET /api/media: one page of the library. */
export interface MediaListAnswer {
  items: MediaItem[];
  total: number;
  page: number;
  perPage: number;
  categories: string[];
}

/** An item after an upload, an import, an edit of its labels or image, a revert. */
export interface MediaItemAnswer {
  item: MediaItem;
}

/** GET /api/media/:id: the item, the pages that show it, and whether it has an edited version. */
export interface MediaDetailAnswer {
  item: MediaItem;
  usage: MediaUsage[];
  edited: boolean;
}

/** Stock results as the Médiathèque shows them. */
export interface StockItem {
  provider: StockProvider;
  id: string;
  thumbnail: string;
  title: string;
  alt: string;
  width: number;
  height: number;
  author: string;
  createdAt: string | null;
}

/** GET /api/media/stock: `configured: false` when the server has no key for that provider. */
export interface StockSearchAnswer {
  configured: boolean;
  items: StockItem[];
}
