import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { TestServer } from "./server";

/**
 * Helpers for the sign-in and team tests: raw HTTP (path sent exactly as written, from a chosen
 * loopback source address so throttling per IP can be isolated), session cookies, and direct database
 * access to tamper with rows the way an attacker or a clock would.
 */
export const ADMIN_EMAIL = "admin@archimed.test";
export const ADMIN_PASSWORD = "correct-horse-battery-staple";

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
  ms: number;
}

export interface CallOptions {
  body?: unknown;
  /** Body sent as is (string or bytes); `body` is JSON-encoded instead. */
  raw?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
  cookie?: string;
  headers?: Record<string, string>;
  /** Local source address (any 127.x.y.z works on Linux loopback): the server sees it as the client IP. */
  from?: string;
  /** How long the request may take before it fails (30 s unless told). */
  timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: false });

export function call(server: TestServer | string, method: string, p: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const base = new URL(typeof server === "string" ? server : server.url);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let payload: Buffer | undefined;
  if (opts.raw !== undefined) payload = Buffer.isBuffer(opts.raw) ? opts.raw : Buffer.from(opts.raw);
  else if (opts.body !== undefined) {
    payload = Buffer.from(JSON.stringify(opts.body));
    headers["content-type"] ??= "application/json";
  }
  if (payload && !opts.chunked) headers["content-length"] = String(payload.length);
  // Node's client frames DELETE (like GET) without chunks unless told: the body would be sent raw and
  // read by the server as a second, malformed request.
  else if (payload) headers["transfer-encoding"] = "chunked";
  if (opts.cookie) headers.cookie = opts.cookie;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path: p, method, headers, agent, localAddress: opts.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - t0 });
      });
      res.on("error", reject);
    });
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error(`délai dépassé pour ${method} ${p}`)));
    req.on("error", reject);
    if (payload && opts.chunked) {
      // Several chunks, so the server cannot know the size before reading.
      for (let i = 0; i < payload.length; i += 8192) req.write(payload.subarray(i, i + 8192));
    } else if (payload) req.write(payload);
    req.end();
  });
}

export function setCookies(res: ApiResponse): string[] {
  const h = res.headers["set-cookie"];
  return Array.isArray(h) ? h : h ? [h] : [];
}

/** The "sid=…" pair from a response's Set-Cookie, for the Cookie header of the next request. */
export function sessionCookieOf(res: ApiResponse): string {
  const c = setCookies(res).find((s) => s.startsWith("sid="));
  if (!c) throw new Error(`pas de cookie de session (HTTP ${res.status}) : ${res.text}`);
  return c.split(";")[0];
}

export async function login(server: TestServer, email: string, password: string, from?: string): Promise<string> {
  const res = await call(server, "POST", "/api/auth/login", { body: { email, password }, from });
  if (res.status !== 200) throw new Error(`connexion de ${email} refusée : ${res.status} ${res.text}`);
  return sessionCookieOf(res);
}

/** Adds a member through the API as the given admin; returns its id and password. */
export async function addMember(server: TestServer, adminCookie: string, email: string, role: "admin" | "editor", password = "editor-password-123") {
  const res = await call(server, "POST", "/api/team", { cookie: adminCookie, body: { email, role, password } });
  if (res.status !== 201) throw new Error(`ajout de ${email} refusé : ${res.status} ${res.text}`);
  return { id: res.json.member.id as string, email: res.json.member.email as string, password };
}

/** Runs SQL on the server's own database. Placeholders are written "?" for both engines. */
export async function sql<T = Record<string, unknown>>(
  server: Pick<TestServer, "engine" | "dataDir" | "databaseUrl">,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (server.engine === "postgres" || server.databaseUrl) {
    let i = 0;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(server.dataDir, "site.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const stmt = db.prepare(text);
    return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
  } finally {
    db.close();
  }
}

/** The API's one error shape, with a French message (no English library text leaking through). */
export function expectApiError(res: ApiResponse, status: number, code?: string) {
  const ctx = `${status} attendu, reçu ${res.status} : ${res.text.slice(0, 300)}`;
  if (res.status !== status) throw new Error(ctx);
  if (!res.json?.error || typeof res.json.error.message !== "string" || !res.json.error.message) throw new Error(`forme d'erreur inattendue : ${res.text}`);
  if (code && res.json.error.code !== code) throw new Error(`code ${code} attendu, reçu ${res.json.error.code}`);
  if (/Invalid input|expected \w+, received|Required\b/.test(res.json.error.message))
    throw new Error(`message anglais de bibliothèque : ${res.json.error.message}`);
}
