import { activityBy } from "~/lib/activity/record.server";
import type { DesignAnswer } from "~/lib/api/design";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { publishDesignSchema } from "~/lib/design/design-schema";
import { publishDesign } from "~/lib/content/design.server";
import type { Route } from "./+types/design.publish";

/** POST makes the saved draft what visitors see, on every page at once. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "editDesign",
    handle: async ({ request, signed, context }) => {
      const { version } = await readJson(request, publishDesignSchema);
      const answer = await publishDesign(version, signed.member.email);
      await activityBy(signed, context)("design.publish", { target: { type: "design", label: "Design du site" } });
      return json(answer satisfies DesignAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
