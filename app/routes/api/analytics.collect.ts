import { isCrawler, readBeacon } from "~/lib/analytics/collect.server";
import { beaconLimit } from "~/lib/analytics/limits.server";
import { recordBeacon } from "~/lib/analytics/record.server";
import { errors } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/analytics.collect";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * The page-view beacon. The browser sends it only after consent; here the body is checked strictly
 * (bad ones cost no database work), crawlers are answered without being counted, and the rest is
 * limited per client address and recorded in one transaction.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const beacon = await readBeacon(request);
      if (isCrawler(request.headers.get("user-agent"))) return noContent();
      const outcome = await recordBeacon(context.ip, { path: beacon.p, visitorId: beacon.v, referrerHost: beacon.r ?? null }, beaconLimit());
      if (outcome.kind === "throttled") throw errors.throttled(outcome.retryAfterSeconds);
      if (outcome.kind === "unknown_page") throw errors.invalid("p — page inconnue");
      return noContent();
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
