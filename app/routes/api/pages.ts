import type { PageAnswer, PagesAnswer } from "~/lib/api/pages";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { createPageSchema } from "~/lib/pages/page-schemas";
import { createCustomPage, listAdminPages } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages";

const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "editContent", handle: async () => json({ pages: await listAdminPages() } satisfies PagesAnswer) },
  /** Creates a custom page (served at /page/{slug} and /en/page/{slug}), unpublished and empty. */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, createPageSchema);
      return json({ page: await createCustomPage(input, signed.member.email) } satisfies PageAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
