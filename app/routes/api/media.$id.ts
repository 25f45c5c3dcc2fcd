import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { isEdited } from "~/lib/media/edit.server";
import { deleteMedia, getMedia, mediaUsage, updateMedia } from "~/lib/media/library.server";
import { mediaUpdateSchema } from "~/lib/media/media-schemas";
import type { Route } from "./+types/media.$id";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function checkId(id: string) {
  if (!ID.test(id)) throw errors.notFound("Média");
  return id;
}

/** GET: one item with where it is used (every version: pages, articles, menus, footer, design). */
export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const item = await getMedia(checkId(params.id));
    return json({ item, usage: await mediaUsage(item.id), edited: await isEdited(item.id) });
  });
}

/** PATCH edits title, alt and category; DELETE removes the item unless a published page shows it. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const method = request.method.toUpperCase();
    if (method === "PATCH") {
      const patch = await readJson(request, mediaUpdateSchema);
      return json({ item: await updateMedia(checkId(params.id), patch) });
    }
    if (method === "DELETE") {
      await deleteMedia(checkId(params.id));
      return json({ ok: true });
    }
    throw errors.method();
  });
}
