import { randomUUID } from "node:crypto";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import type { ActivityEntry } from "~/lib/api/activity";
import type { ActivityLogTable } from "~/lib/db/schema";
import type { ActivityAction, ActivityOutcome } from "./actions";
import { type ActivityFilters, filtersToWhere, readCursor, writeCursor } from "./filters.server";

/**
 * Writing and reading the activity log (issue 25 §5, decision 044). A line is written after the action
 * it records has succeeded (or failed, for sign-ins); a line that cannot be written is logged and never
 * turns a done action into an error. Nothing here updates a line: the only delete is the retention sweep.
 */
export interface ActivityInput {
  actor?: { id: string; email: string } | null;
  /** Who, when there is no member (a failed sign-in names the address that was tried). */
  actorEmail?: string | null;
  action: ActivityAction;
  outcome?: ActivityOutcome;
  target?: { type: string; id?: string | null; label?: string | null } | null;
  lang?: string | null;
  detail?: string | null;
  ip?: string | null;
}

const cap = (v: string | null | undefined, n: number) => (v == null ? null : v.slice(0, n));

export async function recordActivity(input: ActivityInput, now = new Date()): Promise<void> {
  const row: ActivityLogTable = {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: input.actor?.id ?? null,
    actor_email: cap(input.actor?.email ?? input.actorEmail ?? null, 254),
    action: input.action,
    outcome: input.outcome ?? "ok",
    target_type: cap(input.target?.type, 40),
    target_id: cap(input.target?.id, 100),
    target_label: cap(input.target?.label, 200),
    lang: cap(input.lang, 5),
    detail: cap(input.detail, 500),
    ip: cap(input.ip, 64),
  };
  try {
    await runtime().db.kysely.insertInto("activity_log").values(row).execute();
  } catch (e) {
    log.error(`journal d'activité : ligne non écrite (${input.action})`, e);
  }
}

const toEntry = (r: ActivityLogTable): ActivityEntry => ({
  id: r.id,
  at: r.at,
  actorEmail: r.actor_email,
  action: r.action as ActivityEntry["action"],
  outcome: r.outcome,
  targetType: r.target_type,
  targetId: r.target_id,
  targetLabel: r.target_label,
  lang: r.lang,
  detail: r.detail,
  ip: r.ip,
});

/** One page of lines, newest first, after the cursor `before` (keyset: never an OFFSET over 100,000 rows). */
export async function listActivity(filters: ActivityFilters, limit = 50): Promise<{ entries: ActivityEntry[]; next: string | null }> {
  const { db } = runtime();
  const after = filters.before ? readCursor(filters.before) : null;
  const rows = await db.kysely
    .selectFrom("activity_log")
    .selectAll()
    .where((eb) => filtersToWhere(eb, filters, after))
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { entries: page.map(toEntry), next: rows.length > limit && last ? writeCursor(last.at, last.id) : null };
}

/** Every matching line, newest first, a page at a time (the CSV export streams them). */
export async function* allActivity(filters: ActivityFilters): AsyncGenerator<ActivityEntry> {
  let before: string | undefined = filters.before;
  for (;;) {
    const { entries, next } = await listActivity({ ...filters, before }, 1000);
    yield* entries;
    if (!next) return;
    before = next;
  }
}
