import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { workDir } from "~/lib/backup/store.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { uploadTempDir } from "./storage.server";

/**
 * Scratch files a crash leaves behind (decision record 032): uploads and edits in DATA_DIR/tmp-uploads,
 * `.part` copies in DATA_DIR/media, archives being received or restored in the backups' tmp folder.
 * They are removed at start and every quarter of an hour once untouched for long enough. Only by age:
 * several processes share DATA_DIR, and a file another one is writing right now is touched constantly.
 */
const EVERY_MS = 15 * 60_000;
/** An upload that has not grown for an hour is dead (the request timed out long before). */
export const MEDIA_SCRATCH_AGE_MS = 60 * 60_000;
/** Backup archives are checked for a while after their last byte: a day leaves them all the time they need. */
export const BACKUP_SCRATCH_AGE_MS = 24 * 60 * 60_000;

interface Place {
  dir: string;
  /** Which names in `dir` are scratch files. */
  matches: (name: string) => boolean;
  maxAgeMs: number;
}

function places(): Place[] {
  const { dataDir, backupDir } = runtime().env;
  return [
    { dir: uploadTempDir(dataDir), matches: () => true, maxAgeMs: MEDIA_SCRATCH_AGE_MS },
    { dir: path.join(dataDir, "media"), matches: (n) => n.endsWith(".part"), maxAgeMs: MEDIA_SCRATCH_AGE_MS },
    { dir: workDir(backupDir), matches: () => true, maxAgeMs: BACKUP_SCRATCH_AGE_MS },
    { dir: backupDir, matches: (n) => n.endsWith(".part"), maxAgeMs: BACKUP_SCRATCH_AGE_MS },
  ];
}

/** Removes the scratch files older than their place's age; returns how many went. */
export async function sweepScratch(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const place of places()) {
    let names: string[];
    try {
      names = await readdir(place.dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!place.matches(name)) continue;
      const file = path.join(place.dir, name);
      const s = await stat(file).catch(() => null);
      if (!s?.isFile() || now - s.mtimeMs < place.maxAgeMs) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

export function startScratchSweeper(): () => void {
  const run = () =>
    sweepScratch()
      .then((n) => {
        if (n > 0) log.info(`${n} fichier(s) temporaire(s) abandonné(s) supprimé(s)`);
      })
      .catch((e: unknown) => log.error("nettoyage des fichiers temporaires impossible", e));
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
