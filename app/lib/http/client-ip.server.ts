import type { IncomingMessage } from "node:http";

/**
 * The client's address. X-Forwarded-For is believed only when the direct peer is a configured
 * trusted proxy (TRUST_PROXY), and then only its right-most untrusted entry is taken.
 */
export function clientIp(req: IncomingMessage, trustProxy: string): string {
  const peer = normalize(req.socket.remoteAddress ?? "");
  const trusted = parseTrusted(trustProxy);
  if (!trusted(peer)) return peer;
  const header = req.headers["x-forwarded-for"];
  const list = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter((s) => /^[0-9a-f.:]{2,45}$/i.test(s));
  for (let i = list.length - 1; i >= 0; i--) if (!trusted(list[i])) return list[i];
  return list[0] ?? peer;
}

function normalize(ip: string): string {
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}

function parseTrusted(spec: string): (ip: string) => boolean {
  const items = spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return (ip) => items.some((item) => (item === "loopback" ? ip === "127.0.0.1" || ip === "::1" : item === ip));
}
