import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { DEFAULT_SCHEDULE, scheduleSchema, type Schedule } from "./backup-schemas";
import { startCreate } from "./jobs.server";
import { BusyError } from "./lease.server";

/**
 * The daily backup. Every server process looks every BACKUP_SCHEDULE_CHECK_MS whether today's (in the
 * site's time zone) is due; the first to move "last scheduled day" to today with a conditional UPDATE
 * runs it, so it runs once whatever the number of processes. Stored in backup_settings: a restore does
 * not change the schedule.
 */
const KEY = "schedule";
const LAST_DAY = "schedule_last_day";

export async function readSchedule(): Promise<Schedule> {
  const row = await runtime().db.kysely.selectFrom("backup_settings").select("value").where("key", "=", KEY).executeTakeFirst();
  if (!row) return DEFAULT_SCHEDULE;
  try {
    const parsed = scheduleSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_SCHEDULE;
  } catch {
    return DEFAULT_SCHEDULE;
  }
}

/** The local day and time in the site's time zone. */
function localNow(timeZone: string, now = new Date()): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

async function upsert(key: string, value: string) {
  const { kysely } = runtime().db;
  await kysely
    .insertInto("backup_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** Saves the schedule. A time already past today counts from tomorrow (saving is not a backup order). */
export async function saveSchedule(s: Schedule, now = new Date()): Promise<Schedule> {
  await upsert(KEY, JSON.stringify(s));
  const local = localNow(runtime().env.SITE_TIMEZONE, now);
  await upsert(LAST_DAY, local.time >= s.time ? local.day : "");
  return s;
}

/** One look: starts the day's backup if due and if this process wins the day. Returns whether it started one. */
async function scheduleTick(now = new Date()): Promise<boolean> {
  const s = await readSchedule();
  if (!s.enabled) return false;
  const local = localNow(runtime().env.SITE_TIMEZONE, now);
  if (local.time < s.time) return false;
  const { kysely } = runtime().db;
  const row = await kysely.selectFrom("backup_settings").select("value").where("key", "=", LAST_DAY).executeTakeFirst();
  if (row?.value === local.day) return false;
  if (!row)
    await kysely
      .insertInto("backup_settings")
      .values({ key: LAST_DAY, value: "" })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  const claimed = await kysely
    .updateTable("backup_settings")
    .set({ value: local.day })
    .where("key", "=", LAST_DAY)
    .where("value", "!=", local.day)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  try {
    await startCreate({ kind: "schedule", by: null }, s.keep);
    return true;
  } catch (e) {
    if (e instanceof BusyError) {
      // Another operation runs: give the day back so the next look tries again.
      await kysely.updateTable("backup_settings").set({ value: "" }).where("key", "=", LAST_DAY).where("value", "=", local.day).execute();
      return false;
    }
    throw e;
  }
}

export function startBackupSchedule(): () => void {
  const every = runtime().env.BACKUP_SCHEDULE_CHECK_MS;
  const run = () => void scheduleTick().catch((e: unknown) => log.error("sauvegarde planifiée impossible", e));
  const timer = setInterval(run, every);
  timer.unref();
  return () => clearInterval(timer);
}
