import { requireAdmin } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { saveStructureSchema, STRUCTURE_LIMITS } from "~/lib/structure/structure-schemas";
import { getStructureView, saveStructureDraft } from "~/lib/structure/structure.server";
import type { Route } from "./+types/site-structure";

/** The structure's draft, what is published, and the pages and articles entries can point to (admins). */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireAdmin(request);
    return json(await getStructureView());
  });
}

/** PUT saves the whole draft, based on the version read (a stale one is refused). */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireAdmin(request);
    if (request.method !== "PUT") throw errors.method();
    const input = await readJson(request, saveStructureSchema, STRUCTURE_LIMITS.body);
    return json(await saveStructureDraft(input.structure, input.version, member.email));
  });
}
