import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import busboy from "busboy";
import { ApiError } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { outputFiles } from "./image-jobs.server";
import { imageJob } from "./image-pool.server";
import { stripMetadata } from "./metadata.server";
import { photoCredits } from "./photo-credits.server";
import { putImageFiles, refusedImageAsAnswer } from "./image-files.server";
import { CONTROL, DEFAULT_CATEGORY, mediaFieldsSchema, searchTextOf, type MediaItem } from "./media-schemas";
import { toItem } from "./library.server";
import { keyOf, newStorageBase, urlOf } from "./names";
import { looksLikeMarkup, sniff, SNIFF_BYTES, type Accepted } from "./sniff.server";
import { mediaStorage, uploadTempDir } from "./storage.server";

/**
 * POST /api/media: one file per request (multipart/form-data, fields title, alt, category and a file),
 * so the browser shows each file's real upload progress. The body is streamed to a temporary file
 * while the first bytes are sniffed and the size is counted against the sniffed type's limit; nothing
 * is stored (no row, no file) unless every check passes.
 */
const MB = 1024 * 1024;

const TYPE_WORD = { image: "une image", video: "une vidéo", pdf: "un PDF" } as const;

const uploadErrors = {
  notMultipart: () => new ApiError(415, "unsupported_media_type", "Le fichier doit être envoyé en multipart/form-data."),
  noFile: () => new ApiError(400, "no_file", "Aucun fichier reçu."),
  tooMany: () => new ApiError(400, "too_many_files", "Un seul fichier par envoi."),
  refusedType: () =>
    new ApiError(
      415,
      "unsupported_file_type",
      "Type de fichier refusé : seuls les images (JPG, PNG, GIF, WebP), les vidéos (MP4, WebM) et les documents PDF sont acceptés.",
    ),
  markup: () => new ApiError(415, "unsupported_file_type", "Fichier refusé : il contient du code HTML ou un script."),
  /** `closing`: refused on its declared length, before reading; the connection closes once the answer is sent. */
  tooLarge: (kind: Accepted | null, maxMb: number, closing = false) =>
    new ApiError(
      413,
      "file_too_large",
      `Fichier trop volumineux : ${formatMb(maxMb)} Mo au plus pour ${kind ? TYPE_WORD[kind.type] : "un fichier"}.`,
      closing ? { Connection: "close" } : {},
    ),
  incomplete: () => new ApiError(400, "upload_incomplete", "Envoi incomplet : le fichier n'est pas arrivé en entier."),
  /** busboy refuses a part header with a control character (a file name typed that way) before we see it. */
  malformedHeader: () =>
    new ApiError(
      400,
      "malformed_part_header",
      "Envoi refusé\u00a0: l'en-tête du fichier est invalide (un caractère de contrôle dans le nom du fichier, par exemple).",
      { Connection: "close" },
    ),
  controlInName: () => new ApiError(400, "invalid_file_name", "Nom de fichier refusé\u00a0: il contient un caractère de contrôle.", { Connection: "close" }),
  /** ENOSPC (or a quota) while the file is written: said as such, never as an unreadable image. */
  diskFull: () =>
    new ApiError(
      507,
      "insufficient_storage",
      "Espace disque insuffisant sur le serveur\u00a0: le fichier n'a pas pu être enregistré. Prévenez l'administrateur du site.",
    ),
};

const DISK_FULL = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
/** Node says it with a code; sharp (libvips) only in its message. */
function isDiskFull(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  if ("code" in e && typeof e.code === "string" && DISK_FULL.has(e.code)) return true;
  return e instanceof Error && /ENOSPC|no space left on device|disk quota exceeded/i.test(e.message);
}

/** A write error becomes the French 507 (and a log line); anything else is passed on unchanged. */
export function diskFullAsAnswer(e: unknown, what: string): unknown {
  if (!isDiskFull(e)) return e;
  log.error(`disque plein : ${what} refusé`, e);
  return uploadErrors.diskFull();
}

function writable(out: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.removeListener("drain", done);
      out.removeListener("error", done);
      out.removeListener("close", done);
      resolve();
    };
    out.once("drain", done);
    out.once("error", done);
    out.once("close", done);
  });
}

function formatMb(mb: number) {
  return Number.isInteger(mb) ? String(mb) : mb.toLocaleString("fr-FR", { maximumFractionDigits: 2 });
}

