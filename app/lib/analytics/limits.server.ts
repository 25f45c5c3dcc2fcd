import { take, type Limit } from "~/lib/http/throttle.server";
import { errors } from "~/lib/http/api.server";
import { runtime } from "~/lib/runtime.server";

/** Public write endpoints are limited per client address, in the shared (database) counters. */
export const beaconLimit = (): Limit => ({ max: runtime().env.ANALYTICS_BEACONS_PER_MINUTE, windowMs: 60_000 });
/** A person changes their mind a few times at most; a script posting consents is stopped early. */
export const CONSENT_LIMIT: Limit = { max: 30, windowMs: 10 * 60_000 };

/** Counts this request (one atomic statement); 429 once the window's allowance is spent. */
export async function spend(key: string, limit: Limit): Promise<void> {
  const state = await take(key, limit);
  if (!state.allowed) throw errors.throttled(state.retryAfterSeconds);
}
