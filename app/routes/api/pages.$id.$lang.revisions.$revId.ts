import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { restoreSchema } from "~/lib/pages/page-schemas";
import { getRevision, restoreRevision } from "~/lib/pages/pages-admin.server";
import type { RevisionAnswer, SavedAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id.$lang.revisions.$revId";
import { pageParams } from "./pages-params.server";

/** One revision's document, for preview. */
export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const { id, lang } = pageParams(params);
    return json({ revision: await getRevision(id, lang, params.revId.slice(0, 64)) } satisfies RevisionAnswer);
  });
}

/** POST restores the revision as the draft (then published like any draft). */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const { id, lang } = pageParams(params);
    const { version } = await readJson(request, restoreSchema);
    return json((await restoreRevision(id, lang, params.revId.slice(0, 64), version, member.email)) satisfies SavedAnswer);
  });
}
