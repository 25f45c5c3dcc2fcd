import type { ArticleOptionsAnswer } from "~/lib/api/articles";
import { articleOptions } from "~/lib/blog/article-queries.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles.options";

/** What the article form needs besides the article: the site's time zone, the team (authors), known tags. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "editContent", handle: async () => json((await articleOptions()) satisfies ArticleOptionsAnswer) },
});

export const loader = handlers.loader;
export const action = handlers.action;
