import { requireBackupManager } from "~/lib/auth/permissions.server";
import { scheduleSchema } from "~/lib/backup/backup-schemas";
import { saveSchedule } from "~/lib/backup/schedule.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/backups.schedule";

/** PUT: the daily backup (on or off, time in the site's time zone, how many to keep). */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    await requireBackupManager(request);
    if (request.method !== "PUT") throw errors.method();
    const input = await readJson(request, scheduleSchema, 1024);
    return json({ schedule: await saveSchedule(input) });
  });
}
