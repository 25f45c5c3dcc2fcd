import type { VisitorData } from "~/lib/api/analytics";
import { lookupVisitor } from "~/lib/analytics/geolocation.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/visitor-info";

/** The viewer's IP (from the connection) and its geolocation, or geo: null when the provider fails. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "editContent", handle: async ({ context }) => json((await lookupVisitor(context.ip)) satisfies VisitorData) },
});

export const loader = handlers.loader;
export const action = handlers.action;
