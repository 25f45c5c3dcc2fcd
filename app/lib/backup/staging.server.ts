import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { log } from "~/lib/log.server";
import type { BackupContext } from "./create.server";
import { leaseHeld } from "./lease.server";

/**
 * The restore's crash journal and the media swap. The journal names the staging before any file is
 * staged; the rows' transaction commits a marker; at the next start an interrupted restore is completed
 * (marker committed) or undone (not): the site is the old one or the new one, never a mix.
 */

/** Written before media are staged, removed when the restore is complete on both sides. */
export interface Journal {
  id: string;
  kind: "local" | "s3";
  /** local: the staged folder and the live one. */
  staging?: string;
  target?: string;
  /** s3: files of keys added (to delete if the rows never committed) and keys to keep (the rest goes after the commit). */
  addedFile?: string;
  keepFile?: string;
}
const journalPath = (ctx: BackupContext) => path.join(ctx.env.backupDir, "restore-journal.json");
export const MARKER = "restore_marker";

export async function writeJournal(ctx: BackupContext, j: Journal) {
  await mkdir(ctx.env.backupDir, { recursive: true });
  const tmp = `${journalPath(ctx)}.part`;
  await writeFile(tmp, JSON.stringify(j));
  await rename(tmp, journalPath(ctx));
}

async function readJournal(ctx: BackupContext): Promise<Journal | null> {
  try {
    return JSON.parse(await readFile(journalPath(ctx), "utf8")) as Journal;
  } catch {
    return null;
  }
}

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** After the commit: the staged media become the live ones. Safe to run again after a crash at any point. */
export async function completeStaging(ctx: BackupContext, j: Journal) {
  if (j.kind === "local" && j.staging && j.target) {
    const old = `${j.target}.old-${j.id}`;
    if (await exists(j.staging)) {
      if ((await exists(j.target)) && !(await exists(old))) await rename(j.target, old);
      await rm(j.target, { recursive: true, force: true });
      await rename(j.staging, j.target);
    }
    await rm(old, { recursive: true, force: true });
  } else if (j.kind === "s3" && j.keepFile) {
    const keep = new Set((await readFile(j.keepFile, "utf8")).split("\n").filter(Boolean));
    const gone: string[] = [];
    for await (const o of ctx.storage.list()) if (!keep.has(o.key)) gone.push(o.key);
    for (const key of gone) await ctx.storage.delete(key);
    await rm(j.keepFile, { force: true });
    if (j.addedFile) await rm(j.addedFile, { force: true });
  }
  await rm(journalPath(ctx), { force: true });
}

/** Before the commit: the old site stays as it is; what was staged goes. */
export async function discardStaging(ctx: BackupContext) {
  const j = await readJournal(ctx);
  if (!j) return;
  if (j.kind === "local" && j.staging) await rm(j.staging, { recursive: true, force: true });
  if (j.kind === "s3" && j.addedFile) {
    const added = (await readFile(j.addedFile, "utf8").catch(() => "")).split("\n").filter(Boolean);
    for (const key of added) await ctx.storage.delete(key).catch(() => {});
    await rm(j.addedFile, { force: true });
    if (j.keepFile) await rm(j.keepFile, { force: true });
  }
  await rm(journalPath(ctx), { force: true });
}

/**
 * At start (server and command line): a restore that a crash interrupted is finished (its rows
 * committed) or undone (they did not). Skipped while a live process still holds the lease.
 */
export async function recoverInterruptedRestore(ctx: BackupContext): Promise<"none" | "completed" | "discarded"> {
  if (await leaseHeld(ctx.db.kysely)) return "none";
  await removeLeftovers(ctx);
  const j = await readJournal(ctx);
  if (!j) return "none";
  const marker = await ctx.db.kysely.selectFrom("backup_settings").select("value").where("key", "=", MARKER).executeTakeFirst();
  if (marker?.value === j.id) {
    await completeStaging(ctx, j);
    log.warn("restauration interrompue après l'enregistrement des données : médias mis en place");
    return "completed";
  }
  await discardStaging(ctx);
  log.warn("restauration interrompue avant l'enregistrement des données : le site est resté tel qu'avant");
  return "discarded";
}

/**
 * Half-written archives and uploads of a process that died (nothing lists them: they only take space).
 * Only those untouched for an hour: an upload in another process takes no lease and may be under way.
 */
const LEFTOVER_AGE_MS = 60 * 60_000;
async function removeLeftovers(ctx: BackupContext) {
  const stale = async (file: string) => {
    const s = await stat(file).catch(() => null);
    return !!s && Date.now() - s.mtimeMs > LEFTOVER_AGE_MS;
  };
  const dir = ctx.env.backupDir;
  for (const n of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, n);
    if (n.endsWith(".part") && (await stale(file))) await rm(file, { force: true });
  }
  const work = path.join(dir, "tmp");
  for (const n of await readdir(work).catch(() => [] as string[])) {
    const file = path.join(work, n);
    if (n.startsWith("upload-") && (await stale(file))) await rm(file, { force: true });
  }
}
