import exifReader from "exif-reader";
import sharp, { type Metadata } from "sharp";
import { CONTROL } from "./media-schemas";

/**
 * Who took a photo and when (issue 22 §6), read from the file as sent — the stored copy is re-encoded
 * without any metadata (decision record 032), so this is the only moment it can be read. EXIF first
 * (Artist, DateTimeOriginal), then XMP (dc:creator, photoshop:DateCreated, xmp:CreateDate), then IPTC
 * (By-line, Date/Time Created). Only the header is read: no pixel is decoded. Whatever is unreadable is
 * simply unknown: a photo is never refused for its metadata.
 */
export interface PhotoCredits {
  author: string | null;
  /** The camera's wall clock, "2023-06-14T15:32:10", no zone. */
  takenAt: string | null;
}

const NONE: PhotoCredits = { author: null, takenAt: null };
const MAX_AUTHOR = 200;

function cleanText(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = [...v]
    .filter((c) => !CONTROL.test(c))
    .join("")
    .trim()
    .slice(0, MAX_AUTHOR);
  return s || null;
}

/** "YYYY-MM-DDTHH:MM:SS" from the parts, when they make a real date between 1900 and 2100. */
function wallClock(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): string | null {
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (y < 1900 || y > 2100 || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return t.toISOString().slice(0, 19);
}

/** An ISO-like or EXIF-like date ("2023-06-14T15:32:10+02:00", "2023:06:14 15:32:10", "2023-06-14"). */
function parseDate(text: string | null): string | null {
  const m = text ? /^(\d{4})[-:](\d{2})[-:](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim()) : null;
  return m ? wallClock(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : null;
}

function fromExif(buf: Buffer | undefined): PhotoCredits {
  if (!buf) return NONE;
  try {
    const e = exifReader(buf);
    const when = e.Photo?.DateTimeOriginal ?? e.Photo?.DateTimeDigitized;
    return {
      author: cleanText(e.Image?.Artist),
      // exif-reader reads the camera's wall clock as if it were UTC: its ISO form is that wall clock.
      takenAt: when instanceof Date && !Number.isNaN(when.getTime()) ? parseDate(when.toISOString()) : null,
    };
  } catch {
    return NONE;
  }
}

const decodeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (all, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" } as Record<string, string>)[name.toLowerCase()] ?? all;
  });

/** A property's text in an XMP packet: as an element (first rdf:li when a list) or as an attribute. */
function xmpValue(xmp: string, name: string): string | null {
  const el = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xmp);
  if (el) {
    const li = /<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li>/.exec(el[1]);
    return cleanText(decodeXml((li ? li[1] : el[1]).replace(/<[^>]*>/g, "")));
  }
  const attr = new RegExp(`\\s${name}="([^"]*)"`).exec(xmp);
  return attr ? cleanText(decodeXml(attr[1])) : null;
}

function fromXmp(buf: Buffer | undefined): PhotoCredits {
  if (!buf) return NONE;
  const xmp = buf.toString("utf8");
  const date = xmpValue(xmp, "photoshop:DateCreated") ?? xmpValue(xmp, "exif:DateTimeOriginal") ?? xmpValue(xmp, "xmp:CreateDate");
  return { author: xmpValue(xmp, "dc:creator"), takenAt: parseDate(date) };
}

/** IPTC-IIM datasets of record 2 (0x1C, 2, dataset, 16-bit length, bytes), wherever they sit in the block. */
function iimDataset(buf: Buffer, dataset: number): string | null {
  for (let i = 0; i + 5 <= buf.length; i++) {
    if (buf[i] !== 0x1c || buf[i + 1] !== 2 || buf[i + 2] !== dataset) continue;
    const len = buf.readUInt16BE(i + 3);
    if (len & 0x8000 || i + 5 + len > buf.length) return null;
    return cleanText(buf.toString("utf8", i + 5, i + 5 + len));
  }
  return null;
}

function fromIptc(buf: Buffer | undefined): PhotoCredits {
  if (!buf) return NONE;
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(iimDataset(buf, 55) ?? "");
  const t = /^(\d{2})(\d{2})(\d{2})/.exec(iimDataset(buf, 60) ?? "");
  return {
    author: iimDataset(buf, 80),
    takenAt: d ? wallClock(+d[1], +d[2], +d[3], +(t?.[1] ?? 0), +(t?.[2] ?? 0), +(t?.[3] ?? 0)) : null,
  };
}

export async function photoCredits(file: string): Promise<PhotoCredits> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return NONE;
  }
  const found = [fromExif(meta.exif), fromXmp(meta.xmp), fromIptc(meta.iptc)];
  return {
    author: found.find((f) => f.author)?.author ?? null,
    takenAt: found.find((f) => f.takenAt)?.takenAt ?? null,
  };
}
