import { requireTeamMember } from "~/lib/auth/permissions.server";
import { publishNowSchema, scheduleSchema } from "~/lib/blog/article-schemas";
import { publishArticleNow, removeArticleLanguage, scheduleArticle, unpublishArticle } from "~/lib/blog/articles.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import { pageParams } from "./pages-params.server";
import type { Route } from "./+types/articles.$id.$lang.$action";

/**
 * POST …/schedule { version, at } (site time zone), …/publish { version } (now), …/unpublish { version },
 * …/remove { version } (drops this language version, keeps the other).
 */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    const { id, lang } = pageParams(params);
    if (request.method !== "POST") throw errors.method();
    switch (params.action) {
      case "schedule": {
        const { version, at } = await readJson(request, scheduleSchema);
        return json({ article: await scheduleArticle(id, lang, version, at, member.email) });
      }
      case "publish": {
        const { version } = await readJson(request, publishNowSchema);
        return json({ article: await publishArticleNow(id, lang, version, member.email) });
      }
      case "unpublish": {
        const { version } = await readJson(request, publishNowSchema);
        return json({ article: await unpublishArticle(id, lang, version) });
      }
      case "remove": {
        const { version } = await readJson(request, publishNowSchema);
        return json({ article: await removeArticleLanguage(id, lang, version) });
      }
      default:
        throw errors.notFound("Action");
    }
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });
}
