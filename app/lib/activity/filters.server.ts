import { sql, type ExpressionBuilder } from "kysely";
import { z } from "zod";
import { localToUtc } from "~/lib/blog/time";
import type { Database } from "~/lib/db/schema";
import { errors } from "~/lib/http/api.server";
import { ACTIVITY_ACTIONS, ACTIVITY_GROUPS, ACTIVITY_OUTCOMES, actionsOfGroup, type ActivityAction, type ActivityGroup } from "./actions";

/**
 * The "Journal d'activité" filters as the query string carries them (GET /api/activity and its CSV):
 * a group or one action, a member, an outcome, a day range in the site's time zone, words of the target,
 * and the keyset cursor. Every value is checked here; a wrong one is a French 400.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day ("2026-02-30" is not one). */
function isRealDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}
const daySchema = z.string().regex(DAY, "date attendue au format AAAA-MM-JJ").refine(isRealDay, "date inexistante");

export const activityQuerySchema = z
  .object({
    group: z.enum(Object.keys(ACTIVITY_GROUPS) as [ActivityGroup, ...ActivityGroup[]], { message: "groupe d'actions inconnu" }).optional(),
    action: z.enum(Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]], { message: "action inconnue" }).optional(),
    actor: z.string().trim().max(254, "adresse trop longue").optional(),
    outcome: z.enum(Object.keys(ACTIVITY_OUTCOMES) as ["ok", "failure", "refused"], { message: "résultat inconnu" }).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    q: z.string().trim().max(100, "100 caractères au plus").optional(),
    // Checked here, before an answer starts: the CSV export reads its pages while streaming.
    before: z
      .string()
      .max(200, "curseur de page invalide")
      .refine((c) => cursorParts(c) !== null, "curseur de page invalide")
      .optional(),
  })
  .transform((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== "" && v !== undefined)) as typeof f);
export type ActivityFilters = z.infer<typeof activityQuerySchema> & { timeZone?: string };

export function writeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString("base64url");
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/;
function cursorParts(cursor: string): { at: string; id: string } | null {
  const m = CURSOR.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return m ? { at: m[1], id: m[2] } : null;
}
export function readCursor(cursor: string): { at: string; id: string } {
  const parts = cursorParts(cursor);
  if (!parts) throw errors.invalid("curseur de page invalide");
  return parts;
}

/** The start of a local day as a UTC instant ("2026-11-26" in Europe/Paris → 2026-11-25T23:00:00.000Z). */
function dayStart(day: string, timeZone: string): string {
  return localToUtc(`${day}T00:00`, timeZone).toISOString();
}

function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Escapes LIKE's wildcards so "50%" finds "50%", not everything. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function filtersToWhere(eb: ExpressionBuilder<Database, "activity_log">, f: ActivityFilters, after: { at: string; id: string } | null) {
  const tz = f.timeZone ?? "UTC";
  const and = [];
  if (f.action) and.push(eb("action", "=", f.action));
  else if (f.group) and.push(eb("action", "in", actionsOfGroup(f.group)));
  if (f.actor) and.push(eb("actor_email", "=", f.actor.toLowerCase()));
  if (f.outcome) and.push(eb("outcome", "=", f.outcome));
  if (f.from) and.push(eb("at", ">=", dayStart(f.from, tz)));
  if (f.to) and.push(eb("at", "<", dayStart(nextDay(f.to), tz)));
  if (f.q) {
    // Both engines: lower() for the same case rule (PostgreSQL's LIKE is case-sensitive, SQLite's is not
    // for ASCII), ESCAPE for the same wildcard rule (SQLite has no default escape character).
    const pattern = likeText(f.q.toLowerCase());
    and.push(
      eb.or([
        sql<boolean>`lower(target_label) like ${pattern} escape '\\'`,
        sql<boolean>`lower(detail) like ${pattern} escape '\\'`,
        sql<boolean>`actor_email like ${pattern} escape '\\'`,
      ]),
    );
  }
  // A row-value comparison, which both engines answer from the (at, id) index; the equivalent OR of two
  // comparisons made PostgreSQL read the whole index 500 pages deep.
  if (after) and.push(sql<boolean>`(at, id) < (${after.at}, ${after.id})`);
  return eb.and(and);
}
