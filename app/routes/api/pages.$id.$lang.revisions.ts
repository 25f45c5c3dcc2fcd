import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import { listRevisions } from "~/lib/pages/pages-admin.server";
import type { RevisionsAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id.$lang.revisions";
import { pageParams } from "./pages-params.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const { id, lang } = pageParams(params);
    return json({ revisions: await listRevisions(id, lang) } satisfies RevisionsAnswer);
  });
}

export const action = ({ request }: Route.ActionArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });
