import type { Transaction } from "kysely";
import type pg from "pg";
import { takeWith, windowState, type Limit } from "~/lib/http/throttle.server";
import type { Database } from "~/lib/db/schema";
import { languageFromPath, normalizePath } from "~/lib/i18n/routes";
import { runtime } from "~/lib/runtime.server";
import { siteDay } from "./query.server";

export interface PageView {
  path: string;
  visitorId: string;
  referrerHost: string | null;
}

type BeaconOutcome = { kind: "recorded" } | { kind: "unknown_page" } | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Records one page view and adds it to its day's total, atomically. Only paths of pages that exist
 * are counted, so a forged beacon cannot fill "top pages" with invented paths. The language is the
 * path's (seed 000 §2), not the client's say. Returns false for an unknown path.
 */
export async function recordPageView(view: PageView, now = new Date()): Promise<boolean> {
  const { db } = runtime();
  if (db.pgPool) return (await pgRecord(db.pgPool, view, now, null)).recorded;
  return db.kysely.transaction().execute((trx) => sqliteInsertView(trx, view, now));
}

/**
 * The beacon's whole database work at once: its place in the client's rate-limit window (the
 * "throttle" table, the fixed-window rule of http/throttle.server.ts: `takeWith` in the SQLite
 * transaction, the same upsert inside PostgreSQL's single statement) and, within the limit, the page view.
 */
export async function recordBeacon(ip: string, view: PageView, limit: Limit, now = new Date()): Promise<BeaconOutcome> {
  const { db } = runtime();
  const key = `beacon-ip:${ip}`;
  if (db.pgPool) {
    const r = await pgRecord(db.pgPool, view, now, { key, limit });
    if (r.throttle && !r.throttle.allowed) return { kind: "throttled", retryAfterSeconds: r.throttle.retryAfterSeconds };
    return r.recorded ? { kind: "recorded" } : { kind: "unknown_page" };
  }
  return db.kysely.transaction().execute(async (trx) => {
    const state = await takeWith(trx, key, limit, now);
    if (!state.allowed) return { kind: "throttled", retryAfterSeconds: state.retryAfterSeconds };
    return (await sqliteInsertView(trx, view, now)) ? { kind: "recorded" } : { kind: "unknown_page" };
  });
}

function rowOf(view: PageView, now: Date) {
  const path = normalizePath(view.path);
  const created_at = now.toISOString();
  return {
    visitor_id: view.visitorId,
    path,
    lang: languageFromPath(path),
    referrer_host: view.referrerHost ? view.referrerHost.toLowerCase() : null,
    created_at,
    // The chart's day is the site's (SITE_TIMEZONE), computed here once so both engines store the same one.
    day: siteDay(now),
  };
}

/**
 * PostgreSQL: one statement, so one round trip, prepared once per connection (planning this statement
 * costs more than running it). It also commits asynchronously (set_config local to its own
 * transaction): a durable commit waits for the WAL to reach the disk, about 2.5 ms here, and page views
 * and their rate-limit counters may lose their last fraction of a second in a crash, never their
 * consistency. Pages, sessions and consents keep durable commits.
 */
const PG_RECORD = (limited: boolean) => `
  with cfg as (select set_config('synchronous_commit', 'off', true) as v),
  ${
    limited
      ? `t as (
    insert into throttle (key, window_start, count) values ($7, $5, 1)
    on conflict (key) do update set
      count = case when throttle.window_start <= $8 then 1 else throttle.count + 1 end,
      window_start = case when throttle.window_start <= $8 then $5 else throttle.window_start end
    returning count, window_start
  ),`
      : ""
  }
  known as (select 1 from page_translations where path = $2 ${limited ? "and (select count from t) <= $9" : ""} limit 1),
  ins as (
    insert into page_views (visitor_id, path, lang, referrer_host, created_at)
    select $1, $2, $3, $4::text, $5 from known
    returning path
  ),
  agg as (
    insert into page_view_daily (day, path, views) select $6::text, path, 1 from ins
    on conflict (day, path) do update set views = page_view_daily.views + 1
    returning 1
  )
  select (select v from cfg) as cfg, (select count(*) from agg) as recorded
  ${limited ? ", (select count from t) as count, (select window_start from t) as window_start" : ""}`;
const PG_VIEW = { name: "analytics-record-view", text: PG_RECORD(false) };
const PG_BEACON = { name: "analytics-record-beacon", text: PG_RECORD(true) };

async function pgRecord(pool: pg.Pool, view: PageView, now: Date, limited: { key: string; limit: Limit } | null) {
  const row = rowOf(view, now);
  const values: unknown[] = [row.visitor_id, row.path, row.lang, row.referrer_host, row.created_at, row.day];
  if (limited) values.push(limited.key, new Date(now.getTime() - limited.limit.windowMs).toISOString(), limited.limit.max);
  const result = await pool.query<{ recorded: string | number; count?: number; window_start?: string }>({ ...(limited ? PG_BEACON : PG_VIEW), values });
  const out = result.rows[0];
  return {
    recorded: Number(out?.recorded ?? 0) > 0,
    throttle: limited && out?.count !== undefined && out.window_start ? windowState(Number(out.count), out.window_start, limited.limit, now) : null,
  };
}

async function sqliteInsertView(trx: Transaction<Database>, view: PageView, now: Date): Promise<boolean> {
  const { day, ...row } = rowOf(view, now);
  const known = await trx.selectFrom("page_translations").select("path").where("path", "=", row.path).executeTakeFirst();
  if (!known) return false;
  await trx.insertInto("page_views").values(row).execute();
  await trx
    .insertInto("page_view_daily")
    .values({ day, path: row.path, views: 1 })
    .onConflict((oc) => oc.columns(["day", "path"]).doUpdateSet((eb) => ({ views: eb("page_view_daily.views", "+", 1) })))
    .execute();
  return true;
}
