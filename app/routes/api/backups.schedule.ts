import { activityBy } from "~/lib/activity/record.server";
import type { ScheduleAnswer } from "~/lib/api/backups";
import { scheduleSchema } from "~/lib/backup/backup-schemas";
import { saveSchedule } from "~/lib/backup/schedule.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/backups.schedule";

/** PUT: the daily backup (on or off, time in the site's time zone, how many to keep). */
const handlers = endpoint<Route.LoaderArgs>({
  PUT: {
    permission: "manageBackups",
    handle: async ({ request, signed, context }) => {
      const input = await readJson(request, scheduleSchema, 1024);
      const schedule = await saveSchedule(input);
      await activityBy(signed, context)("backup.schedule", { detail: input.enabled ? `Chaque jour à ${input.time}, ${input.keep} gardées` : "Désactivée" });
      return json({ schedule } satisfies ScheduleAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
