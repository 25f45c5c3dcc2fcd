import { requireTeamMember } from "~/lib/auth/permissions.server";
import { api, errors, json } from "~/lib/http/api.server";
import { normalizePath } from "~/lib/i18n/routes";
import { resolvePath } from "~/lib/pages/pages-admin.server";
import type { ResolvedPathAnswer } from "~/lib/api/pages";
import type { Route } from "./+types/pages.resolve";

/** Which page and language a public path shows (the admin bar's builder toggle opens that one). */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const path = new URL(request.url).searchParams.get("path") ?? "";
    if (!path.startsWith("/") || path.length > 500) throw errors.invalid("chemin attendu");
    const found = await resolvePath(normalizePath(path));
    if (!found) throw errors.notFound("Page");
    return json(found satisfies ResolvedPathAnswer);
  });
}
