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

/**
 * A budget of failures that a success does not spend (sign-in, issue 24 finding 12). Counting every
 * attempt before the check kept parallel guesses within the limit, but twelve parallel right passwords
 * then used the budget of five and the last seven were refused. Here the key counts failures only, and
 * a second key counts the attempts being checked right now: an attempt may start while failures plus
 * attempts in progress stay within the limit, so at most `max` guesses are ever checked, and an attempt
 * that finds the budget full of attempts in progress (not of failures) waits for them to settle.
 */
export interface Reservation {
  /** False: the failures fill the budget (or the wait for attempts in progress ran out). */
  allowed: boolean;
  retryAfterSeconds: number;
  /** Failures in the current window, before this attempt. */
  failures: number;
}

/** An attempt in progress is a password check, well under a minute: a crashed process's leftovers expire. */
const IN_PROGRESS: Limit = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
const inProgressKey = (key: string) => `${key}#en-cours`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The failures counted under `key` in its current window (0 when the window is over), without counting one. */
export async function peek(key: string, limit: Limit, now = new Date()): Promise<ThrottleState> {
  const row = await runtime().db.kysely.selectFrom("throttle").select(["count", "window_start"]).where("key", "=", key).executeTakeFirst();
  const stale = now.getTime() - limit.windowMs;
  if (!row || new Date(row.window_start).getTime() <= stale) return { allowed: true, retryAfterSeconds: 1, count: 0 };
  return windowState(Number(row.count), row.window_start, limit, now);
}

/**
 * Reserves a place for one attempt, waiting up to `waitMs` while attempts in progress fill the budget.
 * Allowed: the caller must `settle` it. Refused: nothing is held.
 */
export async function reserve(key: string, limit: Limit, waitMs = 30_000): Promise<Reservation> {
  const deadline = Date.now() + waitMs;
  for (let round = 0; ; round++) {
    const now = new Date();
    const inProgress = await take(inProgressKey(key), IN_PROGRESS, now);
    const failures = await peek(key, limit, now);
    if (failures.count >= limit.max) {
      await release(inProgressKey(key));
      return { allowed: false, retryAfterSeconds: failures.retryAfterSeconds, failures: failures.count };
    }
    if (failures.count + inProgress.count <= limit.max) return { allowed: true, retryAfterSeconds: failures.retryAfterSeconds, failures: failures.count };
    await release(inProgressKey(key));
    if (Date.now() >= deadline) return { allowed: false, retryAfterSeconds: 1, failures: failures.count };
    // Growing, with jitter, so waiting attempts neither come back together nor keep the database busy.
    await pause(Math.min(250, 20 * 2 ** round) * (0.5 + Math.random()));
  }
}

/**
 * Ends a reserved attempt. A failure is counted before the place is given back, so the sum the next
 * `reserve` reads never dips below the truth.
 */
export async function settle(key: string, limit: Limit, failed: boolean): Promise<void> {
  if (failed) await take(key, limit);
  await release(inProgressKey(key));
}

/** Counts one failure under `key` that had no reservation (an attempt refused while the budget was full). */
export async function fail(key: string, limit: Limit): Promise<void> {
  await take(key, limit);
}
