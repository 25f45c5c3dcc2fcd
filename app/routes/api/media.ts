import type { MediaItemAnswer, MediaListAnswer } from "~/lib/api/media";
import { json } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import { listMedia } from "~/lib/media/library.server";
import { mediaListQuerySchema } from "~/lib/media/media-schemas";
import { receiveUpload } from "~/lib/media/upload.server";
import type { Route } from "./+types/media";

const handlers = endpoint<Route.LoaderArgs>({
  /** The library, searched, filtered and paged on the server, newest first. */
  GET: {
    permission: "editContent",
    handle: async ({ request }) => json((await listMedia(queryOf(request, mediaListQuerySchema))) satisfies MediaListAnswer),
  },
  /** One file (multipart/form-data), streamed to storage after its bytes are checked. */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => json({ item: await receiveUpload(request, signed.member.email) } satisfies MediaItemAnswer, { status: 201 }),
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
