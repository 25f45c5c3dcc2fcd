import { localDay } from "~/lib/blog/time";
import { runtime } from "~/lib/runtime.server";

/** "Current visitors": distinct visitor ids seen within this window (issue 4). */
const ACTIVE_WINDOW_MS = 5 * 60_000;
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 365;
const DAY_MS = 86_400_000;

interface TopPage {
  path: string;
  views: number;
}

interface DailyViews {
  day: string;
  views: number;
}

/**
 * The site's day of an instant ("YYYY-MM-DD" in SITE_TIMEZONE): a visit at 23:30 in Paris counts for that
 * day in Paris, not for the UTC day (issue 20: the chart said a late evening's visits happened "tomorrow").
 */
export function siteDay(at: Date, timeZone = runtime().env.SITE_TIMEZONE): string {
  return localDay(at.toISOString(), timeZone);
}

/** First day (the site's) of a period of `days` days ending today (today included). */
export function periodStart(days: number, now = new Date(), timeZone = runtime().env.SITE_TIMEZONE): string {
  return new Date(Date.parse(`${siteDay(now, timeZone)}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

export async function activeUsers(now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - ACTIVE_WINDOW_MS).toISOString();
  const row = await runtime()
    .db.kysely.selectFrom("page_views")
    .select((eb) => eb.fn.count<string | number>("visitor_id").distinct().as("n"))
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Most viewed paths over the period, from the daily totals (a few rows per path and day, whatever the traffic). */
export async function topPages(days: number, limit = 10, now = new Date()): Promise<TopPage[]> {
  const rows = await runtime()
    .db.kysely.selectFrom("page_view_daily")
    .select((eb) => ["path", eb.fn.sum<string | number>("views").as("views")])
    .where("day", ">=", periodStart(days, now))
    .groupBy("path")
    .orderBy("views", "desc")
    .orderBy("path", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, views: Number(r.views) }));
}

/** Views per day over the period, every day present (zero when nothing was seen). */
export async function dailyViews(days: number, now = new Date()): Promise<DailyViews[]> {
  const from = periodStart(days, now);
  // Days are calendar labels from here on: stepping them in UTC never skips or repeats one at a clock change.
  const rows = await runtime()
    .db.kysely.selectFrom("page_view_daily")
    .select((eb) => ["day", eb.fn.sum<string | number>("views").as("views")])
    .where("day", ">=", from)
    .groupBy("day")
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, Number(r.views)]));
  const out: DailyViews[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    out.push({ day, views: byDay.get(day) ?? 0 });
  }
  return out;
}
