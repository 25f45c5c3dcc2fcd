import type { MediaItemAnswer } from "~/lib/api/media";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { checkMediaId, revertMedia } from "~/lib/media/edit.server";
import type { Route } from "./+types/media.$id.revert";

/** POST: 'Revenir à l'original' — the item shows its original upload again. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ params }) => json({ item: await revertMedia(checkMediaId(params.id)) } satisfies MediaItemAnswer),
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
