import type { Env } from "~/lib/env.server";

/**
 * Image hosts the back-office may show stock thumbnails from, only for providers that have a key:
 * the providers' CDNs, and their configured API origin (a self-hosted proxy, or a test's fake).
 */
export function stockImageSources(e: Pick<Env, "UNSPLASH_ACCESS_KEY" | "UNSPLASH_API_URL" | "PEXELS_API_KEY" | "PEXELS_API_URL">): string[] {
  const out = new Set<string>();
  if (e.UNSPLASH_ACCESS_KEY) {
    out.add("https://images.unsplash.com");
    out.add("https://plus.unsplash.com");
    out.add(new URL(e.UNSPLASH_API_URL).origin);
  }
  if (e.PEXELS_API_KEY) {
    out.add("https://images.pexels.com");
    out.add(new URL(e.PEXELS_API_URL).origin);
  }
  out.delete("https://api.unsplash.com");
  out.delete("https://api.pexels.com");
  return [...out];
}
