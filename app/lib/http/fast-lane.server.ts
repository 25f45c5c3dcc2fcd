import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The fast lane (decision 064): a cached public page or built file answered from the socket, before
 * node:http parses the request. node:http's parser and its request and response objects cost a hit about
 * twice what nginx spends on the same static file; that cost, not the app's, kept the cached home page
 * under 0.9 of nginx (issue 24). The lane reads only the plainest requests a browser or a load balancer
 * sends, a keep-alive `GET /path HTTP/1.1` with well-formed headers and no body, and answers those whose
 * path is in memory. Everything else, and everything after it on the same connection, goes to node:http
 * untouched: node:http stays the one parser that decides about any request that is unusual, malformed,
 * hostile, has a body or needs a session. The lane never keeps a partial request: a head that did not
 * arrive in one read is handed over whole, so slow or split requests meet node:http's own timeouts.
 */

/** What a cached answer reads of a request; the header values as sent (one of each at most). */
export interface PlainGet {
  path: string;
  acceptEncoding?: string;
  cookie?: string;
  ifNoneMatch?: string;
  requestId?: string;
  range?: string;
  /** The index after the head's blank line in the buffer it was read from. */
  end: number;
}

/**
 * How the app answers through the lane: `answer` gives a complete response's bytes (one buffer, or parts
 * written in order) or null, and node:http takes the request. A single buffer the socket could not pass
 * to the kernel at once stays queued, and is handed to `queued`: it must not change from then on.
 */
export interface LaneAnswer {
  answer(request: Omit<PlainGet, "end">): Buffer | readonly (Buffer | string)[] | null;
  queued(bytes: Buffer): void;
}

/** A head longer than this, or with more header lines, is left to node:http (whose own limit is 16 KB). */
export const MAX_HEAD_BYTES = 8192;
export const MAX_HEADER_LINES = 64;

/**
 * Byte classes, as RFC 9110 and 9112 define them and node:http's parser applies them: a header name is a
 * token; a value is visible characters, spaces and tabs (no control character, so no bare CR or LF);
 * a path is the URL characters of an origin-form target without query or fragment.
 */
