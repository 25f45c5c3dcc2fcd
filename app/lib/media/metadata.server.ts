import { execFile } from "node:child_process";
import { open, readFile, rm, writeFile } from "node:fs/promises";
import { PDFDocument, PDFName } from "pdf-lib";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import type { Accepted } from "./sniff.server";

/**
 * Videos and PDFs lose their metadata at upload, as images do when sharp re-encodes them (decision
 * record 032): a phone's video carries its GPS position and owner, a PDF its author, software and XMP.
 * - Videos are remuxed by ffmpeg without re-encoding: video and audio streams only (no data streams such
 *   as GPS tracks, no subtitles, attachments or chapters), no container or stream tags.
 * - PDFs are rebuilt with pdf-lib from their pages only: no Info dictionary, no XMP, and nothing else
 *   hung on the catalogue (document scripts, outlines, forms); the pages look the same.
 * Without ffmpeg on the server a video is kept as sent, unless it carries a position: then it is refused.
 */
const unreadable = (what: "Vidéo" | "PDF") =>
  new ApiError(422, "invalid_media", `${what} illisible ou incomplet${what === "Vidéo" ? "e" : ""}\u00a0: ses métadonnées ne peuvent pas être retirées.`);

/** Rewrites `input` into `output` without metadata; `output` is the file to store. */
export async function stripMetadata(kind: Accepted, input: string, output: string): Promise<void> {
  if (kind.type === "pdf") return stripPdf(input, output);
  if (kind.type === "video") return stripVideo(kind, input, output);
}

async function stripPdf(input: string, output: string) {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(await readFile(input), { updateMetadata: false });
  } catch (e) {
    if (e instanceof Error && /encrypt/i.test(e.message)) {
      throw new ApiError(422, "encrypted_pdf", "PDF refusé\u00a0: il est protégé par un mot de passe et ses métadonnées ne peuvent pas être retirées.");
    }
    throw unreadable("PDF");
  }
  try {
    const clean = await PDFDocument.create({ updateMetadata: false });
    for (const page of await clean.copyPages(source, source.getPageIndices())) {
      // A page may carry its own XMP and editing application's private data.
      page.node.delete(PDFName.of("Metadata"));
      page.node.delete(PDFName.of("PieceInfo"));
      clean.addPage(page);
    }
    await writeFile(output, await clean.save({ useObjectStreams: false }));
  } catch {
    throw unreadable("PDF");
  }
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10 * 60_000, maxBuffer: 1024 * 1024 }, (err, _out, stderr) => {
      if (err) reject(Object.assign(err, { stderr }));
      else resolve();
    });
  });
}

async function stripVideo(kind: Accepted, input: string, output: string) {
  const ffmpeg = runtime().env.FFMPEG_PATH;
  const args = [
    ...["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", input],
    ...["-map", "0:v?", "-map", "0:a?", "-dn", "-sn"],
    ...["-map_metadata", "-1", "-map_metadata:s", "-1", "-map_chapters", "-1", "-c", "copy"],
    // No "encoder: Lavf…" tag either.
    ...["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
    ...["-f", kind.ext === "webm" ? "webm" : "mp4", output],
  ];
  try {
    await run(ffmpeg, args);
  } catch (e) {
    await rm(output, { force: true });
    if ((e as { code?: unknown }).code === "ENOENT") {
      // No ffmpeg here: the file is kept as sent, unless it gives away where it was filmed.
      log.warn(`ffmpeg introuvable (${ffmpeg})\u00a0: vidéo gardée avec ses métadonnées`);
      if (await carriesLocation(kind, input)) {
        throw new ApiError(
          422,
          "video_location",
          "Vidéo refusée\u00a0: elle contient une position GPS et l'outil qui la retire (ffmpeg) n'est pas installé sur le serveur. Retirez la position avant l'envoi ou demandez à l'administrateur d'installer ffmpeg.",
        );
      }
      return writeFile(output, await readFile(input));
    }
    log.warn("ffmpeg n'a pas pu réécrire une vidéo", (e as { stderr?: string }).stderr ?? e);
    throw unreadable("Vidéo");
  }
}

/**
 * Where MP4/MOV files keep a position: ISO 6709 text in ©xyz, the 3GPP loci box, Apple's location keys,
 * all in the moov box (the media data is skipped: random bytes would match four letters by chance);
 * Matroska/WebM keeps it in a LOCATION tag.
 */
const MP4_MARKERS = ["\u00a9xyz", "loci", "location.ISO6709"].map((m) => Buffer.from(m, "latin1"));
const WEBM_MARKER = Buffer.from("LOCATION", "latin1");
async function carriesLocation(kind: Accepted, file: string): Promise<boolean> {
  const fh = await open(file, "r");
  try {
    const { size } = await fh.stat();
    if (kind.ext === "webm") {
      // Streamed, with the end of each chunk kept for a marker cut in two.
      let tail = Buffer.alloc(0);
      for await (const chunk of fh.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
        const window = Buffer.concat([tail, chunk]);
        if (window.includes(WEBM_MARKER)) return true;
        tail = window.subarray(Math.max(0, window.length - WEBM_MARKER.length));
      }
      return false;
    }
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= size;) {
      await fh.read(head, 0, 16, at);
      let boxSize = head.readUInt32BE(0);
      const type = head.toString("latin1", 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        boxSize = Number(head.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) boxSize = size - at;
      if (boxSize < headerSize) return false;
      if (type !== "mdat" && type !== "free" && type !== "skip") {
        const body = Buffer.alloc(Math.min(boxSize, size - at));
        await fh.read(body, 0, body.length, at);
        if (MP4_MARKERS.some((m) => body.includes(m))) return true;
      }
      at += boxSize;
    }
    return false;
  } finally {
    await fh.close();
  }
}
