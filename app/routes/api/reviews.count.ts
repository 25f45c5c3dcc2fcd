import type { ReviewCountAnswer } from "~/lib/api/reviews";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { pendingCount } from "~/lib/review/review.server";
import type { Route } from "./+types/reviews.count";

/** GET: how many review requests wait (the admin bar's "À relire" count). */
const handlers = endpoint<Route.LoaderArgs>({
  GET: { permission: "publishContent", handle: async () => json({ pending: await pendingCount() } satisfies ReviewCountAnswer) },
});

export const loader = handlers.loader;
export const action = handlers.action;
