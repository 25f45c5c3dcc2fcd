import type { GenerateAnswer } from "~/lib/api/articles";
import { generateSchema } from "~/lib/blog/generator-schemas";
import { generateArticle } from "~/lib/blog/generator.server";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/articles.generate";

/** POST { topic, lang, tone, length, keywords } → a draft article (never published), opened in the editor. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, generateSchema);
      return json((await generateArticle(input, signed.member)) satisfies GenerateAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
