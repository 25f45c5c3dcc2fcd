import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { PassThrough, Readable, Transform, type TransformCallback } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import yazl from "yazl";
import { z } from "zod";
import { isStorageKey } from "~/lib/media/names";
import { TABLE_NAME } from "./catalogue.server";

/**
 * The archive: one zip holding manifest.json, tables/<name>.ndjson (one JSON array per row) and
 * media/<key> (stored as is: images and videos are already compressed). Its comment is a seal, the
 * SHA-256 of every byte before the hash itself, so that one flipped byte anywhere (data, headers,
 * central directory) is caught before anything is touched; the manifest also holds each file's SHA-256.
 */
export const FORMAT = "archimed-backup";
export const FORMAT_VERSION = 1;
const SEAL_PREFIX = "archimed-backup-sha256:";
const HASH_HEX = 64;
const SEAL_LENGTH = SEAL_PREFIX.length + HASH_HEX;
export const MANIFEST = "manifest.json";
const MANIFEST_MAX = 128 * 1024 * 1024;

/** Refusals of an archive, in French, shown as they are (the site is untouched when one is thrown). */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
  }
}

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);
export const manifestSchema = z
  .object({
    format: z.literal(FORMAT),
    formatVersion: z.literal(FORMAT_VERSION),
    schemaVersion: z.string().regex(/^\d{4}_[a-z0-9_]{1,60}$/),
    engine: z.enum(["sqlite", "postgres"]),
    createdAt: z.iso.datetime(),
    trigger: z.object({ kind: z.enum(["manual", "schedule", "before-restore", "command"]), by: z.string().max(320).nullable() }).strict(),
    counts: z.object({ tables: count, rows: count, media: count, mediaBytes: count }).strict(),
    tables: z.array(
      z
        .object({
          name: z.string().regex(TABLE_NAME),
          file: z.string(),
          columns: z.array(z.string().regex(TABLE_NAME)).min(1).max(500),
          rows: count,
          bytes: count,
          sha256: sha,
        })
        .strict(),
    ),
    media: z.array(z.object({ key: z.string().refine(isStorageKey), file: z.string(), bytes: count, sha256: sha }).strict()),
  })
  .strict();
export type Manifest = z.infer<typeof manifestSchema>;

export const tableFile = (name: string) => `tables/${name}.ndjson`;
export const mediaFile = (key: string) => `media/${key}`;

/** Hashes everything that passes except the last `keep` bytes (where the seal will be written). */
class SealHasher extends Transform {
  private hash = createHash("sha256");
  private tail = Buffer.alloc(0);
  bytes = 0;
  constructor(private keep: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.bytes += chunk.length;
    const all = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    const cut = Math.max(0, all.length - this.keep);
    if (cut > 0) this.hash.update(all.subarray(0, cut));
    this.tail = Buffer.from(all.subarray(cut));
    cb(null, chunk);
  }
  digest() {
    return this.hash.digest("hex");
  }
}

/** Counts and hashes what yazl reads of one entry. */
function hashingStream(onBytes?: (n: number) => void) {
  const hash = createHash("sha256");
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      bytes += chunk.length;
      onBytes?.(chunk.length);
      cb(null, chunk);
    },
  });
  return { stream: t, result: () => ({ bytes, sha256: hash.digest("hex") }) };
}

export class ArchiveWriter {
  private zip = new yazl.ZipFile();
  private sealer = new SealHasher(HASH_HEX);
  private written: Promise<void>;
  private part: string;
  private mtime = new Date();
  constructor(private file: string) {
    this.part = `${file}.part`;
    this.written = pipeline(this.zip.outputStream as Readable, this.sealer, createWriteStream(this.part));
    this.written.catch(() => {});
  }

  /** Adds one entry from a stream and waits until the zip has taken all of it (one entry at a time: bounded memory). */
  async add(
    name: string,
    source: Readable | AsyncIterable<Buffer>,
    compress: boolean,
    onBytes?: (n: number) => void,
  ): Promise<{ bytes: number; sha256: string }> {
    const h = hashingStream(onBytes);
    const input = source instanceof Readable ? source : Readable.from(source);
    const piped = pipeline(input, h.stream);
    const through = new PassThrough({ highWaterMark: 256 * 1024 });
    h.stream.pipe(through);
    this.zip.addReadStream(through, name, { compress, mtime: this.mtime, mode: 0o100644 });
    await Promise.all([piped, finished(through)]);
    return h.result();
  }

