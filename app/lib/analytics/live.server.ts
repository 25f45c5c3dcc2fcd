import { polledEventStream } from "~/lib/http/polled-events.server";
import { activeUsers } from "./query.server";

/**
 * Server-sent events for "current visitors": a value whenever it changes, checked every LIVE_INTERVAL_MS
 * (well under the 10 updates a second of seed 000 §9). The stream ends after LIVE_MAX_MS; the browser's
 * EventSource reconnects by itself, which re-checks the session on every reconnection.
 */
const LIVE_INTERVAL_MS = 2000;
const LIVE_MAX_MS = 5 * 60_000;
const HEARTBEAT_MS = 20_000;

/** How often an open stream re-checks that its session is still alive (a revoked member stops receiving). */
const LIVE_SESSION_CHECK_MS = 5000;

export function liveVisitorsStream(
  signal: AbortSignal,
  intervalMs = LIVE_INTERVAL_MS,
  stillAllowed: () => Promise<boolean> = async () => true,
  sessionCheckMs = LIVE_SESSION_CHECK_MS,
): ReadableStream<Uint8Array> {
  return polledEventStream({
    signal,
    // Signed out, removed from the team or role revoked since the stream opened: it ends there.
    stillAllowed,
    read: activeUsers,
    event: "visitors",
    data: (n) => ({ activeUsers: n }),
    unavailable: "visiteurs en direct indisponibles",
    intervalMs,
    retryMs: intervalMs,
    maxMs: LIVE_MAX_MS,
    pingMs: HEARTBEAT_MS,
    sessionCheckMs,
  });
}
