import { requireTeamMember } from "~/lib/auth/permissions.server";
import { createArticleSchema, listFiltersSchema } from "~/lib/blog/article-schemas";
import { createArticle, listAdminArticles } from "~/lib/blog/articles.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/articles";

/** Every article with both language versions; ?status=&lang=&tag=&q= filter the list. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const filters = listFiltersSchema.safeParse(params);
    if (!filters.success) throw errors.invalid(`filtre — ${filters.error.issues[0]?.path.join(".")} : valeur inconnue`);
    return json(await listAdminArticles(filters.data));
  });
}

/** Creates an article (brouillon, empty body) in one or both languages. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, createArticleSchema);
    return json({ article: await createArticle(input, member.email) }, { status: 201 });
  });
}
