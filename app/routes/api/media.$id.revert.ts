import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, requireMethod } from "~/lib/http/api.server";
import { checkMediaId, revertMedia } from "~/lib/media/edit.server";
import type { Route } from "./+types/media.$id.revert";

/** POST: 'Revenir à l'original' — the item shows its original upload again. */
export function loader() {
  return api(async () => {
    throw errors.method();
  });
}

export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    requireMethod(request, "POST");
    await requireTeamMember(request);
    return json({ item: await revertMedia(checkMediaId(params.id)) });
  });
}
