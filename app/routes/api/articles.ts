import type { ArticleAnswer, ArticleListAnswer } from "~/lib/api/articles";
import { createArticleSchema, listFiltersSchema } from "~/lib/blog/article-schemas";
import { createArticle, listAdminArticles } from "~/lib/blog/articles.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles";

const handlers = endpoint<Route.LoaderArgs>({
  /** Every article with both language versions; ?status=&lang=&tag=&q= filter the list. */
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      const filters = listFiltersSchema.safeParse(params);
      if (!filters.success) throw errors.invalid(`filtre — ${filters.error.issues[0]?.path.join(".")} : valeur inconnue`);
      return json((await listAdminArticles(filters.data)) satisfies ArticleListAnswer);
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
