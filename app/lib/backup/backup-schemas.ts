import { z } from "zod";

/** Shared by the server and the Sauvegardes page. */
export const BACKUPS_FOR_ADMINS =
  "Les sauvegardes sont réservées aux administrateurs : une sauvegarde contient tous les comptes, messages et médias du site, et une restauration les remplace.";

export const BACKUP_ID = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

const count = z.number().int().min(0);
export const backupMetaSchema = z.object({
  id: z.string().regex(BACKUP_ID),
  createdAt: z.string(),
  size: count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  trigger: z.object({ kind: z.enum(["manual", "schedule", "before-restore", "command", "upload"]), by: z.string().nullable() }),
  engine: z.enum(["sqlite", "postgres"]),
  schemaVersion: z.string(),
  counts: z.object({ tables: count, rows: count, media: count, mediaBytes: count }),
  rows: z.record(z.string(), count),
});
export type BackupMeta = z.infer<typeof backupMetaSchema>;

/** "HH:MM" in the site's time zone; keep 1..365. */
export const scheduleSchema = z
  .object({
    enabled: z.boolean(),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "heure au format HH:MM"),
    keep: z.number().int().min(1, "garder au moins 1 sauvegarde").max(365, "garder au plus 365 sauvegardes"),
  })
  .strict();
export type Schedule = z.infer<typeof scheduleSchema>;
export const DEFAULT_SCHEDULE: Schedule = { enabled: false, time: "03:00", keep: 7 };

export const restoreSchema = z.object({ confirm: z.literal(true, "confirmation requise") }).strict();
export const createSchema = z.object({}).strict();
