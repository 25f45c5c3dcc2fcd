import { activityBy } from "~/lib/activity/record.server";
import type { StructureAnswer } from "~/lib/api/structure";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { restoreRevisionSchema } from "~/lib/structure/structure-schemas";
import { restoreStructureRevision } from "~/lib/structure/structure.server";
import type { Route } from "./+types/site-structure.revisions.$id.restore";

/** POST makes a publication of the history the draft (based on the draft's version); publishing stays a separate step. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editSiteStructure",
    handle: async ({ request, params, signed, context }) => {
      const { version } = await readJson(request, restoreRevisionSchema);
      const answer = await restoreStructureRevision(params.id, version, signed.member.email);
      await activityBy(signed, context)("structure.revision_restore", { target: { type: "structure", id: params.id, label: "Structure du site" } });
      return json(answer satisfies StructureAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