const TOKEN = byteClass("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
const PATH = byteClass("-._~!$&'()*+,;=:@/%0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
const VALUE = new Uint8Array(256).map((_, b) => (b === 9 || (b >= 0x20 && b !== 0x7f) ? 1 : 0));
function byteClass(chars: string): Uint8Array {
  const table = new Uint8Array(256);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}

const CR = 13;
const LF = 10;
const SP = 32;
const TAB = 9;
const COLON = 58;
const REQUEST_START = Buffer.from("GET /", "latin1");
const VERSION_END = Buffer.from(" HTTP/1.1\r\n", "latin1");

/**
 * Header names the parser looks at, lowercase: Host and Connection; those an answer reads (each must
 * come once: node:http would join repeats); those that mean the request is not a plain GET (a body, an
 * upgrade, an expectation). By length, for the scan.
 */
export const READ_HEADERS = ["accept-encoding", "cookie", "if-none-match", "x-request-id", "range"];
export const NOT_PLAIN_HEADERS = ["content-length", "transfer-encoding", "upgrade", "expect", "http2-settings", "te", "trailer"];
const KNOWN = new Map<number, string[]>();
for (const name of ["host", "connection", ...READ_HEADERS, ...NOT_PLAIN_HEADERS]) KNOWN.set(name.length, [...(KNOWN.get(name.length) ?? []), name]);

/** The known name buf[at, at + length) spells in any letter case, if any. */
function knownName(buf: Buffer, at: number, length: number): string | undefined {
  const names = KNOWN.get(length);
  if (names) for (const name of names) if (sameName(buf, at, name)) return name;
  return undefined;
}

/**
 * Whether buf[at, at + name.length) is `name` (lowercase letters, digits and "-") in any letter case.
 * OR-ing 0x20 folds only A-Z onto a-z among the bytes that can be there: the other bytes it would fold
 * onto a letter, a digit or "-" are control characters, which neither a token nor a value may hold.
 */
function sameName(buf: Buffer, at: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if ((buf[at + i] | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * The plain GET whose head starts at `start` of `buf` (with `end`, the index after its blank line), or
 * null when the head is incomplete, too long, malformed, or anything but a plain GET. A byte scanner
 * rather than regular expressions over a string: on a cached hit the parse was a fifth of the lane's
 * JavaScript (decision 064). fast-lane.server.test.ts holds the same rules as regular expressions and
 * checks that both agree on many thousands of altered requests.
 */
export function parsePlainGet(buf: Buffer, start: number): PlainGet | null {
  const limit = Math.min(buf.length, start + MAX_HEAD_BYTES);
  if (limit - start < REQUEST_START.length + VERSION_END.length) return null;
  for (let i = 0; i < REQUEST_START.length; i++) if (buf[start + i] !== REQUEST_START[i]) return null;
  let at = start + REQUEST_START.length;
  while (at < limit && PATH[buf[at]]) at++;
  const pathEnd = at;
  if (at + VERSION_END.length > limit) return null;
  for (let i = 0; i < VERSION_END.length; i++) if (buf[at + i] !== VERSION_END[i]) return null;
  at += VERSION_END.length;
  // Every field from the start, in one order: one hidden class for every request read (see cachedEntry).
  const request: PlainGet = {
    path: buf.toString("latin1", start + REQUEST_START.length - 1, pathEnd),
    acceptEncoding: undefined,
    cookie: undefined,
    ifNoneMatch: undefined,
    requestId: undefined,
    range: undefined,
    end: 0,
  };
  let hosts = 0;
  for (let lines = 0; ; lines++) {
    if (at + 1 >= limit || lines > MAX_HEADER_LINES) return null;
    // The blank line: the head is complete.
    if (buf[at] === CR) {
      if (buf[at + 1] !== LF) return null;
      request.end = at + 2;
      break;
    }
    const nameAt = at;
    while (at < limit && TOKEN[buf[at]]) at++;
    // An empty name, a folded line (it starts with a space), a space before the colon: not plain.
    if (at === nameAt || at >= limit || buf[at] !== COLON) return null;
    const nameLength = at - nameAt;
    at++;
    while (at < limit && (buf[at] === SP || buf[at] === TAB)) at++;
    const valueAt = at;
    while (at < limit && VALUE[buf[at]]) at++;
    if (at + 1 >= limit || buf[at] !== CR || buf[at + 1] !== LF) return null;
    let valueEnd = at;
    while (valueEnd > valueAt && (buf[valueEnd - 1] === SP || buf[valueEnd - 1] === TAB)) valueEnd--;
    at += 2;
    const name = knownName(buf, nameAt, nameLength);
    if (name === undefined) continue;
    if (name === "host") {
      if (++hosts > 1 || valueEnd === valueAt) return null;
    } else if (name === "connection") {
      // "close", "upgrade" or a list: node:http's rules for the connection apply.
      if (valueEnd - valueAt !== 10 || !sameName(buf, valueAt, "keep-alive")) return null;
    } else {
      const value = buf.toString("latin1", valueAt, valueEnd);
      // One property each (an assignment through a computed key slowed every hit down).
      if (name === "accept-encoding" && request.acceptEncoding === undefined) request.acceptEncoding = value;
      else if (name === "cookie" && request.cookie === undefined) request.cookie = value;
      else if (name === "if-none-match" && request.ifNoneMatch === undefined) request.ifNoneMatch = value;
      else if (name === "x-request-id" && request.requestId === undefined) request.requestId = value;
      else if (name === "range" && request.range === undefined) request.range = value;
      // A second of those, or a header that means a body, an upgrade or an expectation.
      else return null;
    }
  }
  // node:http refuses an HTTP/1.1 request without Host (400): so does the lane, by handing it over.
  return hosts === 1 ? request : null;
}

/**
 * The app's answer, or null when it throws: node:http then takes the request, and its own handling (a
 * logged 500 at worst) applies, where an exception here would end the process.
 */
function answerOrNull(lane: LaneAnswer, request: PlainGet): ReturnType<LaneAnswer["answer"]> {
  try {
    return lane.answer(request);
  } catch {
    return null;
  }
}

/**
 * Puts the lane in front of `server`'s own connection handling: each new connection is read by the lane
 * until a request it does not answer, then given to node:http with that request's bytes put back.
 * Idle lane connections close after the server's keep-alive timeout (within a second), and with the
 * server's idle ones when it closes.
 */
export function installFastLane(server: Server, lane: LaneAnswer): void {
  const [nodeConnection] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (!nodeConnection) throw new Error("node:http's connection listener is missing");
  server.removeListener("connection", nodeConnection);
  /** The lane's connections, with the second of their last read (a per-socket timer cost a hit 4 %). */
  const inLane = new Map<Socket, number>();
  let now = Math.floor(Date.now() / 1000);

  server.on("connection", (socket: Socket) => {
    inLane.set(socket, now);
    const onData = (chunk: Buffer) => {
      inLane.set(socket, now);
      let at = 0;
      while (at < chunk.length) {
        const parsed = parsePlainGet(chunk, at);
        const bytes = parsed && answerOrNull(lane, parsed);
        if (!parsed || !bytes) break;
        if (Buffer.isBuffer(bytes)) {
          socket.write(bytes);
          if (socket.writableLength > 0) lane.queued(bytes);
        } else {
          socket.cork();
          for (const part of bytes) {
            if (typeof part === "string") socket.write(part, "latin1");
            else socket.write(part);
          }
          socket.uncork();
        }
        at = parsed.end;
        // A client that sends requests faster than it reads the answers: the lane keeps nothing waiting, the
        // rest of what it sent goes to node:http, which holds back its reading until the answers have gone.
        if (socket.writableNeedDrain) break;
      }
      if (at < chunk.length) handOver(at === 0 ? chunk : chunk.subarray(at));
      else if (socket.writableNeedDrain && !socket.isPaused()) {
        // Read on once what was sent has gone out (unless node:http has the connection by then).
        socket.pause();
        socket.once("drain", () => inLane.has(socket) && socket.resume());
      }
    };
    const onError = () => socket.destroy();
    const onEnd = () => socket.end();
    const onClose = () => inLane.delete(socket);
    function handOver(rest: Buffer) {
      socket.removeListener("data", onData);
      socket.removeListener("error", onError);
      socket.removeListener("end", onEnd);
      socket.removeListener("close", onClose);
      inLane.delete(socket);
      // Read again by node:http's parser before anything that arrives later.
      socket.unshift(rest);
      nodeConnection.call(server, socket);
    }
    socket.on("data", onData);
    socket.on("error", onError);
    socket.on("end", onEnd);
    socket.on("close", onClose);
  });

  // Once a second: a connection that has sent nothing for the server's keep-alive timeout and has nothing
  // left to receive is closed, as node:http closes its own idle ones.
  const sweep = setInterval(() => {
    now = Math.floor(Date.now() / 1000);
    const idleAfter = Math.max(1, Math.ceil((server.keepAliveTimeout || 5_000) / 1000));
    for (const [socket, last] of inLane)
      if (now - last >= idleAfter && socket.writableLength === 0) {
        inLane.delete(socket);
        socket.destroy();
      }
  }, 1000);
  sweep.unref();
  server.once("close", () => clearInterval(sweep));

  // server.close() closes node:http's idle connections through this method: the lane's are between two
  // reads whenever this runs; one still sending an answer ends once it is sent.
  const closeLane = (all: boolean) => {
    for (const socket of inLane.keys()) {
      if (all || socket.writableLength === 0) socket.destroy();
      else socket.end();
    }
    inLane.clear();
  };
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    closeLane(false);
  };
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAll();
    closeLane(true);
  };
}
