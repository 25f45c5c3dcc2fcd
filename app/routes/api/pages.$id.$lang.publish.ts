import type { PublishedAnswer } from "~/lib/api/pages";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { publishSchema } from "~/lib/pages/page-schemas";
import { publish } from "~/lib/pages/pages-admin.server";
import { assertPublishRules } from "~/lib/pages/publish-rules.server";
import type { Route } from "./+types/pages.$id.$lang.publish";
import { pageParams } from "./pages-params.server";

/**
 * Editors and admins publish; the public page shows it on its next request. The design settings may make
 * contrast and alternative text block it (422, decision 036).
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editContent",
    handle: async ({ request, params, signed }) => {
      const { id, lang } = pageParams(params);
      const { version } = await readJson(request, publishSchema);
      await assertPublishRules(id, lang);
      return json((await publish(id, lang, version, signed.member.email)) satisfies PublishedAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
