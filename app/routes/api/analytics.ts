import { z } from "zod";
import type { AnalyticsData } from "~/lib/api/analytics";
import { activeUsers, dailyViews, DEFAULT_DAYS, MAX_DAYS, topPages } from "~/lib/analytics/query.server";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/analytics";

const querySchema = z.object({ days: z.coerce.number().int().min(1).max(MAX_DAYS).default(DEFAULT_DAYS) }).strict();

/**
 * get_analytics_data (seed 000 §7 call 7): { ga: { activeUsers, topPages } }, plus the daily views of
 * the period for the panel's chart. ?days=N chooses the period (default 30). Team members only.
 */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) throw errors.invalid(`days — un entier de 1 à ${MAX_DAYS}`);
      const { days } = parsed.data;
      const now = new Date();
      const [active, top, daily] = await Promise.all([activeUsers(now), topPages(days, 10, now), dailyViews(days, now)]);
      return json({ ga: { activeUsers: active, topPages: top }, days, daily } satisfies AnalyticsData);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
