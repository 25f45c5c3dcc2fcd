import { activityBy } from "~/lib/activity/record.server";
import type { StructureAnswer } from "~/lib/api/structure";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { publishStructureSchema } from "~/lib/structure/structure-schemas";
import { publishStructure } from "~/lib/structure/structure.server";
import type { Route } from "./+types/site-structure.publish";

/** POST makes the saved draft what visitors see (menu, footer, settings, page titles and addresses). */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editSiteStructure",
    handle: async ({ request, signed, context }) => {
      const { version } = await readJson(request, publishStructureSchema);
      const answer = await publishStructure(version, signed.member.email);
      await activityBy(signed, context)("structure.publish", { target: { type: "structure", label: "Structure du site" } });
      return json(answer satisfies StructureAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
