import sharp from "sharp";
import { FORMAT_MIME, uprightSize, type MediaEdit } from "./edit-math";
import { ImageRefused, processImage, type ProcessedImage } from "./images.server";
import type { Accepted } from "./sniff.server";

/**
 * The image work that decodes pixels, as plain data in and out, so that it runs the same in the image
 * process (server/image-worker.ts, through image-pool.server.ts) and in place (development server, unit
 * tests). Output files are named by the caller beforehand: a function cannot cross to another process.
 */
export interface OutputFiles {
  /** Path of each possible output, keyed `${suffix}.${ext}` (see outputFiles). */
  [key: string]: string;
}

export type ImageJob =
  | { kind: "process"; input: string; type: Accepted; maxPixels: number; files: OutputFiles; quality?: number }
  | {
      kind: "edit";
      source: string;
      /** Lossless intermediate (PNG) the edit is written to before the variants are made from it. */
      edited: string;
      edit: Pick<MediaEdit, "rotation" | "straighten" | "crop" | "brightness" | "saturation" | "contrast" | "quality" | "format">;
      maxPixels: number;
      files: OutputFiles;
    };

/** Every file processImage may write for an original of extension `ext`: the original, each variant step, the thumbnail. */
export function outputFiles(out: (suffix: string, ext: string) => string, ext: string): OutputFiles {
  const files: OutputFiles = { [`.${ext}`]: out("", ext) };
  for (const suffix of ["480", "960", "1600", "thumb"]) files[`${suffix}.webp`] = out(suffix, "webp");
  return files;
}

function namer(files: OutputFiles) {
  return (suffix: string, ext: string) => {
    const file = files[`${suffix}.${ext}`];
    if (!file) throw new Error(`fichier de sortie non prévu : ${suffix}.${ext}`);
    return file;
  };
}

export async function runImageJob(job: ImageJob): Promise<ProcessedImage> {
  if (job.kind === "process") return processImage(job.input, job.type, job.maxPixels, namer(job.files), job.quality);
  const { edit, maxPixels } = job;
  // The quarter turns and the straightening in one turn; then the largest upright rectangle inside it,
  // centred, and the crop in that rectangle's pixels (as the editor shows it): one extract.
  const source = sharp(job.source, { limitInputPixels: maxPixels });
  const { width = 0, height = 0, hasAlpha } = await source.metadata();
  const straight = edit.straighten ?? 0;
  const turnedBy = edit.rotation + straight;
  let p = turnedBy % 360 === 0 ? source : source.rotate(turnedBy, { background: { r: 255, g: 255, b: 255, alpha: 1 } });
  const upright = uprightSize(width, height, edit.rotation, straight);
  const c = edit.crop ?? (straight ? { x: 0, y: 0, ...upright } : null);
  if (c) {
    const turned = await p.raw().toBuffer({ resolveWithObject: true });
    const left = Math.floor((turned.info.width - upright.width) / 2) + c.x;
    const top = Math.floor((turned.info.height - upright.height) / 2) + c.y;
    const raw = { width: turned.info.width, height: turned.info.height, channels: turned.info.channels };
    p = sharp(turned.data, { raw, limitInputPixels: false }).extract({ left, top, width: c.width, height: c.height });
    // The turn's background brought an alpha channel the picture did not have.
    if (!hasAlpha) p = p.removeAlpha();
  }
  if (edit.brightness !== 100 || edit.saturation !== 100) p = p.modulate({ brightness: edit.brightness / 100, saturation: edit.saturation / 100 });
  // CSS contrast(c): (v − 0.5)·c + 0.5 on 0–1, i.e. v·c + 128·(1 − c) on 0–255.
  if (edit.contrast !== 100) p = p.linear(edit.contrast / 100, 128 * (1 - edit.contrast / 100));
  // Lossless intermediate: the requested quality is applied once, by the upload pipeline below.
  await p.png().toFile(job.edited);
  const ext = edit.format;
  const kind: Accepted = { type: "image", mime: FORMAT_MIME[ext], ext, label: ext.toUpperCase() };
  return processImage(job.edited, kind, maxPixels, namer(job.files), edit.quality);
}

/** What crosses back from the image process when a job fails: a refusal keeps its code. */
export type JobFailure = { refused: ImageRefused["code"]; message: string } | { refused?: undefined; message: string };

export function toFailure(e: unknown): JobFailure {
  if (e instanceof ImageRefused) return { refused: e.code, message: e.message };
  return { message: e instanceof Error ? e.message : String(e) };
}

export function fromFailure(f: JobFailure): Error {
  return f.refused ? new ImageRefused(f.refused, f.message) : new Error(f.message);
}
