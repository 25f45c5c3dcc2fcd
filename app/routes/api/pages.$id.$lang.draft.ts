import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { MAX_DOCUMENT_BYTES, saveDraftSchema } from "~/lib/pages/page-schemas";
import { saveDraft } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.draft";
import { pageParams } from "./pages-params.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });

/** Saves the draft: validated against the schema, sanitized, refused when based on a stale version. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "PUT") throw errors.method();
    const { id, lang } = pageParams(params);
    const input = await readJson(request, saveDraftSchema, MAX_DOCUMENT_BYTES);
    return json(await saveDraft(id, lang, input.doc, input.version, input.force ?? false, member.email));
  });
}
