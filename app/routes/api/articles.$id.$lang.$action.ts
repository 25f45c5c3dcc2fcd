import type { ArticleAnswer } from "~/lib/api/articles";
import { publishNowSchema, scheduleSchema } from "~/lib/blog/article-schemas";
import { publishArticleNow, scheduleArticle, unpublishArticle } from "~/lib/blog/article-schedule.server";
import { removeArticleLanguage } from "~/lib/blog/article-writes.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { pageParams } from "./pages-params.server";
import type { Route } from "./+types/articles.$id.$lang.$action";

/**
 * POST …/schedule { version, at } (site time zone), …/publish { version } (now), …/unpublish { version },
 * …/remove { version } (drops this language version, keeps the other).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      const { id, lang } = pageParams(params);
      switch (params.action) {
        case "schedule": {
          const { version, at } = await readJson(request, scheduleSchema);
          return json({ article: await scheduleArticle(id, lang, version, at, signed.member.email) } satisfies ArticleAnswer);
        }
        case "publish": {
          const { version } = await readJson(request, publishNowSchema);
          return json({ article: await publishArticleNow(id, lang, version, signed.member.email) } satisfies ArticleAnswer);
        }
        case "unpublish": {
          const { version } = await readJson(request, publishNowSchema);
          return json({ article: await unpublishArticle(id, lang, version) } satisfies ArticleAnswer);
        }
        case "remove": {
          const { version } = await readJson(request, publishNowSchema);
          return json({ article: await removeArticleLanguage(id, lang, version) } satisfies ArticleAnswer);
        }
        default:
          throw errors.notFound("Action");
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