function limitsMb() {
  const e = runtime().env;
  return { image: e.MEDIA_MAX_IMAGE_MB, video: e.MEDIA_MAX_VIDEO_MB, pdf: e.MEDIA_MAX_PDF_MB };
}

export interface Received {
  tmp: string;
  kind: Accepted;
  size: number;
  fileName: string;
  fields: Record<string, string>;
}

export async function receiveUpload(request: Request, uploadedBy: string): Promise<MediaItem> {
  return withReceivedFile(request, (received, tmpDir, made) => store(received, tmpDir, made, uploadedBy));
}

/**
 * One file of a multipart request received into the scratch folder with the upload's limits and checks,
 * handed to `handle`; the scratch files go afterwards whatever happens (an upload, a replacement).
 */
export async function withReceivedFile<T>(request: Request, handle: (received: Received, tmpDir: string, made: string[]) => Promise<T>): Promise<T> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) throw uploadErrors.notMultipart();
  const limits = limitsMb();
  const maxAny = Math.max(limits.image, limits.video, limits.pdf) * MB;
  const declared = Number(request.headers.get("content-length") ?? "0");
  // Multipart overhead is small: a declared length far beyond the largest limit is refused before reading,
  // at once, and the connection closes once the answer is sent (a client still sending its 2 GB would
  // otherwise wait for its own timeout, or get a reset instead of the French 413).
  if (declared > maxAny + 64 * 1024) throw uploadErrors.tooLarge(null, Math.max(limits.image, limits.video, limits.pdf), true);
  const tmpDir = uploadTempDir(runtime().env.dataDir);
  await mkdir(tmpDir, { recursive: true });
  const received = await receive(request, contentType, tmpDir, limits, maxAny);
  const made: string[] = [received.tmp];
  try {
    return await handle(received, tmpDir, made);
  } catch (e) {
    throw diskFullAsAnswer(e, `traitement de «\u00a0${received.fileName}\u00a0»`);
  } finally {
    await Promise.all(made.map((f) => rm(f, { force: true })));
  }
}

function receive(request: Request, contentType: string, tmpDir: string, limits: ReturnType<typeof limitsMb>, maxAny: number): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    if (!request.body) return reject(uploadErrors.noFile());
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { "content-type": contentType },
        // Browsers send file names as raw UTF-8 in the part header; busboy's default reads them as latin-1.
        defParamCharset: "utf8",
        limits: { files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12, fileSize: maxAny, headerPairs: 20 },
      });
    } catch {
      return reject(uploadErrors.notMultipart());
    }
    const fields: Record<string, string> = {};
    let fileDone: Promise<Omit<Received, "fields">> | null = null;
    let fileStream: Readable | null = null;
    let failure: ApiError | null = null;
    const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
    const fail = (e: ApiError) => {
      failure ??= e;
    };

    bb.on("field", (name, value) => {
      if (name === "title" || name === "alt" || name === "category") fields[name] = value;
    });
    bb.on("filesLimit", () => fail(uploadErrors.tooMany()));
    bb.on("file", (_name, stream, info) => {
      if (fileDone) {
        stream.resume();
        return;
      }
      // Never part of a real file name; one escaped in filename* (RFC 5987) gets here decoded.
      if (CONTROL.test(info.filename ?? "")) {
        fail(uploadErrors.controlInName());
        stream.resume();
        return;
      }
      fileStream = stream;
      fileDone = saveFile(stream, path.join(tmpDir, `${randomUUID()}.upload`), limits, info.filename ?? "");
      fileDone.catch(() => {});
    });
    const finish = async (err?: unknown) => {
      // A cut request: make sure the file part ends too, so its temporary file is removed.
      if (err && fileStream && !fileStream.destroyed) fileStream.destroy(uploadErrors.incomplete());
      const cleanup = fileDone
        ? await fileDone.then(
            (r) => r.tmp,
            () => null,
          )
        : null;
      if (err || failure || !fileDone) {
        if (cleanup) await rm(cleanup, { force: true });
        if (failure) return reject(failure);
        if (err) {
          // The file's own verdict (type, size) is more useful than "unexpected end".
          const own = fileDone
            ? await fileDone.then(
                () => null,
                (e: unknown) => e,
              )
            : null;
          const e =
            own instanceof ApiError
              ? own
              : err instanceof Error && /malformed part header/i.test(err.message)
                ? uploadErrors.malformedHeader()
                : uploadErrors.incomplete();
          e.headers = { ...e.headers, Connection: "close" };
          return reject(e);
        }
        return reject(uploadErrors.noFile());
      }
      try {
        resolve({ ...(await fileDone), fields });
      } catch (e) {
        reject(e instanceof ApiError ? e : uploadErrors.incomplete());
      }
    };
    bb.on("error", (e) => void finish(e));
    bb.on("close", () => void finish());
    source.on("error", (e) => {
      bb.destroy(e);
      void finish(e);
    });
    source.pipe(bb);
  });
}

