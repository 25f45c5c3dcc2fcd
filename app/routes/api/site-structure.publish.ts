import { requireAdmin } from "~/lib/auth/permissions.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { publishStructureSchema } from "~/lib/structure/structure-schemas";
import { publishStructure } from "~/lib/structure/structure.server";
import type { Route } from "./+types/site-structure.publish";

/** POST makes the saved draft what visitors see (menu, footer, settings, page titles and addresses). */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireAdmin(request);
    if (request.method !== "POST") throw errors.method();
    const { version } = await readJson(request, publishStructureSchema);
    return json(await publishStructure(version, member.email));
  });
}

export function loader() {
  return api(async () => {
    throw errors.method();
  });
}
