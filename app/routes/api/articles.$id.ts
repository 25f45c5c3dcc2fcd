import { activityBy, pageTarget } from "~/lib/activity/record.server";
import type { OkAnswer } from "~/lib/api/common";
import { assertMayChangeLiveFields } from "~/lib/auth/contributor.server";
import type { ArticleAnswer } from "~/lib/api/articles";
import { deleteArticleSchema, updateArticleSchema } from "~/lib/blog/article-schemas";
import { getArticle } from "~/lib/blog/article-queries.server";
import { deleteArticle, updateArticle } from "~/lib/blog/article-writes.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { refuseUnlessHolder } from "~/lib/presence/presence.server";
import type { Route } from "./+types/articles.$id";

function articleId(params: Route.LoaderArgs["params"]): string {
  if (params.id.length > 64) throw errors.notFound("Article");
  return params.id;
}

const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "editContent", handle: async ({ params }) => json({ article: await getArticle(articleId(params)) } satisfies ArticleAnswer) },
  /** Saves the metadata (stale versions refused). */
  PUT: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      const id = articleId(params);
      const input = await readJson(request, updateArticleSchema);
      await refuseUnlessHolder(request, id, signed.member);
      await assertMayChangeLiveFields(
        signed,
        id,
        (["fr", "en"] as const).filter((l) => input[l] !== undefined),
      );
      return json({ article: await updateArticle(id, input, signed.member.email) } satisfies ArticleAnswer);
    },
  },
  /** Needs the versions the member saw. */
  DELETE: {
    permission: "publishContent",
    handle: async ({ request, params, signed, context }) => {
      const id = articleId(params);
      const { versions } = await readJson(request, deleteArticleSchema);
      const target = await pageTarget(id);
      await deleteArticle(id, versions);
      await activityBy(signed, context)("article.delete", { target });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
