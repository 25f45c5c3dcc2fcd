import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { createCustomPage, listAdminPages } from "~/lib/pages/pages-admin.server";
import { createPageSchema } from "~/lib/pages/page-schemas";
import type { PageAnswer, PagesAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages";

export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    return json({ pages: await listAdminPages() } satisfies PagesAnswer);
  });
}

/** Creates a custom page (served at /page/{slug} and /en/page/{slug}), unpublished and empty. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, createPageSchema);
    return json({ page: await createCustomPage(input, member.email) } satisfies PageAnswer, { status: 201 });
  });
}
