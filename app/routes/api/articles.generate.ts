import { requireTeamMember } from "~/lib/auth/permissions.server";
import { generateSchema } from "~/lib/blog/generator-schemas";
import { generateArticle } from "~/lib/blog/generator.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/articles.generate";

/** POST { topic, lang, tone, length, keywords } → a draft article (never published), opened in the editor. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireTeamMember(request);
    if (request.method !== "POST") throw errors.method();
    const input = await readJson(request, generateSchema);
    return json(await generateArticle(input, member), { status: 201 });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireTeamMember(request);
    throw errors.method();
  });
}