  addBuffer(name: string, data: Buffer) {
    this.zip.addBuffer(data, name, { compress: true, mtime: this.mtime, mode: 0o100644 });
  }

  /** Ends the zip, writes the seal in place of the placeholder, and moves the file to its name. */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.zip.end({ comment: SEAL_PREFIX + "0".repeat(HASH_HEX), forceZip64Format: false });
    await this.written;
    const sha256 = this.sealer.digest();
    const fh = await open(this.part, "r+");
    try {
      const size = (await fh.stat()).size;
      await fh.write(Buffer.from(sha256, "ascii"), 0, HASH_HEX, size - HASH_HEX);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(this.part, this.file);
    return { size: (await stat(this.file)).size, sha256 };
  }

  async abort() {
    this.zip.outputStream.on("error", () => {});
    (this.zip.outputStream as Readable).destroy?.();
    await rm(this.part, { force: true });
  }
}

/** Checks the seal: the archive is ours and not one byte differs from when it was written. Returns its SHA-256. */
export async function checkSeal(file: string, onBytes?: (n: number) => void): Promise<string> {
  const size = (await stat(file)).size;
  if (size < SEAL_LENGTH + 22) throw new ArchiveError("Ce fichier n'est pas une sauvegarde Archimed (archive vide ou tronquée).");
  const fh = await open(file, "r");
  const tail = Buffer.alloc(SEAL_LENGTH);
  try {
    await fh.read(tail, 0, SEAL_LENGTH, size - SEAL_LENGTH);
  } finally {
    await fh.close();
  }
  const text = tail.toString("latin1");
  if (!text.startsWith(SEAL_PREFIX)) throw new ArchiveError("Ce fichier n'est pas une sauvegarde Archimed (ou il est tronqué).");
  const expected = text.slice(SEAL_PREFIX.length);
  if (!/^[0-9a-f]{64}$/.test(expected)) throw new ArchiveError("Sauvegarde altérée : son empreinte est illisible.");
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { start: 0, end: size - HASH_HEX - 1, highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    onBytes?.((chunk as Buffer).length);
  }
  if (hash.digest("hex") !== expected)
    throw new ArchiveError("Sauvegarde altérée ou incomplète : son empreinte SHA-256 ne correspond pas. Rien n'a été modifié.");
  return expected;
}

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressed: number;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/** An opened archive whose entries passed the structural checks (names, types, counts, declared sizes). */
export class OpenedArchive {
  private constructor(
    private zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
    private limits: ArchiveLimits,
  ) {}

  static async open(file: string, limits: ArchiveLimits): Promise<OpenedArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true, decodeStrings: true }, (err, z) =>
        err || !z ? reject(new ArchiveError("Archive illisible : ce n'est pas un fichier zip valide.")) : resolve(z),
      ),
    );
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on("error", () => reject(new ArchiveError("Archive illisible : son répertoire est corrompu ou contient un chemin interdit.")));
        zip.on("end", () => resolve());
        zip.on("entry", (entry: yauzl.Entry) => {
          try {
            if (entries.size >= limits.maxEntries) throw new ArchiveError(`Archive refusée : plus de ${limits.maxEntries} fichiers.`);
            checkEntry(entry);
            if (entries.has(entry.fileName)) throw new ArchiveError(`Archive refusée : le fichier ${entry.fileName} y figure deux fois.`);
            declared += entry.uncompressedSize;
            if (declared > limits.maxUncompressed)
              throw new ArchiveError(`Archive refusée : son contenu décompressé dépasse ${Math.round(limits.maxUncompressed / 1048576)} Mo.`);
            entries.set(entry.fileName, entry);
            zip.readEntry();
          } catch (e) {
            reject(e);
          }
        });
        zip.readEntry();
      });
    } catch (e) {
      zip.close();
      throw e;
    }
    return new OpenedArchive(zip, entries, limits);
  }

  /** The entry's bytes, inflated, cut off as soon as they exceed its declared size (yauzl checks) or the limit. */
  async stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new ArchiveError(`Archive incomplète : ${name} manque.`);
    const raw = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (err, s) => (err || !s ? reject(new ArchiveError(`Archive illisible : ${name} est corrompu.`)) : resolve(s))),
    );
    let seen = 0;
    const cap = Math.min(entry.uncompressedSize, this.limits.maxUncompressed);
    const guard = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen += chunk.length;
        if (seen > cap) cb(new ArchiveError(`Archive refusée : ${name} se décompresse au-delà de sa taille annoncée.`));
        else cb(null, chunk);
      },
    });
    raw.on("error", (e) => guard.destroy(e instanceof ArchiveError ? e : new ArchiveError(`Archive illisible : ${name} est corrompu ou tronqué.`)));
    return raw.pipe(guard);
  }

  async readManifest(): Promise<unknown> {
    const entry = this.entries.get(MANIFEST);
    if (!entry) throw new ArchiveError("Ce fichier n'est pas une sauvegarde Archimed : manifest.json manque.");
    if (entry.uncompressedSize > MANIFEST_MAX) throw new ArchiveError("Archive refusée : manifeste trop volumineux.");
    const chunks: Buffer[] = [];
    for await (const c of await this.stream(MANIFEST)) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      throw new ArchiveError("Sauvegarde altérée : son manifeste n'est pas du JSON valide.");
    }
  }

  close() {
    this.zip.close();
  }
}

