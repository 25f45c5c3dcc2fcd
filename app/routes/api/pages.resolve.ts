import type { ResolvedPathAnswer } from "~/lib/api/pages";
import { errors, json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { normalizePath } from "~/lib/i18n/routes";
import { resolvePath } from "~/lib/pages/pages-admin.server";
import type { Route } from "./+types/pages.resolve";

/** Which page and language a public path shows (the admin bar's builder toggle opens that one). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ request }) => {
      const path = new URL(request.url).searchParams.get("path") ?? "";
      if (!path.startsWith("/") || path.length > 500) throw errors.invalid("chemin attendu");
      const found = await resolvePath(normalizePath(path));
      if (!found) throw errors.notFound("Page");
      return json(found satisfies ResolvedPathAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
