import { z } from "zod";

/**
 * The image editor's numbers (seed 001 §9), shared by the browser editor and the server's edit so that
 * both agree on ranges, defaults and the geometry: rotation first, then the crop, in the rotated
 * image's own pixels.
 */
export const EDIT_RANGES = {
  zoom: { min: 50, max: 200 },
  rotation: { min: -180, max: 180 },
  /** Straightening, besides the quarter turns, in tenths of a degree (issue 22 §6). */
  straighten: { min: -45, max: 45 },
  brightness: { min: 50, max: 150 },
  contrast: { min: 50, max: 150 },
  saturation: { min: 0, max: 200 },
  quality: { min: 10, max: 100 },
} as const;

export const EXPORT_FORMATS = ["jpg", "png", "webp"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EDIT_DEFAULTS = { zoom: 100, rotation: 0, straighten: 0, brightness: 100, contrast: 100, saturation: 100, quality: 90 } as const;

/** Format from the item's file type, else jpg (seed §9). */
export function defaultFormat(fileType: string): ExportFormat {
  if (/png/i.test(fileType)) return "png";
  if (/webp/i.test(fileType)) return "webp";
  return "jpg";
}

export const FORMAT_MIME: Record<ExportFormat, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The format's name as a person says it ("JPEG", not "image/jpeg"). */
export function formatName(mime: string): string {
  const sub = (mime.split("/")[1] ?? mime).toLowerCase();
  const names: Record<string, string> = {
    jpeg: "JPEG",
    jpg: "JPEG",
    png: "PNG",
    webp: "WebP",
    gif: "GIF",
    mp4: "MP4",
    webm: "WebM",
    pdf: "PDF",
    quicktime: "MOV",
  };
  return names[sub] ?? sub.toUpperCase();
}

const decimal = (n: number, digits: number) => n.toLocaleString("fr-FR", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A size in French units: "850 o", "350,4 Ko", "1,2 Mo" (1 Ko = 1 024 octets, as the file facts count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)}\u00a0o`;
  if (bytes < 1024 * 1024) return `${decimal(bytes / 1024, 1)}\u00a0Ko`;
  if (bytes < 1024 ** 3) return `${decimal(bytes / 1024 ** 2, 1)}\u00a0Mo`;
  return `${decimal(bytes / 1024 ** 3, 1)}\u00a0Go`;
}

/**
 * Bytes per pixel relative to a JPEG at quality 90 (the quality an upload is stored at), measured with
 * sharp on the seeded photos (decision record 039). JPEG follows its quality closely; WebP and PNG
 * depend more on the picture, which is why the editor replaces this first guess by a real encode.
 */
const JPEG_CURVE: [number, number][] = [
  [10, 0.3],
  [30, 0.49],
  [50, 0.61],
  [70, 0.73],
  [80, 0.83],
  [90, 1],
  [100, 1.98],
];
const WEBP_CURVE: [number, number][] = [
  [10, 0.16],
  [30, 0.2],
  [50, 0.24],
  [70, 0.28],
  [80, 0.34],
  [90, 0.5],
  [100, 0.94],
];
const PNG_TO_JPEG90 = 5.4;

function along(curve: [number, number][], q: number): number {
  const i = curve.findIndex(([at]) => at >= q);
  if (i <= 0) return curve[Math.max(0, i)][1];
  const [q0, v0] = curve[i - 1];
  const [q1, v1] = curve[i];
  return v0 + ((v1 - v0) * (q - q0)) / (q1 - q0);
}

/** Size of `format` at `quality` relative to a JPEG at quality 90 of the same picture. */
function relativeToJpeg90(format: ExportFormat, quality: number): number {
  if (format === "png") return PNG_TO_JPEG90;
  return along(format === "jpg" ? JPEG_CURVE : WEBP_CURVE, quality);
}

/**
 * The saved file's estimated size, from the source's own bytes per pixel (its content) and the output's
 * pixels, format and quality. `source.mime` is the stored file's type; a JPEG source is taken at quality 90.
 */
export function estimatedBytes(
  source: { bytes: number; width: number; height: number; mime: string },
  output: { width: number; height: number; format: ExportFormat; quality: number },
): number {
  const pixels = source.width * source.height;
  if (!pixels || !source.bytes) return 0;
  const sourceFormat = defaultFormat(source.mime);
  const jpeg90PerPixel = source.bytes / pixels / relativeToJpeg90(sourceFormat, 90);
  return Math.round(jpeg90PerPixel * output.width * output.height * relativeToJpeg90(output.format, output.quality));
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

/**
 * The largest upright rectangle inside a `width` × `height` image turned by `degrees` (the "straighten"
 * crop, centred on the turn's centre), less a pixel at each edge whose colour the turn blends with the
 * background. 0° keeps the image whole.
 */
export function straightenedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  if (!degrees || !width || !height) return { width, height };
  const a = (Math.abs(degrees) * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  let w: number;
  let h: number;
  if (short <= 2 * sin * cos * long || Math.abs(sin - cos) < 1e-10) {
    // Two corners of the inner rectangle touch the long sides.
    const x = short / 2;
    [w, h] = width >= height ? [x / sin, x / cos] : [x / cos, x / sin];
  } else {
    const cos2 = cos * cos - sin * sin;
    w = (width * cos - height * sin) / cos2;
    h = (height * cos - width * sin) / cos2;
  }
  return { width: Math.max(1, Math.floor(w) - 2), height: Math.max(1, Math.floor(h) - 2) };
}

/** Size after the quarter turns and the straightening: the image a crop is drawn on. */
export function uprightSize(width: number, height: number, rotation: number, straighten: number): { width: number; height: number } {
  const turned = rotatedSize(width, height, rotation);
  return straightenedSize(turned.width, turned.height, straighten);
}

export const ASPECT_PRESETS = [
  { label: "Libre", ratio: null },
  { label: "1:1", ratio: 1 },
  { label: "4:3", ratio: 4 / 3 },
  { label: "3:2", ratio: 3 / 2 },
  { label: "16:9", ratio: 16 / 9 },
  { label: "9:16", ratio: 9 / 16 },
] as const;

/** The largest crop of `ratio` (width / height) centred in an image of `size`. */
export function centredCrop(size: { width: number; height: number }, ratio: number): Rect {
  let width = size.width;
  let height = Math.round(width / ratio);
  if (height > size.height) {
    height = size.height;
    width = Math.min(size.width, Math.round(height * ratio));
  }
  return exactCrop(size, width, height) as Rect;
}

/** A crop of exactly `width` × `height` px centred in the image, or null when it does not fit. */
export function exactCrop(size: { width: number; height: number }, width: number, height: number): Rect | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > size.width || height > size.height) return null;
  return { x: Math.floor((size.width - width) / 2), y: Math.floor((size.height - height) / 2), width, height };
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

/** Final dimensions: the crop's when there is one, else the turned and straightened image's. */
export function finalSize(width: number, height: number, rotation: number, straighten: number, crop: Rect | null): { width: number; height: number } {
  if (crop) return { width: crop.width, height: crop.height };
  return uprightSize(width, height, rotation, straighten);
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
    .number({ error: `${label} : un nombre est attendu.` })
    .int({ error: `${label} : un nombre entier est attendu.` })
    .min(min, { error: `${label} : ${min} au minimum.` })
    .max(max, { error: `${label} : ${max} au maximum.` });

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
    .refine((r) => r % 90 === 0, { error: "Rotation : un multiple de 90° est attendu." })
    .default(0),
  straighten: z
    .number({ error: "Redressement : un nombre est attendu." })
    .min(EDIT_RANGES.straighten.min, { error: "Redressement : −45° au minimum." })
    .max(EDIT_RANGES.straighten.max, { error: "Redressement : 45° au maximum." })
    .refine((a) => Math.abs(a * 10 - Math.round(a * 10)) < 1e-6, { error: "Redressement : un angle au dixième de degré est attendu." })
    .default(0),
  brightness: int(EDIT_RANGES.brightness.min, EDIT_RANGES.brightness.max, "Luminosité").default(100),
  contrast: int(EDIT_RANGES.contrast.min, EDIT_RANGES.contrast.max, "Contraste").default(100),
  saturation: int(EDIT_RANGES.saturation.min, EDIT_RANGES.saturation.max, "Saturation").default(100),
  format: z.enum(EXPORT_FORMATS, { error: "Format : jpg, png ou webp." }),
  quality: int(EDIT_RANGES.quality.min, EDIT_RANGES.quality.max, "Qualité").default(90),
});
export type MediaEdit = z.infer<typeof mediaEditSchema>;
