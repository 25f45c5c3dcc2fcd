import { ApiError } from "~/lib/http/api.server";
import { ImageRefused, srcsetOf, type ProcessedImage } from "./images.server";
import { keyOf, urlOf } from "./names";
import type { MediaStorage } from "./storage.server";

/**
 * One version of an image put in storage: the re-encoded original, its WebP variants and its thumbnail,
 * under one new base name. Shared by uploads and the image editor's new versions. Every key stored is
 * pushed on `put` as soon as it is stored, so a caller that fails later can take them all back.
 */
export interface StoredImageFiles {
  url: string;
  thumbnail: string;
  webp_url: string | null;
  webp_srcset: string;
}

export async function putImageFiles(
  storage: MediaStorage,
  base: string,
  img: ProcessedImage,
  original: { ext: string; mime: string },
  put: string[],
): Promise<StoredImageFiles> {
  const putFile = async (file: string, key: string, mime: string) => {
    await storage.putFile(key, file, mime);
    put.push(key);
  };
  const originalKey = keyOf(base, original.ext);
  await putFile(img.original.file, originalKey, original.mime);
  const variants: { url: string; width: number }[] = [];
  for (const v of img.variants) {
    const key = keyOf(base, "webp", v.suffix);
    await putFile(v.file, key, "image/webp");
    variants.push({ url: urlOf(key), width: v.width });
  }
  const thumbKey = keyOf(base, "webp", "thumb");
  await putFile(img.thumb.file, thumbKey, "image/webp");
  return { url: urlOf(originalKey), thumbnail: urlOf(thumbKey), webp_url: variants[variants.length - 1]?.url ?? null, webp_srcset: srcsetOf(variants) };
}

/** An image sharp refuses is the client's 413 (too many pixels) or 422 (unreadable); anything else goes on. */
export function refusedImageAsAnswer(e: unknown): never {
  if (e instanceof ImageRefused) throw new ApiError(e.code === "too_many_pixels" ? 413 : 422, e.code, e.message);
  throw e;
}
