import { mkdtempSync, readdirSync, rmSync } from "node:fs";
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

function box(type: string, payload: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, payload]);
}
/** An ISO-BMFF file with an mp42 brand and some media data. */
export function mp4(): Buffer {
  const ftyp = box("ftyp", Buffer.concat([Buffer.from("mp42"), Buffer.alloc(4), Buffer.from("mp42isom")]));
  return Buffer.concat([ftyp, box("free", Buffer.alloc(16)), box("mdat", Buffer.alloc(6000, 7))]);
}
/** An EBML header whose DocType is webm, then filler. */
export function webm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from("webm")]);
  const version = Buffer.from([0x42, 0x87, 0x81, 0x02]);
  const body = Buffer.concat([docType, version]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), Buffer.alloc(6000, 1)]);
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
