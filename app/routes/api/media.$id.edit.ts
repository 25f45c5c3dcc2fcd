import type { MediaItemAnswer } from "~/lib/api/media";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { checkMediaId, editMedia } from "~/lib/media/edit.server";
import { mediaEditSchema } from "~/lib/media/edit-math";
import type { Route } from "./+types/media.$id.edit";

/** POST: the image editor's edit applied on the server as a new version (decision record 013). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params }) => {
      const id = checkMediaId(params.id);
      const edit = await readJson(request, mediaEditSchema);
      return json({ item: await editMedia(id, edit) } satisfies MediaItemAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
