import type { ActivityAction, ActivityOutcome } from "~/lib/activity/actions";

/** The activity log as the API answers it (GET /api/activity) and the "Journal d'activité" reads it. */
export interface ActivityEntry {
  id: string;
  at: string;
  actorEmail: string | null;
  action: ActivityAction;
  outcome: ActivityOutcome;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  lang: string | null;
  detail: string | null;
  ip: string | null;
}

export interface ActivityPageAnswer {
  entries: ActivityEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: string | null;
}
