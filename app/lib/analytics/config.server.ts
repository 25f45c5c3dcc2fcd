import type { Env } from "~/lib/env.server";
import type { CspExtras } from "~/lib/http/csp.server";
import type { TrackingConfig } from "./tracking";

/** What the public page may know of the tag configuration (the browser-visible part of the env). */
export function trackingConfig(e: Pick<Env, "GA_MEASUREMENT_ID" | "META_PIXEL_ID">): TrackingConfig {
  return { gaId: e.GA_MEASUREMENT_ID ?? null, pixelId: e.META_PIXEL_ID ?? null };
}

/**
 * Origins the Content-Security-Policy must allow for the configured tags, and only those: without an
 * ID, the policy refuses Google's and Meta's hosts outright. Lists as published by Google (GA4) and Meta.
 */
export function trackingCsp(e: Pick<Env, "GA_MEASUREMENT_ID" | "META_PIXEL_ID">): CspExtras {
  const extras: Required<Pick<CspExtras, "scriptSrc" | "connectSrc" | "imgSrc">> = { scriptSrc: [], connectSrc: [], imgSrc: [] };
  if (e.GA_MEASUREMENT_ID) {
    extras.scriptSrc.push("https://*.googletagmanager.com");
    extras.connectSrc.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com");
    extras.imgSrc.push("https://*.google-analytics.com", "https://*.googletagmanager.com");
  }
  if (e.META_PIXEL_ID) {
    extras.scriptSrc.push("https://connect.facebook.net");
    extras.connectSrc.push("https://www.facebook.com", "https://connect.facebook.net");
    extras.imgSrc.push("https://www.facebook.com");
  }
  return extras;
}
