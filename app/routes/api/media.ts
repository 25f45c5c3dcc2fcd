import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import { listMedia } from "~/lib/media/library.server";
import { mediaListQuerySchema } from "~/lib/media/media-schemas";
import { receiveUpload } from "~/lib/media/upload.server";
import type { Route } from "./+types/media";

/** GET: the library, searched, filtered and paged on the server, newest first. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = mediaListQuerySchema.safeParse(params);
    if (!parsed.success) throw errors.invalid(parsed.error.issues[0]?.message ?? "paramètres de recherche");
    return json(await listMedia(parsed.data));
  });
}

/** POST: one file (multipart/form-data), streamed to storage after its bytes are checked. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    return json({ item: await receiveUpload(request, member.email) }, { status: 201 });
  });
}
