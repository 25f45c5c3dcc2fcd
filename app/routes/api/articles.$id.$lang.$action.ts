import { activityBy, pageTarget } from "~/lib/activity/record.server";
import type { ArticleAnswer, ArticleTranslateAnswer } from "~/lib/api/articles";
import { assertMay } from "~/lib/auth/permissions.server";
import { publishNowSchema, scheduleSchema } from "~/lib/blog/article-schemas";
import { publishArticleNow, scheduleArticle, unpublishArticle } from "~/lib/blog/article-schedule.server";
import { removeArticleLanguage } from "~/lib/blog/article-writes.server";
import { markTranslationSynced } from "~/lib/blog/article-sync.server";
import { translateArticleLanguage } from "~/lib/blog/article-translate.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { refuseUnlessHolder } from "~/lib/presence/presence.server";
import { pageParams } from "./pages-params.server";
import type { Route } from "./+types/articles.$id.$lang.$action";

/**
 * POST …/schedule { version, at } (site time zone), …/publish { version } (now), …/unpublish { version },
 * …/remove { version } (drops this language version, keeps the other): what visitors see, so
 * "publishContent" (a contributor asks for a review instead, issue 25 §1). …/synced { version } ("Marquer
 * comme à jour": in step with the other language) and …/translate { version } (this language's draft filled
 * from the other, "à relire") only touch drafts: every member.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params, signed, context }) => {
      const { id, lang } = pageParams(params);
      // A tab that does not hold the article (read-only, or taken over) changes nothing (decision 049).
      await refuseUnlessHolder(request, id, signed.member);
      const record = async (action: "article.schedule" | "article.publish" | "article.unpublish" | "article.remove_language", detail?: string) =>
        activityBy(signed, context)(action, { target: await pageTarget(id, lang), lang, detail });
      switch (params.action) {
        case "schedule": {
          assertMay(signed, "publishContent");
          const { version, at, overlap } = await readJson(request, scheduleSchema);
          const article = await scheduleArticle(id, lang, version, at, signed.member.email, new Date(), overlap);
          await record("article.schedule", `Pour le ${at}`);
          return json({ article } satisfies ArticleAnswer);
        }
        case "publish": {
          assertMay(signed, "publishContent");
          const { version } = await readJson(request, publishNowSchema);
          const article = await publishArticleNow(id, lang, version, signed.member.email);
          await record("article.publish");
          return json({ article } satisfies ArticleAnswer);
        }
        case "unpublish": {
          assertMay(signed, "publishContent");
          const { version } = await readJson(request, publishNowSchema);
          const article = await unpublishArticle(id, lang, version);
          await record("article.unpublish");
          return json({ article } satisfies ArticleAnswer);
        }
        case "synced": {
          const { version } = await readJson(request, publishNowSchema);
          return json({ article: await markTranslationSynced(id, lang, version) } satisfies ArticleAnswer);
        }
        case "translate": {
          const { version } = await readJson(request, publishNowSchema);
          return json((await translateArticleLanguage(id, lang, version, signed.member.email)) satisfies ArticleTranslateAnswer);
        }
        case "remove": {
          assertMay(signed, "publishContent");
          const { version } = await readJson(request, publishNowSchema);
          const target = await pageTarget(id, lang);
          const article = await removeArticleLanguage(id, lang, version);
          await activityBy(signed, context)("article.remove_language", { target, lang });
          return json({ article } satisfies ArticleAnswer);
        }
        default:
          throw errors.notFound("Action");
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
