import type { CachedResponse, LaneSlot } from "./html-cache.server";
import { pickEncoding } from "./html-cache.server";
import { httpDate, keepAliveTail, matchesEtag, wireOf } from "./send-cached.server";

/**
 * The bytes of a cached answer for the fast lane (fast-lane.server.ts): the status, headers and body
 * sendCached gives a keep-alive GET, with the lines node:http adds itself (Date, Connection, Keep-Alive).
 * The common answer is one buffer per entry and encoding, the whole response, whose request id and
 * date are overwritten in place: one write of one buffer is what lets a hit cost about what nginx
 * spends on a static file (three writes through writev cost a fifth more; a copy per response more
 * still). The buffer may be rewritten only once the socket has passed it to the kernel: when a write
 * leaves it queued, the lane calls `laneQueued` and the next answer builds a new one. Other answers
 * (a 304, a request id of another length) are three parts. Null when the entry's headers could not be
 * prebuilt: node:http takes the request.
 */
export function laneBytes(
  entry: CachedResponse,
  base: Record<string, string>,
  request: { acceptEncoding?: string; ifNoneMatch?: string },
  id: string,
  keepAliveMs: number,
): Buffer | (Buffer | string)[] | null {
  const wire = wireOf(entry, base);
  if (matchesEtag(request.ifNoneMatch, entry.etag)) return wire.head.notModified ? [wire.head.notModified, keepAliveTail(id, keepAliveMs)] : null;
  const enc = pickEncoding(request.acceptEncoding);
  // Branches rather than entry[enc]: a computed key read with "br" for browsers and "gzip" for others turns
  // V8's lookup megamorphic, and every hit slower after a browser's visit.
  const head = enc === "br" ? wire.head.br : enc === "gzip" ? wire.head.gzip : wire.head.identity;
  if (!head) return null;
  const body = (enc === "br" ? entry.br : enc === "gzip" ? entry.gzip : undefined) ?? entry.identity;
  const date = httpDate();
  if (id.length !== ID_LENGTH || date.length !== DATE_LENGTH) return [head, keepAliveTail(id, keepAliveMs), body];
  const lane = (entry.lane ??= { br: undefined, gzip: undefined, identity: undefined });
  let slot = enc === "br" ? lane.br : enc === "gzip" ? lane.gzip : lane.identity;
  if (!slot || slot.keepAliveMs !== keepAliveMs || queued.has(slot.bytes)) {
    slot = wholeResponse(head, body, keepAliveMs);
    if (enc === "br") lane.br = slot;
    else if (enc === "gzip") lane.gzip = slot;
    else lane.identity = slot;
  }
  slot.bytes.write(id, slot.idAt, ID_LENGTH, "latin1");
  if (slot.date !== date) {
    slot.bytes.write(date, slot.dateAt, DATE_LENGTH, "latin1");
    slot.date = date;
  }
  return slot.bytes;
}

/** The lane left these bytes in the socket's queue: they belong to it now, the entry makes new ones. */
export function laneQueued(bytes: Buffer): void {
  queued.add(bytes);
}
const queued = new WeakSet<Buffer>();

/** A generated request id (request-id.server.ts) and an HTTP date ("Wed, 02 Dec 2026 16:05:00 GMT"). */
const ID_LENGTH = 36;
const DATE_LENGTH = 29;

function wholeResponse(head: Buffer, body: Buffer, keepAliveMs: number): LaneSlot {
  const id = "0".repeat(ID_LENGTH);
  const date = "D".repeat(DATE_LENGTH);
  const tail = Buffer.from(keepAliveTail(id, keepAliveMs, date), "latin1");
  const bytes = Buffer.concat([head, tail, body]);
  const idAt = head.length + "X-Request-Id: ".length;
  const dateAt = head.length + tail.indexOf(`Date: ${date}`) + "Date: ".length;
  return { bytes, idAt, dateAt, date: "", keepAliveMs };
}
