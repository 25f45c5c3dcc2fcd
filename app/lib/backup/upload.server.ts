import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { ApiError } from "~/lib/http/api.server";
import { ArchiveError } from "./archive.server";
import type { BackupMeta } from "./backup-schemas";
import type { BackupContext } from "./create.server";
import { verifyArchive } from "./restore.server";
import { archivePath, newBackupId, workDir, writeMeta } from "./store.server";

const ZIP_TYPES = new Set(["application/zip", "application/x-zip-compressed", "application/octet-stream"]);

/**
 * An archive from another installation: streamed to disk within BACKUP_UPLOAD_MAX_MB, verified whole
 * (the same checks as a restore), then listed. Nothing of the site changes until someone restores it.
 */
export async function receiveArchive(ctx: BackupContext, request: Request, by: string): Promise<BackupMeta> {
  const max = ctx.env.BACKUP_UPLOAD_MAX_MB * 1024 * 1024;
  const tooLarge = (closing: boolean) =>
    new ApiError(
      413,
      "payload_too_large",
      `Archive refusée : trop volumineuse (${ctx.env.BACKUP_UPLOAD_MAX_MB} Mo au plus).`,
      closing ? { Connection: "close" } : {},
    );
  if (Number(request.headers.get("content-length") ?? "0") > max) throw tooLarge(true);
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!ZIP_TYPES.has(type)) throw new ApiError(415, "unsupported_media_type", "Envoyez une archive de sauvegarde (.zip).");
  if (!request.body) throw new ApiError(400, "invalid_input", "Aucune archive reçue.");
  const dir = workDir(ctx.env.backupDir);
  await mkdir(dir, { recursive: true });
  const id = newBackupId();
  const tmp = path.join(dir, `upload-${id}.zip`);
  let size = 0;
  try {
    const out = createWriteStream(tmp);
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > max) {
          // Read on (and throw away) a little more so that the 413 reaches a client still sending.
          await drain(reader);
          throw tooLarge(false);
        }
        if (!out.write(value)) await once(out, "drain");
      }
    } finally {
      out.end();
      await once(out, "close").catch(() => {});
    }
    const { manifest, sha256 } = await verifyArchive(ctx, tmp);
    const meta: BackupMeta = {
      id,
      createdAt: manifest.createdAt,
      size,
      sha256,
      trigger: { kind: "upload", by },
      engine: manifest.engine,
      schemaVersion: manifest.schemaVersion,
      counts: manifest.counts,
      rows: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])),
    };
    await rename(tmp, archivePath(ctx.env.backupDir, id));
    await writeMeta(ctx.env.backupDir, meta);
    return meta;
  } catch (e) {
    await rm(tmp, { force: true });
    if (e instanceof ArchiveError) throw new ApiError(400, "invalid_archive", e.message);
    throw e;
  }
}

const DRAIN_MAX = 1024 * 1024;
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > DRAIN_MAX) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    /* the client went away */
  }
}
