import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson, requireMethod } from "~/lib/http/api.server";
import { checkMediaId, editMedia } from "~/lib/media/edit.server";
import { mediaEditSchema } from "~/lib/media/edit-math";
import type { Route } from "./+types/media.$id.edit";

/** POST: the image editor's edit applied on the server as a new version (decision record 013). */
export function loader() {
  return api(async () => {
    throw errors.method();
  });
}

export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    requireMethod(request, "POST");
    await requireTeamMember(request);
    const id = checkMediaId(params.id);
    const edit = await readJson(request, mediaEditSchema);
    return json({ item: await editMedia(id, edit) });
  });
}
