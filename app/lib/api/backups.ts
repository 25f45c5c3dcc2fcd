import type { BackupMeta, Schedule } from "~/lib/backup/backup-schemas";

export type { BackupMeta, Schedule } from "~/lib/backup/backup-schemas";

/** The running (or last) backup or restore, with its progress. */
export interface BackupJobView {
  operation: "create" | "restore";
  phase: string;
  done: number;
  total: number;
  outcome: "running" | "done" | "failed";
  message: string | null;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** GET /api/backups: everything the Sauvegardes page shows. */
export interface BackupsAnswer {
  backups: BackupMeta[];
  job: BackupJobView | null;
  schedule: Schedule;
  /** The site's time zone (IANA name), in which the schedule's time is read. */
  timeZone: string;
  /** Rows per table now, for the restore confirmation ("what will be replaced"). */
  current: { rows: Record<string, number>; media: number };
  uploadMaxMb: number;
  /** Automatic copies made before each restore that are kept (BACKUP_SAFETY_COPIES), the newest. */
  safetyCopiesKept: number;
}

/** POST /api/backups and …/restore: the job started (202); its progress is read with GET. */
export interface StartedAnswer {
  started: true;
}

/** POST /api/backups/upload: the archive added to the list. */
export interface BackupAnswer {
  backup: BackupMeta;
}

/** PUT /api/backups/schedule. */
export interface ScheduleAnswer {
  schedule: Schedule;
}
