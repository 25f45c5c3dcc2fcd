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
    handle: async ({ request, signed }) => {
      const { version } = await readJson(request, publishDesignSchema);
      return json((await publishDesign(version, signed.member.email)) satisfies DesignAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
