import { z } from "zod";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { readCapped } from "~/lib/http/api.server";
import { safeFetch } from "~/lib/http/safe-fetch.server";

/**
 * The viewer's own visitor info for the statistics panel (seed 000 §3 "Visitor geolocation", §7 call 9).
 * The server already knows the address from the connection, so only the geolocation call remains; its
 * URL is configuration (GEOLOCATION_URL, "{ip}" replaced). Unconfigured or failing: logged, geo is null.
 */
interface Geo {
  country_name: string | null;
  city: string | null;
  org: string | null;
}

export interface VisitorInfo {
  ip: string;
  geo: Geo | null;
}

const MAX_BODY = 16 * 1024;
const field = z
  .string()
  .optional()
  .nullable()
  // Text only, bounded: whatever the provider says is shown as plain text, never markup.
  .transform((s) =>
    s
      ? s
          .replace(/[\u0000-\u001f\u007f]/g, "")
          .trim()
          .slice(0, 120) || null
      : null,
  );
const providerSchema = z.object({
  ip: z.string().optional(),
  country_name: field,
  city: field,
  org: field,
  error: z.unknown().optional(),
  reason: z.string().optional(),
});

export async function lookupVisitor(ip: string): Promise<VisitorInfo> {
  const { env } = runtime();
  if (!env.GEOLOCATION_URL) {
    log.warn("géolocalisation non configurée (GEOLOCATION_URL) : informations visiteur indisponibles");
    return { ip, geo: null };
  }
  const url = env.GEOLOCATION_URL.replace("{ip}", encodeURIComponent(ip));
  try {
    const res = await safeFetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(env.GEOLOCATION_TIMEOUT_MS),
      trust: [env.GEOLOCATION_URL],
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`HTTP ${res.status}`);
    }
    const body = providerSchema.parse(JSON.parse(await readCapped(res.body, MAX_BODY)));
    if (body.error) throw new Error(`le service répond une erreur${body.reason ? ` : ${body.reason.slice(0, 80)}` : ""}`);
    const geo = { country_name: body.country_name, city: body.city, org: body.org };
    if (!geo.country_name && !geo.city && !geo.org) throw new Error("réponse sans pays, ville ni fournisseur");
    return { ip, geo };
  } catch (e) {
    log.warn(`géolocalisation indisponible pour ${ip}`, e instanceof Error ? e.message : e);
    return { ip, geo: null };
  }
}
