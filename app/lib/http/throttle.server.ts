import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/lib/db/schema";
import { runtime } from "~/lib/runtime.server";

/**
 * Fixed-window counters in the database (shared by every server process). Keys name what is limited
 * ("login-ip:…", "login-account:…"), never the request path, so path variants share one counter.
 *
 * An attempt takes its place in the window before it is checked, in one atomic statement: checking
 * first and counting after the (slow) password check let parallel requests all pass the check
 * together, and a read-then-write count lost updates between processes.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

interface ThrottleState {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Attempts in the current window, this one included. */
  count: number;
}

/** Windows are at most hours long: rows a day old count for nothing and are swept, at most hourly per process. */
const SWEEP_EVERY_MS = 60 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;
let lastSweep = 0;

async function sweepThrottle(now = new Date()): Promise<void> {
  lastSweep = now.getTime();
  await runtime()
    .db.kysely.deleteFrom("throttle")
    .where("window_start", "<", new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
}

/** Counts one attempt (opening a new window when the last one is over) and says whether it is within the limit. */
export async function take(key: string, limit: Limit, now = new Date()): Promise<ThrottleState> {
  if (now.getTime() - lastSweep > SWEEP_EVERY_MS) await sweepThrottle(now);
  return takeWith(runtime().db.kysely, key, limit, now);
}

/**
 * The counting statement of `take`, on a given connection or transaction (the analytics beacon counts
 * and records in one SQLite transaction). PostgreSQL's beacon path runs the same rule inside its own
 * single statement (analytics/record.server.ts) and reads the result with `windowState`.
 */
export async function takeWith(db: Kysely<Database> | Transaction<Database>, key: string, limit: Limit, now: Date): Promise<ThrottleState> {
  const iso = now.toISOString();
  const stale = new Date(now.getTime() - limit.windowMs).toISOString();
  const row = await db
    .insertInto("throttle")
    .values({ key, window_start: iso, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        // Both expressions read the row as it was before this update (SQL semantics, both engines).
        count: sql<number>`case when throttle.window_start <= ${stale} then 1 else throttle.count + 1 end`,
        window_start: sql<string>`case when throttle.window_start <= ${stale} then ${iso} else throttle.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return windowState(Number(row.count), row.window_start, limit, now);
}

/** Whether the attempt counted as `count` in the window opened at `windowStart` is allowed, and when to retry. */
export function windowState(count: number, windowStart: string, limit: Limit, now: Date): ThrottleState {
  const end = new Date(windowStart).getTime() + limit.windowMs;
  return { allowed: count <= limit.max, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)), count };
}

/** Gives back an attempt taken by `take` that turned out not to count (refused, or not a failure). */
export async function release(key: string): Promise<void> {
  await runtime()
    .db.kysely.updateTable("throttle")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

export async function reset(key: string): Promise<void> {
  await runtime().db.kysely.deleteFrom("throttle").where("key", "=", key).execute();
}
