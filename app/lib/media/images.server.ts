import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Accepted } from "./sniff.server";

/**
 * Image processing with sharp: the stored original is re-encoded from the pixels, so EXIF (GPS
 * included), XMP and anything appended to the file are gone, and the orientation is applied. Then
 * the responsive WebP variants and a thumbnail. Pixel counts are checked before decoding.
 */
const VARIANT_WIDTHS = [480, 960, 1600] as const;
const THUMB_WIDTH = 400;

sharp.cache(false);

export class ImageRefused extends Error {
  constructor(
    public code: "too_many_pixels" | "invalid_image",
    message: string,
  ) {
    super(message);
  }
}

interface VariantPlan {
  width: number;
  /** Name suffix: the width, or none for the last (the original's width, at most 1600). */
  suffix: string;
}

/** Widths of the WebP variants for an image `width` wide: the standard steps below it, then its own width capped at 1600. */
export function variantPlan(width: number): VariantPlan[] {
  const top = Math.min(width, 1600);
  const steps = VARIANT_WIDTHS.filter((w) => w < top).map((w) => ({ width: w, suffix: String(w) }));
  return [...steps, { width: top, suffix: top === 1600 ? "1600" : String(VARIANT_WIDTHS.find((w) => w >= top) ?? 1600) }];
}

export function srcsetOf(entries: { url: string; width: number }[]): string {
  return entries.map((e) => `${e.url} ${e.width}w`).join(", ");
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** The re-encoded original. */
  original: { file: string; size: number };
  variants: { file: string; width: number; suffix: string }[];
  thumb: { file: string };
}

export async function processImage(
  input: string,
  kind: Accepted,
  maxPixels: number,
  out: (suffix: string, ext: string) => string,
  quality = 90,
): Promise<ProcessedImage> {
  const animated = kind.mime === "image/gif" || kind.mime === "image/webp";
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels: the count is checked here, before any decoding.
    meta = await sharp(input, { limitInputPixels: false, animated }).metadata();
  } catch {
    throw new ImageRefused("invalid_image", "Image illisible ou incomplète.");
  }
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  const frames = meta.pages ?? 1;
  if (!w || !h) throw new ImageRefused("invalid_image", "Image illisible ou incomplète.");
  if (w * h * frames > maxPixels) {
    throw new ImageRefused("too_many_pixels", `Image trop grande : ${Math.round(maxPixels / 1_000_000)} mégapixels au plus.`);
  }
  // Truncated or corrupt data is an error, not a grey half-image stored as if it were fine.
  const open = () => sharp(input, { limitInputPixels: maxPixels, animated, failOn: "truncated" }).rotate();
  try {
    const originalFile = out("", kind.ext);
    const base = open();
    const encoded = kind.ext === "jpg" ? base.jpeg({ quality }) : kind.ext === "png" ? base.png() : kind.ext === "gif" ? base.gif() : base.webp({ quality });
    const info = await encoded.toFile(originalFile);
    const width = info.width;
    const height = (info as OutputInfo & { pageHeight?: number }).pageHeight ?? info.height;
    // Largest variant from the original, then the smaller ones from it: one full-size decode, not four.
    const variants: ProcessedImage["variants"] = [];
    const plan = variantPlan(width).reverse();
    let source = originalFile;
    for (const v of plan) {
      const file = out(v.suffix, "webp");
      await sharp(source, { limitInputPixels: maxPixels }).resize({ width: v.width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(file);
      variants.unshift({ file, width: v.width, suffix: v.suffix });
      if (source === originalFile) source = file;
    }
    const thumbFile = out("thumb", "webp");
    await sharp(source, { limitInputPixels: maxPixels }).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toFile(thumbFile);
    return { width, height, original: { file: originalFile, size: info.size }, variants, thumb: { file: thumbFile } };
  } catch (e) {
    if (e instanceof ImageRefused) throw e;
    const message = e instanceof Error ? e.message : "";
    // A full disk is the server's trouble, not the image's: the caller answers 507.
    if (/no space left on device|ENOSPC|disk quota exceeded/i.test(message)) throw e;
    if (/pixel limit/i.test(message)) throw new ImageRefused("too_many_pixels", `Image trop grande : ${Math.round(maxPixels / 1_000_000)} mégapixels au plus.`);
    throw new ImageRefused("invalid_image", "Image illisible ou incomplète.");
  }
}
