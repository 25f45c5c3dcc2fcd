import { activityBy, pageTarget } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import type { PageAnswer } from "~/lib/api/pages";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { deleteCustomPage, listAdminPages } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id";

/** One page as the list shows it; deleting a custom page is the admin role's. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ params }) => {
      const page = (await listAdminPages()).find((p) => p.id === params.id);
      if (!page) throw errors.notFound("Page");
      return json({ page } satisfies PageAnswer);
    },
  },
  DELETE: {
    permission: "deletePage",
    handle: async ({ params, signed, context }) => {
      const target = await pageTarget(params.id);
      await deleteCustomPage(params.id);
      await activityBy(signed, context)("page.delete", { target });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
