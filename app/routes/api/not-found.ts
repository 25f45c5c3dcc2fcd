import { errors } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/not-found";

/** Unknown API paths answer the API's JSON 404 whatever the method, not a page (nothing there to protect). */
const notFound = { permission: "public", handle: () => Promise.reject(errors.notFound("Point d'accès")) } as const;
const handlers = endpoint<Route.LoaderArgs>({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });

export const loader = handlers.loader;
export const action = handlers.action;
