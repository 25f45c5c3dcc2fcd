import { liveVisitorsStream } from "~/lib/analytics/live.server";
import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors } from "~/lib/http/api.server";
import type { Route } from "./+types/analytics.live";

/** Server-sent events: { activeUsers } whenever it changes. Team members only. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const stillAllowed = () => requireTeamMember(request).then(() => true);
    return new Response(liveVisitorsStream(request.signal, undefined, stillAllowed), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform keeps the compression middleware from buffering the stream.
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
}

export const action = () => api(async () => Promise.reject(errors.method()));
