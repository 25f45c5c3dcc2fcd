import type { SessionAnswer } from "~/lib/api/team";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { runtime } from "~/lib/runtime.server";
import type { Route } from "./+types/auth.session";

/** The signed-in team member, or 401/403 with the catalogue's message. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "editContent",
    handle: async ({ signed }) => json({ user: signed.member, timeZone: runtime().env.SITE_TIMEZONE } satisfies SessionAnswer),
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
