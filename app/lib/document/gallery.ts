/** Gallery element content (seed 001 §3): a JSON object {type, options, images}, or a legacy array of URLs. */
export const GALLERY_TYPES = ["grid", "masonry", "slider", "lightbox", "instagram"] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

export interface GalleryImage {
  url: string;
  alt: string;
}
export interface GalleryOptions {
  columns: number;
  gap: string;
  aspectRatio: string;
  slidesPerView: number;
  navigation: boolean;
  pagination: boolean;
  autoplay: boolean;
  lightbox: boolean;
  hoverEffect: boolean;
}
export interface Gallery {
  type: GalleryType;
  options: GalleryOptions;
  images: GalleryImage[];
}

const BASE: GalleryOptions = {
  columns: 3,
  gap: "10px",
  aspectRatio: "1/1",
  slidesPerView: 3,
  navigation: true,
  pagination: true,
  autoplay: false,
  lightbox: false,
  hoverEffect: false,
};

/** Per-type defaults of seed 001 §9. */
export const GALLERY_DEFAULTS: Record<GalleryType, GalleryOptions> = {
  grid: { ...BASE },
  masonry: { ...BASE, aspectRatio: "auto" },
  slider: { ...BASE, slidesPerView: 3, navigation: true, pagination: true, autoplay: false },
  lightbox: { ...BASE, lightbox: true },
  instagram: { ...BASE, gap: "2px", hoverEffect: true },
};

const GAP = /^(\d{1,2})px$/;
const RATIO = /^(auto|\d{1,2}\s*\/\s*\d{1,2})$/;

function clampInt(n: number | undefined, min: number, max: number, fallback: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(min, Math.min(max, Math.round(n)));
}

function images(list: unknown[]): GalleryImage[] {
  const out: GalleryImage[] = [];
  for (const item of list.slice(0, 200)) {
    if (typeof item === "string" && item.trim() && item.length <= 2000) out.push({ url: item, alt: "" });
    else if (isRecord(item) && typeof item.url === "string" && item.url.trim() && item.url.length <= 2000) {
      out.push({ url: item.url, alt: typeof item.alt === "string" ? item.alt.slice(0, 500) : "" });
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : undefined);
const bool = (v: unknown) => (typeof v === "boolean" ? v : undefined);

type GalleryParse = { ok: true; gallery: Gallery } | { ok: false };

/** Never throws: anything that is not valid JSON or not a gallery shape is `{ ok: false }`. */
export function parseGallery(content: string): GalleryParse {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { ok: false };
  }
  if (Array.isArray(raw)) {
    // Legacy plain array of URLs: a grid of 3 columns with a 10px gap.
    return { ok: true, gallery: { type: "grid", options: { ...GALLERY_DEFAULTS.grid, columns: 3, gap: "10px" }, images: images(raw) } };
  }
  if (!isRecord(raw)) return { ok: false };
  const type: GalleryType = (GALLERY_TYPES as readonly unknown[]).includes(raw.type) ? (raw.type as GalleryType) : "grid";
  const d = GALLERY_DEFAULTS[type];
  const o = isRecord(raw.options) ? raw.options : {};
  const maxColumns = type === "lightbox" ? 4 : 5;
  const gapText = typeof o.gap === "number" ? `${o.gap}px` : typeof o.gap === "string" ? o.gap : undefined;
  const ratio = typeof o.aspectRatio === "string" ? o.aspectRatio.trim() : undefined;
  const options: GalleryOptions = {
    columns: clampInt(num(o.columns), 2, maxColumns, Math.min(d.columns, maxColumns)),
    gap: gapText && GAP.test(gapText.trim()) ? gapText.trim() : d.gap,
    aspectRatio: ratio && RATIO.test(ratio) ? ratio : d.aspectRatio,
    slidesPerView: clampInt(num(o.slidesPerView), 1, 4, d.slidesPerView),
    navigation: bool(o.navigation) ?? d.navigation,
    pagination: bool(o.pagination) ?? d.pagination,
    autoplay: bool(o.autoplay) ?? d.autoplay,
    lightbox: bool(o.lightbox) ?? d.lightbox,
    hoverEffect: bool(o.hoverEffect) ?? d.hoverEffect,
  };
  return { ok: true, gallery: { type, options, images: Array.isArray(raw.images) ? images(raw.images) : [] } };
}

/** Adds an image (seed 001 §4): legacy arrays become a 3-column grid; unparsable content a new grid. */
export function addGalleryImage(content: string, url: string): string {
  const parsed = parseGallery(content);
  if (!parsed.ok) {
    return JSON.stringify({ type: "grid", options: { columns: 3, gap: "10px" }, images: [url] });
  }
  const { type, options, images: list } = parsed.gallery;
  return JSON.stringify({ type, options, images: [...list.map((i) => (i.alt ? i : i.url)), url] });
}
