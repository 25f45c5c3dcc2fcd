import { requireTeamMember } from "~/lib/auth/permissions.server";
import { articleOptions } from "~/lib/blog/articles.server";
import { api, json } from "~/lib/http/api.server";
import type { Route } from "./+types/articles.options";

/** What the article form needs besides the article: the site's time zone, the team (authors), known tags. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    return json(await articleOptions());
  });
}
