import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";

const EVERY_MS = 6 * 60 * 60_000;
const BATCH = 5000;

/**
 * Deletes activity lines older than ACTIVITY_RETENTION_DAYS, a batch at a time (a year of a busy site's
 * sign-ins must not hold the database). The one delete the log knows: lines are never edited.
 */
export async function sweepOldActivity(now = new Date()): Promise<number> {
  const { db, env } = runtime();
  const before = new Date(now.getTime() - env.ACTIVITY_RETENTION_DAYS * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const ids = await db.kysely.selectFrom("activity_log").select("id").where("at", "<", before).limit(BATCH).execute();
    if (ids.length === 0) return total;
    const res = await db.kysely
      .deleteFrom("activity_log")
      .where(
        "id",
        "in",
        ids.map((r) => r.id),
      )
      .executeTakeFirst();
    total += Number(res.numDeletedRows ?? 0);
    if (ids.length < BATCH) return total;
  }
}

/** At start, then every 6 hours, in each server process (two sweeps at once delete nothing twice). */
export function startActivityRetention(): () => void {
  const run = () =>
    sweepOldActivity()
      .then((n) => {
        if (n > 0) log.info(`journal d'activité : ${n} lignes plus anciennes que la durée de conservation supprimées`);
      })
      .catch((e: unknown) => log.error("journal d'activité : nettoyage impossible", e));
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
