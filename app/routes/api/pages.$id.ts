import { requirePermission, requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import { deleteCustomPage, listAdminPages } from "~/lib/pages/pages-admin.server";
import type { OkAnswer, PageAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id";

export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const page = (await listAdminPages()).find((p) => p.id === params.id);
    if (!page) throw errors.notFound("Page");
    return json({ page } satisfies PageAnswer);
  });
}

/** Deleting a custom page is the admin role's. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "DELETE") {
      await requireTeamMember(request);
      throw errors.method();
    }
    await requirePermission(request, "deletePage");
    await deleteCustomPage(params.id);
    return json({ ok: true } satisfies OkAnswer);
  });
}
