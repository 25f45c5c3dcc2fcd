import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import { getDraft } from "~/lib/pages/pages-admin.server";
import type { DraftAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.$id.$lang";
import { pageParams } from "./pages-params.server";

/** The draft of one language of a page, with its version for optimistic concurrency. */
export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const { id, lang } = pageParams(params);
    return json({ draft: await getDraft(id, lang) } satisfies DraftAnswer);
  });
}

export const action = ({ request }: Route.ActionArgs) =>
  api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });
