import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { publishSchema } from "~/lib/pages/page-schemas";
import { publish } from "~/lib/pages/pages-admin.server";
import type { PublishedAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id.$lang.publish";
import { pageParams } from "./pages-params.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });

/** Editors and admins publish; the public page shows it on its next request. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const { id, lang } = pageParams(params);
    const { version } = await readJson(request, publishSchema);
    return json((await publish(id, lang, version, member.email)) satisfies PublishedAnswer);
  });
}
