import type { IncomingMessage } from "node:http";

/**
 * Cross-site request refusal for state-changing methods: the Origin (or, failing that, Referer)
 * must be this site, and a browser's Sec-Fetch-Site must not say cross-site. Requests with none of
 * these headers are not from a browser page and carry no ambient credentials to abuse.
 */
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(req: IncomingMessage, publicUrl: string): boolean {
  if (SAFE.has((req.method ?? "GET").toUpperCase())) return false;
  const host = req.headers.host;
  const allowed = new Set<string>([new URL(publicUrl).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  const origin = req.headers.origin;
  if (origin && origin !== "null") return !allowed.has(origin);
  if (origin === "null") return true;
  const referer = req.headers.referer;
  if (referer) {
    try {
      return !allowed.has(new URL(referer).origin);
    } catch {
      return true;
    }
  }
  return req.headers["sec-fetch-site"] === "cross-site";
}
