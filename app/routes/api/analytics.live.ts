import { liveVisitorsStream } from "~/lib/analytics/live.server";
import { requireTeamMember } from "~/lib/auth/permissions.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/analytics.live";

/** Server-sent events: { activeUsers } whenever it changes. Team members only, checked again while it runs. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      const stillAllowed = () => requireTeamMember(request).then(() => true);
      return new Response(liveVisitorsStream(request.signal, undefined, stillAllowed), {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          // no-transform keeps the compression middleware from buffering the stream.
          "Cache-Control": "no-store, no-transform",
          "X-Accel-Buffering": "no",
        },
      });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
