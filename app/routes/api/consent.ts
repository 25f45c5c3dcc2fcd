import { spend, CONSENT_LIMIT } from "~/lib/analytics/limits.server";
import { consentInputSchema, insertConsent } from "~/lib/consent/consent.server";
import { ApiError, api, errors, readJson } from "~/lib/http/api.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/consent";

export const loader = () => api(async () => Promise.reject(errors.method()));

/**
 * POST { accepted } (seed 000 §7 call 6): records the choice with the connection's address. Best-effort:
 * the banner never waits for it, and a storage failure is logged and answered 503, never a 500.
 */
export function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") throw errors.method();
    const { accepted } = await readJson(request, consentInputSchema, 256);
    await spend(`consent-ip:${context.ip}`, CONSENT_LIMIT);
    try {
      await insertConsent(context.ip, accepted);
    } catch (e) {
      log.warn(`consentement non enregistré (${accepted ? "accepté" : "refusé"}, ${context.ip})`, e);
      throw new ApiError(503, "unavailable", "Le choix n'a pas pu être enregistré ; il reste appliqué sur cet appareil.");
    }
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}
