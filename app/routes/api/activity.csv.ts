import { CSV_HEADER, csvLine, entryCsvLine } from "~/lib/activity/csv";
import { activityQuerySchema } from "~/lib/activity/filters.server";
import { allActivity } from "~/lib/activity/log.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import { runtime } from "~/lib/runtime.server";
import type { Route } from "./+types/activity.csv";

/** GET: every line the filters select, as a CSV file, streamed a thousand lines at a time. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "readActivityLog",
    handle: async ({ request }) => {
      const { env } = runtime();
      const filters = { ...queryOf(request, activityQuerySchema), timeZone: env.SITE_TIMEZONE };
      const encoder = new TextEncoder();
      const lines = allActivity(filters);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode("\uFEFF" + csvLine(CSV_HEADER)));
        },
        async pull(controller) {
          const chunk: string[] = [];
          for (let i = 0; i < 200; i++) {
            const next = await lines.next();
            if (next.done) {
              if (chunk.length) controller.enqueue(encoder.encode(chunk.join("")));
              controller.close();
              return;
            }
            chunk.push(entryCsvLine(next.value));
          }
          controller.enqueue(encoder.encode(chunk.join("")));
        },
        async cancel() {
          await lines.return(undefined);
        },
      });
      const day = new Date().toISOString().slice(0, 10);
      return new Response(body, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="journal-activite-${day}.csv"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
