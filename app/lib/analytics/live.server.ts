import { log } from "~/lib/log.server";
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
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const started = Date.now();
      let last: number | null = null;
      let lastSent = started;
      let lastCheck = started;
      const send = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastSent = Date.now();
      };
      const stop = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        try {
          controller.close();
        } catch {
          /* already closed by the client going away */
        }
      };
      const tick = async () => {
        if (closed || signal.aborted) return stop();
        if (Date.now() - lastCheck >= sessionCheckMs) {
          lastCheck = Date.now();
          // Signed out, removed from the team or role revoked since the stream opened: it ends here.
          if (!(await stillAllowed().catch(() => false))) {
            send("event: revoked\ndata: {}\n\n");
            return stop();
          }
        }
        try {
          const n = await activeUsers();
          if (n !== last) {
            last = n;
            send(`event: visitors\ndata: ${JSON.stringify({ activeUsers: n })}\n\n`);
          } else if (Date.now() - lastSent > HEARTBEAT_MS) {
            send(": ping\n\n");
          }
        } catch (e) {
          log.warn("visiteurs en direct indisponibles", e);
          last = null;
          send("event: unavailable\ndata: {}\n\n");
        }
        if (Date.now() - started > LIVE_MAX_MS) return stop();
        if (!closed) timer = setTimeout(tick, intervalMs);
      };
      signal.addEventListener("abort", stop, { once: true });
      send(`retry: ${intervalMs}\n\n`);
      void tick();
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });
}
