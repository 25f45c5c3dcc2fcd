import { polledEventStream } from "~/lib/http/polled-events.server";
import type { PresenceView } from "~/lib/api/presence";
import { presenceView, touch } from "./presence.server";
import { HEARTBEAT_MS } from "./presence-schemas";

/**
 * Server-sent events for one editor tab: the page's presence (PresenceView) whenever it changes. Each
 * process reads the shared table every POLL_MS, so a member joining, leaving or taking over through any
 * server or node reaches the other tabs within about a second (the figure is 2 s,
 * scripts/bench/presence.mjs). While it is open the stream also keeps the tab's row fresh: browsers slow
 * the timers of hidden tabs down to once a minute, not their open connections. The stream ends after
 * MAX_MS and the browser's EventSource reconnects, re-checking the session.
 */
const POLL_MS = 1000;
const MAX_MS = 5 * 60_000;
const PING_MS = 20_000;
const SESSION_CHECK_MS = 5000;

/** What changes the picture (the server's clock does not). */
const fingerprint = (v: PresenceView) => JSON.stringify({ ...v, now: null });

export function presenceStream(
  pageId: string,
  tab: string,
  memberId: string,
  signal: AbortSignal,
  stillAllowed: () => Promise<boolean>,
): ReadableStream<Uint8Array> {
  let lastTouch = 0;
  return polledEventStream({
    signal,
    stillAllowed,
    read: async () => {
      if (Date.now() - lastTouch >= HEARTBEAT_MS) {
        lastTouch = Date.now();
        await touch(pageId, tab, memberId);
      }
      return presenceView(pageId, tab, { id: memberId });
    },
    event: "presence",
    data: (view) => view,
    fingerprint,
    unavailable: "présence des éditeurs indisponible",
    intervalMs: POLL_MS,
    retryMs: 2000,
    maxMs: MAX_MS,
    pingMs: PING_MS,
    sessionCheckMs: SESSION_CHECK_MS,
  });
}
