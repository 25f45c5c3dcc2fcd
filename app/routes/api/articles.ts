import type { ArticleAnswer, ArticleListAnswer } from "~/lib/api/articles";
import { createArticleSchema, listFiltersSchema } from "~/lib/blog/article-schemas";
import { listAdminArticles } from "~/lib/blog/article-queries.server";
import { createArticle } from "~/lib/blog/article-writes.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint, queryOf } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles";

const handlers = endpoint<Route.LoaderArgs>({
  /** Every article with both language versions; ?status=&lang=&tag=&q= filter the list. */
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      return json((await listAdminArticles(queryOf(request, listFiltersSchema))) satisfies ArticleListAnswer);
    },
  },
  /** Creates an article (brouillon, empty body) in one or both languages. */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, createArticleSchema);
      return json({ article: await createArticle(input, signed.member.email) } satisfies ArticleAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
