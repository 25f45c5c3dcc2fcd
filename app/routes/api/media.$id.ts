import { activityBy, mediaTarget } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import type { MediaDetailAnswer, MediaItemAnswer } from "~/lib/api/media";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { isEdited } from "~/lib/media/edit.server";
import { deleteMedia, getMedia, mediaUsage, updateMedia } from "~/lib/media/library.server";
import { mediaUpdateSchema } from "~/lib/media/media-schemas";
import type { Route } from "./+types/media.$id";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function checkId(id: string) {
  if (!ID.test(id)) throw errors.notFound("Média");
  return id;
}

const handlers = endpoint<Route.LoaderArgs>({
  /** One item with the pages that use it. */
  GET: {
    permission: "editContent",
    handle: async ({ params }) => {
      const item = await getMedia(checkId(params.id));
      return json({ item, usage: await mediaUsage(item.id), edited: await isEdited(item.id) } satisfies MediaDetailAnswer);
    },
  },
  /** Edits title, alt and category. */
  PATCH: {
    permission: "editContent",
    handle: async ({ request, params }) => {
      const patch = await readJson(request, mediaUpdateSchema);
      return json({ item: await updateMedia(checkId(params.id), patch) } satisfies MediaItemAnswer);
    },
  },
  /** Removes the item unless a published page shows it. */
  DELETE: {
    permission: "publishContent",
    handle: async ({ params, signed, context }) => {
      const id = checkId(params.id);
      const target = await mediaTarget(id);
      await deleteMedia(id);
      await activityBy(signed, context)("media.delete", { target });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
