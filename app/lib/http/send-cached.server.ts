import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { pickEncoding, type CachedResponse, type WireHeaders } from "./html-cache.server";

/**
 * Writes a cached page: one writeHead with the entry's complete headers, built once per entry as a flat
 * [name, value, …] list whose first pair is X-Request-Id. The request's id is written into that slot
 * just before writeHead, which copies the list into the response's header text at once. Nothing may
 * be set on `res` beforehand on the hot path: a single setHeader makes writeHead re-validate and re-store
 * every header one by one (Node's "progressive API" merge), the largest JavaScript cost of a hit.
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, base: Record<string, string>, id: string) {
  const wire = wireOf(entry, base);
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    wire.notModified[1] = id;
    res.writeHead(304, wire.notModified).end();
    return;
  }
  const enc = pickEncoding(req.headers["accept-encoding"]);
  // An entry kept without that compressed form goes out as it is (its wire headers for `enc` are identity's).
  const body = (enc === "identity" ? undefined : entry[enc]) ?? entry.identity;
  if (req.method !== "HEAD" && sendPrebuilt(res as RawResponse, entry.status, wire.head[enc], body, id)) return;
  const headers = wire[enc];
  headers[1] = id;
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The fields of Node's ServerResponse (node:_http_outgoing, _http_server) the prebuilt path reads and sets. */
interface RawResponse extends ServerResponse {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  _keepAliveTimeout?: number;
  _maxRequestsPerSocket?: number;
  _defaultKeepAlive?: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached?: boolean;
}

/**
 * The common case (a keep-alive GET, nothing written yet, the socket free): the header block built once
 * per entry (status line and every fixed header, already checked by Node when the entry was first
 * written the ordinary way) goes out as bytes, followed by the few lines that change per response, and
 * the body; res.end() then finishes the response as Node's own writeHead + end would (keep-alive, next
 * request, 'finish'). Anything else returns false and takes writeHead: HEAD, a closing connection, a
 * pipelined request waiting for the socket, or a Node whose response object lacks these fields.
 */
function sendPrebuilt(res: RawResponse, status: number, head: Buffer | undefined, body: Buffer, id: string): boolean {
  const socket = res.socket as (ServerResponse["socket"] & { _httpMessage?: unknown }) | null;
  if (
    !head ||
    res._header !== null ||
    res._headerSent !== false ||
    res._hasBody !== true ||
    res.shouldKeepAlive !== true ||
    res.maxRequestsOnConnectionReached === true ||
    (res._maxRequestsPerSocket ?? 0) > 0 ||
    res._defaultKeepAlive === false ||
    !socket?.writable ||
    socket._httpMessage !== res
  )
    return false;
  const tail = keepAliveTail(id, res._keepAliveTimeout ?? 0);
  res.statusCode = status;
  // Marks the head as written, so that end() neither renders nor prepends one of its own.
  res._header = tail;
  res._headerSent = true;
  socket.cork();
  socket.write(head);
  socket.write(tail, "latin1");
  res.end(body);
  return true;
}

/** The header lines that change per response of a kept-alive connection, and the blank line. */
export function keepAliveTail(id: string, keepAliveMs: number, date = httpDate()): string {
  const timeout = Math.floor(keepAliveMs / 1000);
  return `X-Request-Id: ${id}\r\nDate: ${date}\r\nConnection: keep-alive\r\n${timeout > 0 ? `Keep-Alive: timeout=${timeout}\r\n` : ""}\r\n`;
}

/** Node's Date header text, recomputed once a second. */
let dateSecond = -1;
let dateText = "";
export function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

function flat(headers: Record<string, string | number>): (string | number)[] {
  return Object.entries(headers).flat();
}

/** The entry's header lists and prebuilt heads, built on first use. */
export function wireOf(entry: CachedResponse, base: Record<string, string>): WireHeaders {
  return (entry.wire ??= wireHeaders(entry, base));
}

function wireHeaders(entry: CachedResponse, base: Record<string, string>): WireHeaders {
  const common = { "X-Request-Id": "", ...base, ...entry.headers, ETag: entry.etag };
  const identity = flat({ ...common, "Content-Length": entry.identity.length });
  const encoded = (encoding: "br" | "gzip", body: Buffer | undefined) =>
    body ? flat({ ...common, "Content-Encoding": encoding, "Content-Length": body.length }) : identity;
  const br = encoded("br", entry.br);
  const gzip = encoded("gzip", entry.gzip);
  const notModified = flat({ "X-Request-Id": "", ...base, ETag: entry.etag, "cache-control": entry.headers["cache-control"] ?? "no-cache" });
  return {
    br,
    gzip,
    identity,
    notModified,
    head: {
      br: headBlock(entry.status, br),
      gzip: headBlock(entry.status, gzip),
      identity: headBlock(entry.status, identity),
      notModified: headBlock(304, notModified),
    },
  };
}

/**
 * The status line and the fixed headers as bytes (X-Request-Id, Date and the connection's lines are
 * added per response). Undefined when a value could not go on the wire as it is: such an entry takes
 * writeHead, which refuses it as it always did.
 */
function headBlock(status: number, headers: (string | number)[]): Buffer | undefined {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n`;
  for (let i = 2; i < headers.length; i += 2) {
    const name = String(headers[i]);
    const value = String(headers[i + 1]);
    if (!HEADER_NAME.test(name) || INVALID_VALUE.test(value)) return undefined;
    text += `${name}: ${value}\r\n`;
  }
  return Buffer.from(text, "latin1");
}

/** Node's own rules for a header's name (a token) and value (no control character but tab). */
const HEADER_NAME = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** If-None-Match may list several tags, or weak ones (W/"…"): any of them matching ours is a hit. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}
