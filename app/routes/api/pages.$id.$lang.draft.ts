import { requireTeamMember } from "~/lib/auth/permissions.server";
import { documentJob } from "~/lib/document/document-pool.server";
import { api, errors, json, readJsonText, refusalError } from "~/lib/http/api.server";
import { MAX_DOCUMENT_BYTES } from "~/lib/pages/page-schemas";
import { saveCheckedDraft } from "~/lib/pages/pages-admin.server";
import type { SavedAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id.$lang.draft";
import { pageParams } from "./pages-params.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });

/** Saves the draft: validated against the schema, sanitized, validated again, refused when based on a stale version. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "PUT") throw errors.method();
    const { id, lang } = pageParams(params);
    // Parsing, checking and sanitizing run in the document worker: a 2 MB draft never holds this thread.
    const checked = await documentJob({ kind: "save", text: await readJsonText(request, MAX_DOCUMENT_BYTES) });
    if (!checked.ok) throw refusalError(checked.refusal);
    return json((await saveCheckedDraft(id, lang, checked.draft, checked.version, checked.force, member.email)) satisfies SavedAnswer);
  });
}
