import { spend, CONSENT_LIMIT } from "~/lib/analytics/limits.server";
import { consentInputSchema, insertConsent } from "~/lib/consent/consent.server";
import { ApiError, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/consent";

/**
 * POST { accepted } (seed 000 §7 call 6): records the choice with the connection's address. Best-effort:
 * the banner never waits for it, and a storage failure is logged and answered 503, never a 500.
 */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "public",
    handle: async ({ request, context }) => {
      const { accepted } = await readJson(request, consentInputSchema, 256);
      await spend(`consent-ip:${context.ip}`, CONSENT_LIMIT);
      try {
        await insertConsent(context.ip, accepted);
      } catch (e) {
        log.warn(`consentement non enregistré (${accepted ? "accepté" : "refusé"}, ${context.ip})`, e);
        throw new ApiError(503, "unavailable", "Le choix n'a pas pu être enregistré ; il reste appliqué sur cet appareil.");
      }
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
