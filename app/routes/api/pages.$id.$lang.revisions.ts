import type { RevisionsAnswer } from "~/lib/api/pages";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { listRevisions } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.revisions";
import { pageParams } from "./pages-params.server";

const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ params }) => {
      const { id, lang } = pageParams(params);
      return json({ revisions: await listRevisions(id, lang) } satisfies RevisionsAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