function checkEntry(entry: yauzl.Entry) {
  const name = entry.fileName;
  const validName =
    name === MANIFEST || /^tables\/[a-z_][a-z0-9_]{0,62}\.ndjson$/.test(name) || (name.startsWith("media/") && isStorageKey(name.slice("media/".length)));
  if (!validName) throw new ArchiveError(`Archive refusée : chemin interdit ou inconnu (${name.slice(0, 120)}).`);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  // A link or a device is never written, whatever its name (0: made on a system that records no type).
  if (mode !== 0 && mode !== S_IFREG) throw new ArchiveError(`Archive refusée : ${name} n'est pas un fichier ordinaire (lien ou dossier).`);
  if (entry.isEncrypted()) throw new ArchiveError(`Archive refusée : ${name} est chiffré.`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new ArchiveError(`Archive refusée : ${name} utilise une compression non prise en charge.`);
}

export interface LineLimits {
  /** Longest line in bytes (BACKUP_MAX_LINE_MB). */
  maxBytes: number;
  /** What the lines are, for the refusal ("la table pages"). */
  what: string;
  /** Instant (ms since the epoch) after which the reading stops with a refusal. */
  deadline?: number;
  /** Sees the raw bytes (hashing, progress). */
  onChunk?: (c: Buffer) => void;
}

/**
 * Lines of a stream, holding at most one line. Each byte is looked at once: a new chunk is searched for
 * line feeds and a line's pieces are joined only when it ends. The text version appended each chunk to
 * the unfinished line and searched it again from its start, quadratic in a line's length (a 16 MB line
 * took 16 to 24 s, issue 24 finding 8). A line feed (0x0A) never occurs inside a UTF-8 sequence, so
 * splitting the bytes before decoding is exact.
 */
export async function* lines(stream: Readable, limits: LineLimits): AsyncGenerator<string> {
  const parts: Buffer[] = [];
  let pending = 0;
  const tooLong = () =>
    new ArchiveError(`Archive refusée : une ligne de ${limits.what} dépasse ${formatSize(limits.maxBytes)} (limite BACKUP_MAX_LINE_MB). Rien n'a été modifié.`);
  for await (const c of stream) {
    const chunk = c as Buffer;
    limits.onChunk?.(chunk);
    if (limits.deadline !== undefined && Date.now() > limits.deadline) throw timeUp();
    let start = 0;
    let nl: number;
    while ((nl = chunk.indexOf(0x0a, start)) >= 0) {
      const piece = chunk.subarray(start, nl);
      if (pending + piece.length > limits.maxBytes) throw tooLong();
      yield (parts.length ? Buffer.concat([...parts, piece]) : piece).toString("utf8");
      parts.length = 0;
      pending = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending += chunk.length - start;
      if (pending > limits.maxBytes) throw tooLong();
      parts.push(chunk.subarray(start));
    }
  }
  if (pending) yield Buffer.concat(parts).toString("utf8");
}

/** "64 Mo", "0,5 Mo", "1 Ko": the limit as the refusal words it. */
function formatSize(bytes: number): string {
  const [n, unit] = bytes >= 1024 * 1024 ? [bytes / 1048576, "Mo"] : [bytes / 1024, "Ko"];
  return `${String(Math.round(n * 10) / 10).replace(".", ",")} ${unit}`;
}

/** The refusal once an archive's check has run longer than BACKUP_VERIFY_MAX_MINUTES. */
export function timeUp(): ArchiveError {
  return new ArchiveError("Vérification interrompue : l'archive est trop longue à vérifier (limite BACKUP_VERIFY_MAX_MINUTES). Rien n'a été modifié.");
}
