import type { OkAnswer } from "~/lib/api/common";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { deleteSavedSection } from "~/lib/saved-sections/saved-sections.server";
import type { Route } from "./+types/saved-sections.$id";

const handlers = endpoint<Route.LoaderArgs>({
  /** Removes a model from the library (pages that used it keep their copy). */
  DELETE: {
    permission: "editContent",
    handle: async ({ params }) => {
      if (!(await deleteSavedSection(params.id))) throw errors.notFound("Modèle");
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
