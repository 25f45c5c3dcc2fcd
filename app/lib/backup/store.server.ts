import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { backupMetaSchema, BACKUP_ID, type BackupMeta } from "./backup-schemas";

/**
 * The backups folder (DATA_DIR/backups unless BACKUP_DIR): <id>.zip and its <id>.json summary. The list
 * lives beside the files, not in the database, so restoring an old backup never forgets newer ones.
 */
export function newBackupId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(4).toString("hex").slice(0, 6)}`;
}

export const archivePath = (dir: string, id: string) => {
  if (!BACKUP_ID.test(id)) throw new Error("identifiant de sauvegarde invalide");
  return path.join(dir, `${id}.zip`);
};
const metaPath = (dir: string, id: string) => path.join(dir, `${id}.json`);
/** Where uploads and staged files wait (same disk: renames are cheap). */
export const workDir = (dir: string) => path.join(dir, "tmp");

export async function writeMeta(dir: string, meta: BackupMeta) {
  await mkdir(dir, { recursive: true });
  const tmp = `${metaPath(dir, meta.id)}.part`;
  await writeFile(tmp, JSON.stringify(meta, null, 2));
  await rename(tmp, metaPath(dir, meta.id));
}

export async function readMeta(dir: string, id: string): Promise<BackupMeta | null> {
  if (!BACKUP_ID.test(id)) return null;
  try {
    const parsed = backupMetaSchema.safeParse(JSON.parse(await readFile(metaPath(dir, id), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Newest first. Archives without a readable summary (half-written, foreign) are not listed. */
export async function listBackups(dir: string): Promise<BackupMeta[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5))
    .filter((id) => BACKUP_ID.test(id) && names.includes(`${id}.zip`));
  const metas = (await Promise.all(ids.map((id) => readMeta(dir, id)))).filter((m): m is BackupMeta => m !== null);
  return metas.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

export async function deleteBackup(dir: string, id: string): Promise<boolean> {
  const meta = await readMeta(dir, id);
  if (!meta) return false;
  // The summary first: a half-deleted backup is never listed.
  await rm(metaPath(dir, id), { force: true });
  await rm(archivePath(dir, id), { force: true });
  return true;
}

/** Keeps the newest `keep` backups of one kind: scheduled ones, or the copies made before each restore. */
async function pruneKind(dir: string, kind: BackupMeta["trigger"]["kind"], keep: number, spare?: string): Promise<string[]> {
  const ofKind = (await listBackups(dir)).filter((m) => m.trigger.kind === kind);
  const gone = ofKind
    .slice(keep)
    .map((m) => m.id)
    .filter((id) => id !== spare);
  for (const id of gone) await deleteBackup(dir, id);
  return gone;
}

/** Keeps the newest `keep` scheduled backups; manual ones stay until deleted by hand. */
export const pruneScheduled = (dir: string, keep: number) => pruneKind(dir, "schedule", keep);

/**
 * Keeps the newest `keep` safety copies (one is made before every restore: twelve restores had left
 * 244 MB, issue 24). `spare` is the backup being restored, never removed under the restore's feet, even
 * when it is itself an older safety copy (undoing a restore).
 */
export const pruneSafetyCopies = (dir: string, keep: number, spare?: string) => pruneKind(dir, "before-restore", keep, spare);
