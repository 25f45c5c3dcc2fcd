import { recordActivity } from "~/lib/activity/log.server";
import { announceContentChange } from "~/lib/content/changes.server";
import { log } from "~/lib/log.server";
import { backupRuns } from "~/lib/metrics/metrics.server";
import { mediaStorage } from "~/lib/media/storage.server";
import { runtime } from "~/lib/runtime.server";
import { ArchiveError } from "./archive.server";
import type { BackupMeta } from "./backup-schemas";
import { createBackup, type BackupContext, type Trigger } from "./create.server";
import { Lease } from "./lease.server";
import { restoreArchive } from "./restore.server";
import { archivePath, pruneScheduled, readMeta } from "./store.server";

/** The running server's backup context. */
export function backupContext(): BackupContext {
  const { env, db } = runtime();
  return { env, db, storage: mediaStorage(env) };
}

/** A message for the page: ours as they are, anything else said plainly (the details go to the log). */
function messageOf(e: unknown, what: string): string {
  if (e instanceof ArchiveError) return e.message;
  log.error(`${what} impossible`, e);
  return `${what} impossible : ${e instanceof Error ? e.message.slice(0, 300) : "erreur inattendue"}.`;
}

/**
 * Starts a backup in this process and returns once the lease is taken (BusyError otherwise); the work
 * goes on in the background and reports its progress through the lease row. `keepScheduled`: the
 * schedule's "keep" setting, passed by the schedule (which has just read it) so that this module need
 * not read the schedule back (the two modules once imported each other).
 */
/** Who started an operation, for the activity log (the scheduled backup has neither). */
export interface StartedFrom {
  actor?: { id: string; email: string } | null;
  ip?: string | null;
}

export async function startCreate(trigger: Trigger, keepScheduled?: number, from: StartedFrom = {}): Promise<{ done: Promise<BackupMeta | null> }> {
  const ctx = backupContext();
  const lease = await Lease.take(ctx.db.kysely, "create", trigger.by);
  const label = trigger.kind === "schedule" ? "Sauvegarde automatique" : "Sauvegarde manuelle";
  const record = (outcome: "ok" | "failure", id: string | null, detail: string | null) =>
    recordActivity({ ...from, actorEmail: trigger.by, action: "backup.create", outcome, target: { type: "backup", id, label }, detail });
  const done = createBackup(ctx, trigger, lease).then(
    async (meta) => {
      if (trigger.kind === "schedule" && keepScheduled !== undefined) await pruneScheduled(ctx.env.backupDir, keepScheduled);
      await lease.release("done", `Sauvegarde ${meta.id} créée.`);
      backupRuns.inc({ trigger: trigger.kind, result: "done" });
      await record("ok", meta.id, null);
      return meta;
    },
    async (e: unknown) => {
      const message = messageOf(e, "Sauvegarde");
      await lease.release("failed", message).catch(() => {});
      backupRuns.inc({ trigger: trigger.kind, result: "failed" });
      await record("failure", null, message);
      return null;
    },
  );
  return { done };
}

export class UnknownBackupError extends Error {}

/** Starts restoring a listed backup (same lease as creating: one operation at a time). */
export async function startRestore(id: string, by: string | null, keepSessionHash?: string, from: StartedFrom = {}): Promise<{ done: Promise<boolean> }> {
  const ctx = backupContext();
  const meta = await readMeta(ctx.env.backupDir, id);
  if (!meta) throw new UnknownBackupError();
  const lease = await Lease.take(ctx.db.kysely, "restore", by);
  // Written after the restore's commit: the activity log is added to, never replaced, by a restore.
  const record = (outcome: "ok" | "failure", detail: string) =>
    recordActivity({
      ...from,
      actorEmail: by,
      action: "backup.restore",
      outcome,
      target: { type: "backup", id, label: `Sauvegarde du ${formatDate(meta.createdAt)}` },
      detail,
    });
  const done = restoreArchive(ctx, { file: archivePath(ctx.env.backupDir, id), lease, by, keepSessionHash })
    .then(async ({ safety }) => {
      await announceContentChange("all").catch(() => {});
      const message = `Sauvegarde du ${formatDate(meta.createdAt)} restaurée${safety ? ` (l'état précédent est gardé dans la sauvegarde ${safety})` : ""}.`;
      await lease.release("done", message);
      await record("ok", message);
      return true;
    })
    .catch(async (e: unknown) => {
      const message = messageOf(e, "Restauration");
      await lease.release("failed", message).catch(() => {});
      await record("failure", message);
      return false;
    });
  return { done };
}

export function formatDate(iso: string) {
  return new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: runtime().env.SITE_TIMEZONE }).format(new Date(iso));
}
