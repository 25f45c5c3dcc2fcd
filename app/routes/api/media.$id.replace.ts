import type { MediaItemAnswer } from "~/lib/api/media";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { checkMediaId } from "~/lib/media/edit.server";
import { replaceMedia } from "~/lib/media/replace.server";
import type { Route } from "./+types/media.$id.replace";

/** POST: one file (multipart/form-data) that becomes the item's new version ("Remplacer", issue 22 §5). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params }) => json({ item: await replaceMedia(request, checkMediaId(params.id)) } satisfies MediaItemAnswer),
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