/**
 * Writes the file part to `tmp`, sniffing its first bytes and counting its size as they arrive. On a
 * refusal the rest of the part is still read (and thrown away) so the client gets the answer instead
 * of a reset connection; busboy's own fileSize limit bounds how much that can be.
 */
function saveFile(
  stream: Readable & { truncated?: boolean },
  tmp: string,
  limits: ReturnType<typeof limitsMb>,
  fileName: string,
): Promise<Omit<Received, "fields">> {
  let failure: unknown = null;
  const out = createWriteStream(tmp);
  let head = Buffer.alloc(0);
  let kind: Accepted | null = null;
  // A write still queued when the stream is destroyed after a refusal errors: never an unhandled event.
  out.on("error", (e) => {
    failure ??= e;
  });
  let size = 0;
  const maxAnyMb = Math.max(limits.image, limits.video, limits.pdf);
  const check = async (): Promise<Accepted> => {
    const found = await sniff(head);
    if (!found) throw uploadErrors.refusedType();
    if (looksLikeMarkup(head)) throw uploadErrors.markup();
    kind = found;
    return found;
  };
  const handle = async (chunk: Buffer) => {
    size += chunk.length;
    if (!kind) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= SNIFF_BYTES) await check();
    }
    const k: Accepted | null = kind;
    if (k && size > limits[k.type] * MB) throw uploadErrors.tooLarge(k, limits[k.type]);
    if (failure) throw failure;
    // A write error (a full disk) never emits drain: wait for whichever comes first.
    if (!out.write(chunk)) await writable(out);
    if (failure) throw failure;
  };
  const finish = async (): Promise<Omit<Received, "fields">> => {
    if (failure) throw failure;
    if (stream.truncated) throw uploadErrors.tooLarge(kind, kind ? limits[(kind as Accepted).type] : maxAnyMb);
    if (size === 0) throw uploadErrors.noFile();
    const k = kind ?? (await check());
    if (size > limits[k.type] * MB) throw uploadErrors.tooLarge(k, limits[k.type]);
    out.end();
    await finished(out);
    return { tmp, kind: k, size, fileName };
  };
  return new Promise((resolve, reject) => {
    let queue = Promise.resolve();
    let settled = false;
    const fail = async (e: unknown) => {
      if (settled) return;
      settled = true;
      // The file is opened asynchronously: a stream destroyed before its open completes still creates the
      // file afterwards. Removing it only once the stream has closed leaves nothing behind.
      if (!out.closed) await new Promise<void>((r) => out.once("close", () => r()).destroy());
      await rm(tmp, { force: true });
      reject(diskFullAsAnswer(e, `envoi de «\u00a0${fileName}\u00a0»`));
    };
    stream.on("data", (chunk: Buffer) => {
      if (failure) return;
      stream.pause();
      queue = queue
        .then(() => handle(chunk))
        .catch((e: unknown) => {
          failure ??= e;
          out.destroy();
        })
        .finally(() => stream.resume());
    });
    stream.on("end", () => {
      queue = queue.then(() =>
        finish().then((r) => {
          settled = true;
          resolve(r);
        }, fail),
      );
    });
    // The request was cut: busboy ends the part with an error.
    stream.on("error", (e) => {
      queue = queue.then(() => fail(e instanceof ApiError ? e : uploadErrors.incomplete()));
    });
  });
}

/** A title from the uploader's file name (only ever a label, never a path). */
function titleFrom(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  return base
    .replace(/\.[^.]*$/, "")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[_-]+/g, " ")
    .trim()
    .slice(0, 200);
}

export interface Origin {
  source: "local" | "unsplash" | "pexels";
  author: string | null;
}

/** A stored file's columns of the media row: where its files are, what they are, and who took the photo when. */
export interface FileColumns {
  type: MediaItem["type"];
  url: string;
  thumbnail: string | null;
  webp_url: string | null;
  webp_srcset: string | null;
  width: number;
  height: number;
  file_type: string;
  size: number;
  author: string | null;
  taken_at: string | null;
}

