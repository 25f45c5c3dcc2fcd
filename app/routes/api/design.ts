import type { DesignAnswer } from "~/lib/api/design";
import { json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { DESIGN_BODY_LIMIT, saveDesignSchema } from "~/lib/design/design-schema";
import { getDesignView, saveDesignDraft } from "~/lib/content/design.server";
import type { Route } from "./+types/design";

const handlers = endpoint<Route.LoaderArgs>({
  /** The design's draft, what is published and today's defaults (admins). */
  GET: { permission: "editDesign", handle: async () => json((await getDesignView()) satisfies DesignAnswer) },
  /** Saves the whole draft, based on the version read (a stale one is refused). */
  PUT: {
    permission: "editDesign",
    handle: async ({ request, signed }) => {
      const input = await readJson(request, saveDesignSchema, DESIGN_BODY_LIMIT);
      return json((await saveDesignDraft(input.design, input.version, signed.member.email)) satisfies DesignAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
