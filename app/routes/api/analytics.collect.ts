import { isCrawler, readBeacon } from "~/lib/analytics/collect.server";
import { beaconLimit } from "~/lib/analytics/limits.server";
import { recordBeacon } from "~/lib/analytics/record.server";
import { api, errors } from "~/lib/http/api.server";
import type { Route } from "./+types/analytics.collect";

export const loader = () => api(async () => Promise.reject(errors.method()));

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/**
 * The page-view beacon. The browser sends it only after consent; here the body is checked strictly
 * (bad ones cost no database work), crawlers are answered without being counted, and the rest is
 * limited per client address and recorded in one transaction.
 */
export function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") throw errors.method();
    const beacon = await readBeacon(request);
    if (isCrawler(request.headers.get("user-agent"))) return noContent();
    const outcome = await recordBeacon(context.ip, { path: beacon.p, visitorId: beacon.v, referrerHost: beacon.r ?? null }, beaconLimit());
    if (outcome.kind === "throttled") throw errors.throttled(outcome.retryAfterSeconds);
    if (outcome.kind === "unknown_page") throw errors.invalid("p — page inconnue");
    return noContent();
  });
}
