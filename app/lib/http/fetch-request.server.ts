import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";

/**
 * The Fetch API request React Router reads, from Node's. Its signal tells a loader or a live stream that the
 * client has gone: it is aborted when the response closes before it has finished, never after.
 */
export function toFetchRequest(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, origin: string): Request {
  // The path is appended to the origin as text: "//evil.example/x" or "/\\evil" must stay paths on this
  // site, never become a host (new URL(path, base) would read them as one).
  const raw = req.originalUrl || req.url || "/";
  const url = new URL(`${origin}${raw.startsWith("/") ? "" : "/"}${raw}`);
  // Aborted only when the client leaves before the answer is complete: aborting every finished request built a
  // DOMException (its stack captured) for each one, in a profile of the server a visible share of its CPU.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, v);
  }
  // HEAD is rendered as GET (Node sends no body for it): the same headers as GET, ETag and length included, and
  // a cacheable page enters the cache, so that a HEAD answers alike before and after the page is cached.
  const method = req.method === "HEAD" ? "GET" : req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}
