import { log } from "~/lib/log.server";

/**
 * A server-sent event stream that reads a value every `intervalMs` and sends it when it changed: the live
 * visitors count and the editors' presence both work so. An unchanged value sends a comment now and then
 * (proxies close silent connections); a failed read says "unavailable" and reads again; a session that
 * ends (signed out, removed, role revoked) gets "revoked" within `sessionCheckMs` and the stream closes.
 * The stream also ends after `maxMs`: the browser's EventSource reconnects, which re-checks the session.
 */
export interface PolledEvents<T> {
  signal: AbortSignal;
  stillAllowed: () => Promise<boolean>;
  /** Reads the current value (throws when it cannot). */
  read: () => Promise<T>;
  /** The event's name and its data for a value. */
  event: string;
  data: (value: T) => unknown;
  /** What identifies a change; the value's JSON by default. */
  fingerprint?: (value: T) => string;
  /** The log line of a failed read. */
  unavailable: string;
  intervalMs: number;
  retryMs: number;
  maxMs: number;
  pingMs: number;
  sessionCheckMs: number;
}

export function polledEventStream<T>(o: PolledEvents<T>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const fingerprint = o.fingerprint ?? ((v: T) => JSON.stringify(v));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const started = Date.now();
      let last: string | null = null;
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
        if (closed || o.signal.aborted) return stop();
        if (Date.now() - lastCheck >= o.sessionCheckMs) {
          lastCheck = Date.now();
          if (!(await o.stillAllowed().catch(() => false))) {
            send("event: revoked\ndata: {}\n\n");
            return stop();
          }
        }
        try {
          const value = await o.read();
          const print = fingerprint(value);
          if (print !== last) {
            last = print;
            send(`event: ${o.event}\ndata: ${JSON.stringify(o.data(value))}\n\n`);
          } else if (Date.now() - lastSent > o.pingMs) {
            send(": ping\n\n");
          }
        } catch (e) {
          log.warn(o.unavailable, e);
          last = null;
          send("event: unavailable\ndata: {}\n\n");
        }
        if (Date.now() - started > o.maxMs) return stop();
        if (!closed) timer = setTimeout(tick, o.intervalMs);
      };
      o.signal.addEventListener("abort", stop, { once: true });
      send(`retry: ${o.retryMs}\n\n`);
      void tick();
    },
    cancel() {
      closed = true;
      clearTimeout(timer);
    },
  });
}
