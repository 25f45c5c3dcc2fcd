import http from "node:http";
import type { AddressInfo } from "node:net";
import { call } from "./auth";
import type { TestServer } from "./server";

/**
 * Helpers for the consent, analytics and statistics tests: raw HTTP from a chosen loopback address (each
 * 127.x.y.z is its own client for the rate limits), a signed-in team cookie, and a local stand-in for the
 * geolocation provider (no test reaches the internet).
 */
export const ADMIN = { email: "stats@archimed.test", password: "statistiques-solides-2024" };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
export const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

export interface SendOptions {
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
  cookie?: string;
  from?: string;
}

/** Raw HTTP through auth.ts's `call` (20 s at the most), answering without its timing. */
export function send(server: TestServer, method: string, path: string, opts: SendOptions = {}): Promise<Reply> {
  return call(server, method, path, { ...opts, timeoutMs: 20_000 });
}

/** Signs the seeded admin in and returns the "sid=…" pair for the Cookie header. */
export async function teamCookie(server: TestServer, from?: string): Promise<string> {
  const res = await send(server, "POST", "/api/auth/login", { body: ADMIN, from });
  const raw = res.headers["set-cookie"];
  const sid = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith("sid="));
  if (res.status !== 200 || !sid) throw new Error(`connexion refusée : ${res.status} ${res.text}`);
  return sid.split(";")[0];
}

/** A page-view beacon as navigator.sendBeacon posts it (text/plain JSON), with a browser's User-Agent. */
export function beacon(server: TestServer, body: unknown, opts: { ua?: string | null; from?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "text/plain;charset=UTF-8", ...(opts.headers ?? {}) };
  if (opts.ua !== null) headers["user-agent"] = opts.ua ?? CHROME_UA;
  return send(server, "POST", "/api/analytics/collect", { raw: typeof body === "string" ? body : JSON.stringify(body), headers, from: opts.from });
}

export const visitor = (n: number) => `visitor${String(n).padStart(3, "0")}abcdefghijklm`.slice(0, 22);

export type GeoMode = "ok" | "fail" | "hang" | "error-body";

/** Stand-in for the geolocation provider (ipapi.co's answer shape); `mode` chooses how it behaves. */
export async function startGeoStub(): Promise<{ url: string; mode: GeoMode; requests: string[]; close: () => Promise<void> }> {
  const state = { mode: "ok" as GeoMode, requests: [] as string[] };
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? "");
    if (state.mode === "hang") return; // never answers: the caller's timeout must fire
    if (state.mode === "fail") {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("boom");
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    if (state.mode === "error-body") res.end(JSON.stringify({ error: true, reason: "RateLimited" }));
    else res.end(JSON.stringify({ ip: "127.0.0.1", country_name: "France", city: "Paris <img src=x onerror=alert(1)>", org: "AS3215 Orange S.A." }));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{ip}/json/`,
    get mode() {
      return state.mode;
    },
    set mode(m: GeoMode) {
      state.mode = m;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
