import { z } from "zod";

/**
 * Shared by the Médiathèque screens and the media API: the item as the browser sees it (seed 001 §3),
 * the list query, and the editable fields.
 */
export type { MediaItem, MediaListAnswer, MediaSource, MediaType, MediaUsage, MediaUsagePlace } from "~/lib/api/media";

export const DEFAULT_CATEGORY = "Non classé";
const PAGE_SIZE = 40;

/** Control characters (except none: these are one-line fields) are refused, not silently dropped. */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const line = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} : ${max} caractères au plus`)
    .refine((s) => !CONTROL.test(s), `${label} : caractères de contrôle interdits`)
    .transform((s) => s.trim());

export const mediaFieldsSchema = z.object({
  title: line("Titre", 200),
  alt: line("Texte alternatif", 500),
  category: line("Catégorie", 80).transform((s) => s || DEFAULT_CATEGORY),
});

export const mediaUpdateSchema = mediaFieldsSchema.partial().strict();

export const mediaListQuerySchema = z.object({
  q: line("Recherche", 100).default(""),
  category: line("Catégorie", 80).default(""),
  type: z.enum(["image", "video", "pdf", "all", ""]).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

/** The 'Texte alternatif' prefilled from a file name (seed 001 §2): extension removed, _ and - become spaces. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, "")
    .replace(/[_-]+/g, " ")
    .trim();
}

/** Accepted in the browser's picker and drop zone (seed 001 §5); the server checks the bytes again. */
export function acceptedInBrowser(mime: string): boolean {
  return mime.startsWith("image/") || mime.startsWith("video/") || mime === "application/pdf";
}

/** What a library search looks in: one lower-cased text per item, kept with the row. */
export function searchTextOf(m: { title: string; alt: string; category: string }): string {
  return `${m.title} ${m.alt} ${m.category}`.toLowerCase();
}
