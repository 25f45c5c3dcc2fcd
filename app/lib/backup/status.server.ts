import { sql } from "kysely";
import { env } from "~/lib/env.server";
import { runtime } from "~/lib/runtime.server";
import type { BackupsAnswer } from "~/lib/api/backups";
import { isBackedUp, readCatalogue } from "./catalogue.server";
import { backupContext } from "./jobs.server";
import { currentJob } from "./lease.server";
import { readSchedule } from "./schedule.server";
import { listBackups } from "./store.server";

/** Everything the Sauvegardes page shows, from any process. */
export async function backupsStatus(): Promise<BackupsAnswer> {
  const { db } = runtime();
  const ctx = backupContext();
  const rows: Record<string, number> = {};
  for (const t of (await readCatalogue(db.kysely, db.engine)).filter((t) => isBackedUp(t.name))) {
    rows[t.name] = Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.id(t.name)}`.execute(db.kysely)).rows[0]?.n ?? 0);
  }
  let media = 0;
  for await (const _ of ctx.storage.list()) media++;
  return {
    backups: await listBackups(ctx.env.backupDir),
    job: await currentJob(db.kysely),
    schedule: await readSchedule(),
    timeZone: env().SITE_TIMEZONE,
    current: { rows, media },
    uploadMaxMb: env().BACKUP_UPLOAD_MAX_MB,
    safetyCopiesKept: env().BACKUP_SAFETY_COPIES,
  };
}
