import { activityBy, pageTarget } from "~/lib/activity/record.server";
import type { PublishedAnswer } from "~/lib/api/pages";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { publishSchema } from "~/lib/pages/page-schemas";
import { refuseUnlessHolder } from "~/lib/presence/presence.server";
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
    permission: "publishContent",
    handle: async ({ request, params, signed, context }) => {
      const { id, lang } = pageParams(params);
      const { version } = await readJson(request, publishSchema);
      await refuseUnlessHolder(request, id, signed.member);
      await assertPublishRules(id, lang);
      const answer = await publish(id, lang, version, signed.member.email);
      await activityBy(signed, context)("page.publish", { target: await pageTarget(id, lang), lang });
      return json(answer satisfies PublishedAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
