import type { ArticleAnswer } from "~/lib/api/articles";
import { openBlankArticle } from "~/lib/blog/article-blank.server";
import { blankArticleSchema } from "~/lib/blog/article-schemas";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles.blank";

/**
 * POST {}: "Nouvel article" — an article in both languages with provisional titles, to write in place at
 * once; this member's untouched one when there is one (201 when made, 200 when reused).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      await readJson(request, blankArticleSchema, 1024);
      const { article, reused } = await openBlankArticle(signed.member.email);
      return json({ article } satisfies ArticleAnswer, { status: reused ? 200 : 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
