import { requireTeamMember } from "~/lib/auth/permissions.server";
import { deleteArticleSchema, updateArticleSchema } from "~/lib/blog/article-schemas";
import { deleteArticle, getArticle, updateArticle } from "~/lib/blog/articles.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/articles.$id";

export function loader({ request, params }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    return json({ article: await getArticle(params.id) });
  });
}

/** PUT saves the metadata (stale versions refused); DELETE needs the versions the member saw. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (params.id.length > 64) throw errors.notFound("Article");
    if (request.method === "PUT") {
      const input = await readJson(request, updateArticleSchema);
      return json({ article: await updateArticle(params.id, input, member.email) });
    }
    if (request.method === "DELETE") {
      const { versions } = await readJson(request, deleteArticleSchema);
      await deleteArticle(params.id, versions);
      return json({ ok: true });
    }
    throw errors.method();
  });
}
