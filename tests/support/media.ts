import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import type { TestServer } from "./server";

/**
 * Media test helpers: real files of each accepted type (made with sharp, or the smallest valid
 * containers for video and PDF), hostile files, multipart bodies written by hand (so a test can cut
 * one short or lie in it), and a local S3-protocol server (s3rver) for the object-storage driver.
 */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "PhoneCorp", Model: "Staff phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2364/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 716/100" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 250, g: 200, b: 0 } } })
    .gif()
    .toBuffer();
export const webp = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 10, g: 200, b: 100 } } })
    .webp()
    .toBuffer();
/** Random pixels do not compress: a PNG this size weighs about w*h*3 bytes. */
export function noisyPng(w: number, h: number) {
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
/** A solid image with many pixels in few bytes: what a decompression bomb is. */
export const bomb = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

/**
 * A real one-second video made by Debian's ffmpeg (the server remuxes uploads with it, so a fake container
 * would be refused), with optional container tags such as `location` (ISO 6709) or `artist`.
 */
function ffmpegVideo(ext: "mp4" | "webm", tags: Record<string, string>): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-video-"));
  const out = path.join(dir, `clip.${ext}`);
  try {
    execFileSync(
      "ffmpeg",
      [
        ...["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=32x32:d=1:r=5"],
        ...["-c:v", ext === "mp4" ? "mpeg4" : "libvpx", "-b:v", "20k"],
        ...Object.entries(tags).flatMap(([k, v]) => ["-metadata", `${k}=${v}`]),
        out,
      ],
      { stdio: "pipe" },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const videos = new Map<string, Buffer>();
/** An MP4 video (cached per tag set: ffmpeg takes a moment). */
export function mp4(tags: Record<string, string> = {}): Buffer {
  const key = `mp4 ${JSON.stringify(tags)}`;
  if (!videos.has(key)) videos.set(key, ffmpegVideo("mp4", tags));
  return videos.get(key)!;
}
export function webm(tags: Record<string, string> = {}): Buffer {
  const key = `webm ${JSON.stringify(tags)}`;
  if (!videos.has(key)) videos.set(key, ffmpegVideo("webm", tags));
  return videos.get(key)!;
}
/** The tags ffprobe reads in a video file: the container's and each stream's. */
export function probeTags(data: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-probe-"));
  const file = path.join(dir, "clip");
  try {
    writeFileSync(file, data);
    const out = execFileSync("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", file], { encoding: "utf8" });
    const parsed = JSON.parse(out) as { format?: { tags?: Record<string, string> }; streams?: { codec_type?: string; tags?: Record<string, string> }[] };
    const tags: Record<string, string> = { ...(parsed.format?.tags ?? {}) };
    for (const s of parsed.streams ?? []) Object.assign(tags, s.tags ?? {});
    tags["(streams)"] = (parsed.streams ?? []).map((s) => s.codec_type).join(",");
    return tags;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
export function pdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n" +
      " ".repeat(5000),
  );
}

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  data?: Buffer;
}
export const BOUNDARY = "----archimedTestBoundary7MA4YWxk";
export function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.data ?? Buffer.from(p.value ?? "", "utf8"), Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export interface LocalS3 {
  env: Record<string, string>;
  /** Object keys in the bucket. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function startS3(bucket = "archimed-media"): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    keys: async () => {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key ?? "").sort();
    },
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Files in the server's local media folder and its upload scratch folder. */
export function localFiles(server: TestServer): { stored: string[]; scratch: string[] } {
  const list = (d: string) => {
    try {
      return readdirSync(path.join(server.dataDir, d)).sort();
    } catch {
      return [];
    }
  };
  return { stored: list("media"), scratch: list("tmp-uploads") };
}
