import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Readable } from "node:stream";

/**
 * The one way the server fetches from another server (stock photos and videos, the AI service, IP
 * geolocation). The second hostile probe found Unsplash's download report following a redirect to any
 * host (issue 24 finding 10); each client had its own idea of redirects and none looked at addresses.
 *
 * - Redirects: none, unless the caller names the hosts they may lead to (a provider's file hosts);
 *   credentials are not carried to another host.
 * - Addresses: a host that resolves to a loopback, private, link-local or otherwise internal address
 *   is refused (IPv4-mapped IPv6 such as ::ffff:127.0.0.1 included), except the configured service's
 *   own host, exactly (`trust`): an on-premise AI service or a test's local stub lives there.
 * - DNS rebinding: the name is resolved once, every answer is checked, and the connection goes to the
 *   checked address (the request's `lookup` returns it), so a second, different answer is never asked for.
 */

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchInit {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Configured base URLs: their host (name and port) is allowed even on an internal address. */
  trust?: (string | undefined)[];
  /** Hosts (names, exactly) a redirect may lead to, besides the first URL's own; none: no redirect is followed. */
  redirectHosts?: string[];
  /** Resolves names (tests answer without a DNS server); the system's resolver by default. */
  resolve?: Resolver;
}

/** A fetch the rules refused (its message is French, for the log; callers answer with their own words). */
export class FetchRefused extends Error {}

const MAX_REDIRECTS = 5;

/**
 * Internal and special-purpose ranges (RFC 6890 and successors). The documentation ranges (192.0.2.0/24,
 * 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) are not listed: no host anywhere answers on them, so
 * they reach nothing inside, and the tests use one as "a public address" that never leaves the machine.
 * BlockList matches IPv4-mapped IPv6 addresses against the IPv4 ranges.
 */
const INTERNAL = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INTERNAL.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 and 6to4 carry an IPv4 address that may be an internal one.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["100::", 64],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  INTERNAL.addSubnet(prefix, bits, "ipv6");

/** Whether an address is internal (loopback, private, link-local, …), IPv4-mapped IPv6 included. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // "::ffff:7f00:1" and "::ffff:127.0.0.1" are 127.0.0.1; BlockList maps them, this says so explicitly.
    const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return INTERNAL.check(mapped[1], "ipv4");
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
      return INTERNAL.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."), "ipv4");
    }
  }
  return INTERNAL.check(address, family === 6 ? "ipv6" : "ipv4");
}

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

function trustedHosts(trust: SafeFetchInit["trust"]): Set<string> {
  const out = new Set<string>();
  for (const base of trust ?? []) {
    if (!base) continue;
    try {
      out.add(new URL(base).host.toLowerCase());
    } catch {
      /* not a URL: trusts nothing */
    }
  }
  return out;
}

/** The address to connect to: resolved once, every answer checked (one internal answer refuses the name). */
async function addressFor(url: URL, trusted: boolean, resolve: Resolver): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host);
  const answers = literal ? [{ address: host, family: literal }] : await resolve(host).catch(() => []);
  if (answers.length === 0) throw new FetchRefused(`nom introuvable : ${host}`);
  if (!trusted) {
    const internal = answers.find((a) => isInternalAddress(a.address));
    if (internal) throw new FetchRefused(`adresse interne refusée : ${host} (${internal.address})`);
  }
  return answers[0];
}

function requestOnce(url: URL, target: { address: string; family: number }, init: SafeFetchInit, headers: Record<string, string>): Promise<Response> {
  const client = url.protocol === "https:" ? https : http;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? "GET",
        headers,
        signal: init.signal,
        // The connection goes to the address that was checked, never to a second answer of the resolver.
        lookup: (_name, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
        // Certificates are still checked against the name.
        ...(url.protocol === "https:" && !net.isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 502;
        const out = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        const noBody = [101, 204, 205, 304].includes(status);
        if (noBody) res.resume();
        // Node's web stream and the DOM's ReadableStream are the same object at run time; only their declarations differ.
        const body = noBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, statusText: res.statusMessage, headers: out }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** fetch() under the rules above; a refusal is a FetchRefused, a network failure the usual Error. */
export async function safeFetch(input: string, init: SafeFetchInit = {}): Promise<Response> {
  const trusted = trustedHosts(init.trust);
  const resolve = init.resolve ?? systemResolver;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefused("adresse illisible");
  }
  const first = url.host.toLowerCase();
  const allowedHops = new Set([first, ...(init.redirectHosts ?? []).map((h) => h.toLowerCase())]);
  let headers = { ...init.headers };
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new FetchRefused(`protocole refusé : ${url.protocol}`);
    if (url.username || url.password) throw new FetchRefused("identifiants dans l'adresse refusés");
    const target = await addressFor(url, trusted.has(url.host.toLowerCase()), resolve);
    const res = await requestOnce(url, target, init, headers);
    if (res.status < 300 || res.status >= 400 || res.status === 304) return res;
    const location = res.headers.get("location");
    await res.body?.cancel().catch(() => {});
    if (!location) return res;
    // A POST is never replayed elsewhere; a GET follows only where the caller said it may.
    if (!init.redirectHosts?.length || (init.method ?? "GET") !== "GET") throw new FetchRefused(`redirection refusée vers ${location.slice(0, 200)}`);
    if (hop >= MAX_REDIRECTS) throw new FetchRefused("trop de redirections");
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new FetchRefused("redirection illisible");
    }
    if (!allowedHops.has(next.host.toLowerCase()) && !allowedHops.has(next.hostname.toLowerCase()))
      throw new FetchRefused(`redirection refusée vers un autre hôte : ${next.host}`);
    // Credentials stay with the host they were meant for.
    if (next.host.toLowerCase() !== url.host.toLowerCase())
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== "authorization"));
    url = next;
  }
}
