import type { ActivityEntry } from "~/lib/api/activity";
import { ACTIVITY_ACTIONS, ACTIVITY_OUTCOMES } from "./actions";

/**
 * The activity log as CSV for a spreadsheet (semicolon-separated, as French Excel expects, with a BOM so
 * accents survive). A cell that starts like a formula (= + - @, tab, carriage return) is prefixed with an
 * apostrophe: a page title such as "=HYPERLINK(…)" must stay text when an admin opens the file.
 */
export const CSV_HEADER = ["Date (UTC)", "Membre", "Action", "Résultat", "Objet", "Identifiant", "Langue", "Détail", "Adresse IP"];

const FORMULA_START = /^[=+\-@\t\r]/;
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: (string | null)[]) => cells.map(csvCell).join(";") + "\r\n";

export function entryCsvLine(e: ActivityEntry): string {
  return csvLine([
    e.at,
    e.actorEmail,
    ACTIVITY_ACTIONS[e.action]?.label ?? e.action,
    ACTIVITY_OUTCOMES[e.outcome] ?? e.outcome,
    e.targetLabel ?? e.targetType,
    e.targetId,
    e.lang,
    e.detail,
    e.ip,
  ]);
}
