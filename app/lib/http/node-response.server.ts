import type { ServerResponse } from "node:http";

/**
 * Short answers written straight on Node's response, for the paths that answer before or beside React
 * Router (the probes, the refusals of server/app.ts, the file chain's 404s and errors). Content-Length
 * is always given, so a keep-alive connection never waits for the end of a body.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) }).end(text);
}

export function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text) }).end(text);
}
