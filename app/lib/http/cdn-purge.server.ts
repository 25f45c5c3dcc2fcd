import { onContentChanged, type ContentChange } from "~/lib/content/changes.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { cdnPurges } from "~/lib/metrics/metrics.server";
import { purgeTagsFor } from "./cache-tags";

/**
 * A CDN in front of the site keeps public pages by their cache tags (cache-tags.ts). A publication
 * announced in this process, a scheduled one whose time came or a changed menu purges the tags of what changed with a
 * POST {"tags": [...]} to CDN_PURGE_URL (Bearer CDN_PURGE_TOKEN when set). The publication never waits
 * for it: a failure is logged and counted, and the CDN's own expiry is the fallback.
 */
const PURGE_TIMEOUT_MS = 5000;

export async function purgeCdn(tags: readonly string[]): Promise<boolean> {
  const { CDN_PURGE_URL: url, CDN_PURGE_TOKEN: token } = env();
  if (!url || tags.length === 0) return false;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tags }),
      redirect: "error",
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`réponse ${res.status}`);
    cdnPurges.inc({ result: "ok" });
    log.debug(`CDN purgé : ${tags.join(" ")}`);
    return true;
  } catch (e) {
    cdnPurges.inc({ result: "failed" });
    log.warn(`purge du CDN impossible (${tags.join(" ")}) : ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}

function onChange(change: ContentChange): void {
  // Another process's publication is purged by that process. A changed menu ("shell") is on every page:
  // each process that notices it purges the site (a repeated purge is harmless).
  if (change.origin === "elsewhere") return;
  void purgeCdn(purgeTagsFor(change.paths));
}

/** Starts purging on publications when CDN_PURGE_URL is set; returns the function that stops it. */
export function startCdnPurge(): () => void {
  if (!env().CDN_PURGE_URL) return () => {};
  return onContentChanged(onChange);
}