/**
 * Puts one received file in storage under a new name: an image re-encoded with its variants (its author
 * and date read first, before the re-encode drops them), a video or PDF without its metadata. Every key
 * stored is pushed on `put` at once, for the caller to take back on a later failure.
 */
export async function storeFiles(r: Received, tmpDir: string, made: string[], put: string[]): Promise<FileColumns> {
  const { env } = runtime();
  const storage = mediaStorage(env);
  const base = newStorageBase();
  if (r.kind.type === "image") {
    const tmpName = (suffix: string, ext: string) => {
      const f = path.join(tmpDir, `${base}${suffix ? `-${suffix}` : ""}.${ext}.tmp`);
      made.push(f);
      return f;
    };
    const job = { kind: "process", input: r.tmp, type: r.kind, maxPixels: env.MEDIA_MAX_PIXELS, files: outputFiles(tmpName, r.kind.ext) } as const;
    const credits = await photoCredits(r.tmp);
    const img = await imageJob(job).catch(refusedImageAsAnswer);
    const files = await putImageFiles(storage, base, img, r.kind, put);
    return {
      type: "image",
      ...files,
      width: img.width,
      height: img.height,
      file_type: r.kind.mime,
      size: img.original.size,
      author: credits.author,
      taken_at: credits.takenAt,
    };
  }
  // What is stored (and its size) is the copy without metadata, never the file as sent.
  const clean = path.join(tmpDir, `${base}.${r.kind.ext}.clean`);
  made.push(clean);
  await stripMetadata(r.kind, r.tmp, clean);
  const { size } = await stat(clean);
  const key = keyOf(base, r.kind.ext);
  await storage.putFile(key, clean, r.kind.mime);
  put.push(key);
  return {
    type: r.kind.type,
    url: urlOf(key),
    thumbnail: null,
    webp_url: null,
    webp_srcset: null,
    width: 0,
    height: 0,
    file_type: r.kind.mime,
    size,
    author: null,
    taken_at: null,
  };
}

async function store(r: Received, tmpDir: string, made: string[], uploadedBy: string, origin: Origin = { source: "local", author: null }): Promise<MediaItem> {
  const parsed = mediaFieldsSchema.safeParse({
    title: r.fields.title ?? titleFrom(r.fileName),
    alt: r.fields.alt ?? "",
    category: r.fields.category ?? DEFAULT_CATEGORY,
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ApiError(400, "invalid_input", `Données invalides : ${first?.message ?? "champ inattendu"}`);
  }
  const fields = { ...parsed.data, title: parsed.data.title || titleFrom(r.fileName) || "Sans titre" };
  const { env, db } = runtime();
  const storage = mediaStorage(env);
  const put: string[] = [];
  try {
    const files = await storeFiles(r, tmpDir, made, put);
    // A stock photo's author is the provider's credit; an upload's, what the photo said.
    const row = { id: randomUUID(), ...files, ...fields, created_at: new Date().toISOString(), source: origin.source, author: origin.author ?? files.author };
    await db.kysely
      .insertInto("media")
      .values({ ...row, storage_keys: JSON.stringify(put), uploaded_by: uploadedBy, search_text: searchTextOf(row) })
      .execute();
    return toItem(row);
  } catch (e) {
    // Nothing half-stored: files already written go again.
    await Promise.all(put.map((k) => storage.delete(k).catch((err: unknown) => log.warn(`média orphelin ${k}`, err))));
    throw e;
  }
}

/**
 * A stock photo or video chosen in the Médiathèque: downloaded by the server from the provider's own
 * address and put through the same checks and processing as an upload (sniffing, limits, variants).
 */
export async function importRemote(
  body: ReadableStream<Uint8Array>,
  fileName: string,
  fields: Record<string, string>,
  uploadedBy: string,
  origin: Origin,
): Promise<MediaItem> {
  const tmpDir = uploadTempDir(runtime().env.dataDir);
  await mkdir(tmpDir, { recursive: true });
  const stream = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  const saved = await saveFile(stream, path.join(tmpDir, `${randomUUID()}.upload`), limitsMb(), fileName);
  const made = [saved.tmp];
  try {
    return await store({ ...saved, fields }, tmpDir, made, uploadedBy, origin);
  } catch (e) {
    throw diskFullAsAnswer(e, `import de «\u00a0${fileName}\u00a0»`);
  } finally {
    await Promise.all(made.map((f) => rm(f, { force: true })));
  }
}
