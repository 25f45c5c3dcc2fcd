import { sql } from "kysely";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";

/**
 * How long raw page views are kept. They serve "current visitors" (the last 5 minutes) only: top pages
 * and the daily chart read the per-day totals (page_view_daily), which are kept, so deleting old raw
 * rows loses no figure the back-office shows, and keeps visitor ids no longer than needed (GDPR).
 */
const RAW_VIEWS_KEEP_DAYS = 90;
const BATCH = 5000;
const EVERY_MS = 6 * 60 * 60_000;

/**
 * Deletes raw page views older than the retention, a batch at a time so a large backlog never holds
 * the database for long. Returns how many rows went. Each server process runs it (at start, then every
 * 6 hours): running it twice at once is harmless.
 */
async function sweepOldPageViews(now = new Date()): Promise<number> {
  const { db } = runtime();
  const before = new Date(now.getTime() - RAW_VIEWS_KEEP_DAYS * 86_400_000).toISOString();
  // page_views has no key of its own (append-only log): each engine's row address picks a batch,
  // found through the created_at index.
  const rowAddress = db.engine === "postgres" ? sql.raw("ctid") : sql.raw("rowid");
  let total = 0;
  for (;;) {
    const res =
      await sql`delete from page_views where ${rowAddress} in (select ${rowAddress} from page_views where created_at < ${before} limit ${BATCH})`.execute(
        db.kysely,
      );
    const n = Number(res.numAffectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function startRetention(): () => void {
  const run = () =>
    sweepOldPageViews()
      .then((n) => {
        if (n > 0) log.info(`${n} vues de page de plus de ${RAW_VIEWS_KEEP_DAYS} jours supprimées (les totaux par jour restent)`);
      })
      .catch((e: unknown) => log.error("nettoyage des anciennes vues de page impossible", e));
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
