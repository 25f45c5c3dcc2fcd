import { isbot } from "isbot";
import { z } from "zod";
import { ApiError, errors, readCapped, refusalError } from "~/lib/http/api.server";
import { parseJsonText } from "~/lib/http/json-body";

/**
 * The page-view beacon's body: { p: path, v: visitor id, r: referrer host or null }. Small, strict and
 * plain: every field is checked against a narrow pattern, so nothing stored can carry markup.
 */
const BEACON_MAX_BYTES = 1024;
const PATH = /^\/[A-Za-z0-9\-._~%/]*$/;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]{2,45}\]$/i;

export const beaconSchema = z
  .object({
    p: z
      .string()
      .max(512)
      .regex(PATH, "chemin invalide")
      .refine((p) => !/%(?![0-9a-f]{2})/i.test(p), "chemin invalide"),
    v: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "identifiant de visiteur invalide"),
    r: z.string().max(253).regex(HOST, "référent invalide").nullable().optional(),
  })
  .strict();
type Beacon = z.infer<typeof beaconSchema>;

/**
 * navigator.sendBeacon posts a string as text/plain, which no preflight guards: JSON is accepted under
 * either type, and nothing else.
 */
export async function readBeacon(request: Request): Promise<Beacon> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("text/plain") && !type.startsWith("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "Le corps doit être du JSON (text/plain ou application/json).");
  }
  if (Number(request.headers.get("content-length") ?? "0") > BEACON_MAX_BYTES) throw errors.tooLargeDeclared(BEACON_MAX_BYTES);
  // "drain": the 413 reaches a client still sending (cancelling destroyed the socket before the answer).
  const text = await readCapped(request.body, BEACON_MAX_BYTES, "drain");
  // The same steps as every JSON body (control characters and prototype keys refused, French messages).
  const parsed = parseJsonText(text, beaconSchema);
  if (!parsed.ok) throw refusalError(parsed.refusal);
  return parsed.data;
}

/** Crawlers and monitoring tools are answered but not counted; so is a request without a User-Agent. */
export function isCrawler(userAgent: string | null): boolean {
  return !userAgent || isbot(userAgent);
}
