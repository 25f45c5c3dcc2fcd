import { activityQuerySchema } from "~/lib/activity/filters.server";
import { listActivity } from "~/lib/activity/log.server";
import type { ActivityPageAnswer } from "~/lib/api/activity";
import { json } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import { runtime } from "~/lib/runtime.server";
import type { Route } from "./+types/activity";

/**
 * GET: one page (50 lines) of the activity log, newest first, with the filters of the "Journal
 * d'activité" and the cursor of the previous page. The log has no other method: nobody edits it (405).
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "readActivityLog",
    handle: async ({ request }) => {
      const filters = { ...queryOf(request, activityQuerySchema), timeZone: runtime().env.SITE_TIMEZONE };
      return json((await listActivity(filters)) satisfies ActivityPageAnswer, { headers: { "Cache-Control": "no-store" } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
