import { moveArticleSchema, type ArticleMoveAnswer } from "~/lib/blog/article-schemas";
import { moveArticle } from "~/lib/blog/article-move.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles.$id.move";

/**
 * POST /api/articles/:id/move { day, langs, versions, overlap? }: the calendar moves the article's
 * languages to another day in one transaction; { restore, versions } puts them back (the toast's Annuler).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "publishContent",
    handle: async ({ request, params }) => {
      const id = params.id ?? "";
      if (id.length > 64) throw errors.notFound("Article");
      const input = await readJson(request, moveArticleSchema);
      return json((await moveArticle(id, input)) satisfies ArticleMoveAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
