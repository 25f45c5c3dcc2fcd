import type { DraftAnswer } from "~/lib/api/pages";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { getDraft } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang";
import { pageParams } from "./pages-params.server";

/** The draft of one language of a page, with its version for optimistic concurrency. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ params }) => {
      const { id, lang } = pageParams(params);
      return json({ draft: await getDraft(id, lang) } satisfies DraftAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
