import { requireTeamMember } from "~/lib/auth/permissions.server";
import { errors } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import { presenceStream } from "~/lib/presence/live.server";
import { assertPage } from "~/lib/presence/presence.server";
import { presenceLiveQuerySchema } from "~/lib/presence/presence-schemas";
import type { Route } from "./+types/presence.$pageId.live";

/** Server-sent events: who has this page open and who holds it, whenever it changes (?tab= the listening tab). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      if (params.pageId.length > 64) throw errors.notFound("Page");
      const { tab } = queryOf(request, presenceLiveQuerySchema);
      await assertPage(params.pageId);
      const stillAllowed = () => requireTeamMember(request).then(() => true);
      return new Response(presenceStream(params.pageId, tab, signed.member.id, request.signal, stillAllowed), {
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
