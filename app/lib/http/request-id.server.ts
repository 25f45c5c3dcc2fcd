import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request id: taken from an incoming X-Request-Id when it is short and plain (a load balancer's or
 * CDN's, so one id follows the request through every hop), else generated. Carried with
 * AsyncLocalStorage so that every log line written while the request is handled names it.
 */
const SANE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;
const store = new AsyncLocalStorage<string>();

export function requestIdOf(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_ID.test(value) ? value : newRequestId();
}

/**
 * A generated id has a UUID's shape: a random prefix drawn once per process, then a counter in the last
 * 12 hex digits. Unique within the process and, by the prefix, across processes and restarts, and cheaper
 * on the cached path (tens of thousands a second) than drawing random bits for each request.
 */
const PREFIX = randomUUID().slice(0, 24);
let issued = 0;
export function newRequestId(): string {
  issued = (issued + 1) % 0x1000000000000;
  return PREFIX + issued.toString(16).padStart(12, "0");
}

/** Runs `fn` (and everything it starts) with `id` as the current request id. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return store.run(id, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return store.getStore();
}
