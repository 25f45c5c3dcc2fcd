import { z } from "zod";

/**
 * The image editor's numbers (seed 001 §9), shared by the browser editor and the server's edit so that
 * both agree on ranges, defaults and the geometry: rotation first, then the crop, in the rotated
 * image's own pixels.
 */
export const EDIT_RANGES = {
  zoom: { min: 50, max: 200 },
  rotation: { min: -180, max: 180 },
  brightness: { min: 50, max: 150 },
  contrast: { min: 50, max: 150 },
  saturation: { min: 0, max: 200 },
  quality: { min: 10, max: 100 },
} as const;

export const EXPORT_FORMATS = ["jpg", "png", "webp"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EDIT_DEFAULTS = { zoom: 100, rotation: 0, brightness: 100, contrast: 100, saturation: 100, quality: 90 } as const;

/** Format from the item's file type, else jpg (seed §9). */
export function defaultFormat(fileType: string): ExportFormat {
  if (/png/i.test(fileType)) return "png";
  if (/webp/i.test(fileType)) return "webp";
  return "jpg";
}

export const FORMAT_MIME: Record<ExportFormat, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** Estimated export size: width × height × 4 × quality/100 bytes (seed §9). */
export function estimatedBytes(width: number, height: number, quality: number): number {
  return width * height * 4 * (quality / 100);
}

/** Shown in KB (seed §9), rounded to one decimal like the file facts. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
}

/** Rotation normalised to 0, 90, 180 or 270. */
export function quarterTurns(rotation: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/** Dimensions after a rotation by a multiple of 90°. */
export function rotatedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  const t = quarterTurns(rotation);
  return t === 90 || t === 270 ? { width: height, height: width } : { width, height };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A crop drawn on the image as displayed (CSS pixels) to the image's own pixels, clamped inside it,
 * at least 1 px.
 */
export function displayedToSource(crop: Rect, displayed: { width: number; height: number }, natural: { width: number; height: number }): Rect {
  const sx = natural.width / displayed.width;
  const sy = natural.height / displayed.height;
  const x = Math.min(Math.max(0, Math.round(crop.x * sx)), natural.width - 1);
  const y = Math.min(Math.max(0, Math.round(crop.y * sy)), natural.height - 1);
  const width = Math.max(1, Math.min(Math.round(crop.width * sx), natural.width - x));
  const height = Math.max(1, Math.min(Math.round(crop.height * sy), natural.height - y));
  return { x, y, width, height };
}

/** Final dimensions: the crop's when there is one, else the rotated image's. */
export function finalSize(width: number, height: number, rotation: number, crop: Rect | null): { width: number; height: number } {
  if (crop) return { width: crop.width, height: crop.height };
  return rotatedSize(width, height, rotation);
}

/** File name of the download: the title (else 'image') plus the extension. */
export function downloadName(title: string, format: ExportFormat): string {
  const base = title
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[\\/:*?"<>|]+/g, "-")
    .trim()
    .slice(0, 120);
  return `${base || "image"}.${format}`;
}

const int = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} : un nombre est attendu.` })
    .int({ error: `${label} : un nombre entier est attendu.` })
    .min(min, { error: `${label} : ${min} au minimum.` })
    .max(max, { error: `${label} : ${max} au maximum.` });

/** Body of POST /api/media/:id/edit. The crop is in the rotated image's pixels; its bounds are checked against the file. */
export const mediaEditSchema = z.strictObject({
  crop: z
    .strictObject({
      x: int(0, 100_000, "Recadrage x"),
      y: int(0, 100_000, "Recadrage y"),
      width: int(1, 100_000, "Largeur du recadrage"),
      height: int(1, 100_000, "Hauteur du recadrage"),
    })
    .nullable()
    .default(null),
  rotation: int(EDIT_RANGES.rotation.min, EDIT_RANGES.rotation.max, "Rotation")
    .refine((r) => r % 90 === 0, { error: "Rotation : un multiple de 90° est attendu." })
    .default(0),
  brightness: int(EDIT_RANGES.brightness.min, EDIT_RANGES.brightness.max, "Luminosité").default(100),
  contrast: int(EDIT_RANGES.contrast.min, EDIT_RANGES.contrast.max, "Contraste").default(100),
  saturation: int(EDIT_RANGES.saturation.min, EDIT_RANGES.saturation.max, "Saturation").default(100),
  format: z.enum(EXPORT_FORMATS, { error: "Format : jpg, png ou webp." }),
  quality: int(EDIT_RANGES.quality.min, EDIT_RANGES.quality.max, "Qualité").default(90),
});
export type MediaEdit = z.infer<typeof mediaEditSchema>;
