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
    handle: async ({ request }) => {
      const input = await readJson(request, scheduleSchema, 1024);
      return json({ schedule: await saveSchedule(input) } satisfies ScheduleAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
