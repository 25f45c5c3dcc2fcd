import { activityBy, pageTarget } from "~/lib/activity/record.server";
import type { RevisionAnswer, SavedAnswer } from "~/lib/api/pages";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { restoreSchema } from "~/lib/pages/page-schemas";
import { refuseUnlessHolder } from "~/lib/presence/presence.server";
import { getRevision, restoreRevision } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.$id.$lang.revisions.$revId";
import { pageParams } from "./pages-params.server";

const handlers = endpoint<Route.LoaderArgs>({
  /** One revision's document, for preview. */
  GET: {
    permission: "editContent",
    handle: async ({ params }) => {
      const { id, lang } = pageParams(params);
      return json({ revision: await getRevision(id, lang, params.revId.slice(0, 64)) } satisfies RevisionAnswer);
    },
  },
  /** Restores the revision as the draft (then published like any draft). */
  POST: {
    permission: "editContent",
    handle: async ({ request, params, signed, context }) => {
      const { id, lang } = pageParams(params);
      const { version } = await readJson(request, restoreSchema);
      await refuseUnlessHolder(request, id, signed.member);
      const answer = await restoreRevision(id, lang, params.revId.slice(0, 64), version, signed.member.email);
      await activityBy(signed, context)("page.revision_restore", { target: await pageTarget(id, lang), lang, detail: `Version ${params.revId.slice(0, 64)}` });
      return json(answer satisfies SavedAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
