import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "~/lib/i18n/routes";
import { ADMIN_EMAIL, ADMIN_PASSWORD, login } from "../support/auth";
import { request, type RawResponse } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Cached public pages are answered at the top of the request handler, before Express and React Router
 * (server/app.ts, decision 005): for a set of public URLs and request variants, that answer must be the
 * one the framework gives. The same data folder is served twice: with the HTML cache (the answers
 * below come from it, the first visit having filled it) and with HTML_CACHE_ENTRIES=0 (every answer is
 * rendered by the framework). Status, every header but Date and X-Request-Id, and the bytes sent must be equal.
 */
const ENGINES = await engines();
const PUBLIC_URL = "https://archimed.test";
const METRICS_TOKEN = "jeton-de-mesures-assez-long-0123456789";
const URLS = ["/", "/en", ROUTES.blog.fr, ROUTES.blog.en, "/solutions/reservation", "/en/solutions/reservation"];
const VARIANTS: { name: string; method?: string; headers: Record<string, string>; keepAlive?: boolean }[] = [
  // A kept-alive connection's plain GETs are read by the fast lane before node:http (decision 064).
  { name: "lane br", headers: { "accept-encoding": "gzip, deflate, br" }, keepAlive: true },
  { name: "lane gzip", headers: { "accept-encoding": "gzip" }, keepAlive: true },
  { name: "lane identity", headers: {}, keepAlive: true },
  { name: "lane other cookie", headers: { "accept-encoding": "gzip", cookie: "consent=necessary; theme=dark" }, keepAlive: true },
  { name: "lane request id", headers: { "accept-encoding": "gzip", "x-request-id": "lb-7f3a.42" }, keepAlive: true },
  { name: "br", headers: { "accept-encoding": "gzip, deflate, br" } },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
  { name: "identity", headers: {} },
  { name: "HEAD", method: "HEAD", headers: { "accept-encoding": "gzip" } },
  // A cookie that is not the session's (a visitor's consent choice, a theme) keeps the shared answer.
  { name: "other cookie", headers: { "accept-encoding": "gzip", cookie: "consent=necessary; theme=dark" } },
];

type Answer = { status: number; headers: Record<string, unknown>; body: string };
function answer(res: RawResponse): Answer {
  // The request id is each request's own (decision 034), like Date; one sent by a load balancer comes back.
  const { date: _date, "x-request-id": requestId, ...headers } = res.headers;
  if (requestId !== "lb-7f3a.42") expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return {
    status: res.status,
    headers: { ...headers, ...(requestId === "lb-7f3a.42" ? { "x-request-id": requestId } : {}) },
    body: res.raw.toString("base64"),
  };
}

async function collect(server: TestServer): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const url of URLS) {
    // The first visit renders the page (and fills the cache when it is on).
    expect((await request(server.url, url)).status, url).toBe(200);
    for (const v of VARIANTS) out.set(`${v.name} ${url}`, answer(await request(server.url, url, v)));
    const etag = out.get(`gzip ${url}`)?.headers.etag;
    expect(etag, url).toEqual(expect.any(String));
    out.set(`304 ${url}`, answer(await request(server.url, url, { headers: { "accept-encoding": "gzip", "if-none-match": String(etag) } })));
    const conditional = { "accept-encoding": "gzip", "if-none-match": `W/"other", ${String(etag)}` };
    out.set(`lane 304 ${url}`, answer(await request(server.url, url, { headers: conditional, keepAlive: true })));
  }
  return out;
}

/** The fast lane's answers so far, from /metrics. */
async function laneAnswers(server: TestServer): Promise<number> {
  const res = await request(server.url, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const line = res.text.split("\n").find((l) => l.startsWith("archimed_fast_lane_answers_total "));
  return Number(line?.split(" ")[1] ?? 0);
}

describe.each(ENGINES)("cached public pages on %s", (engine) => {
  let server: TestServer;
  let cached: Map<string, Answer>;
  let rendered: Map<string, Answer>;
  let member: RawResponse;
  let memberKeptAlive: RawResponse;
  let visitorAfterMember: Answer;
  let laneWithCache: number;
  let laneWithoutCache: number;

  beforeAll(async () => {
    const env = { PUBLIC_URL, ADMIN_EMAIL, ADMIN_PASSWORD, METRICS_TOKEN };
    server = await startServer(engine, env);
    cached = await collect(server);
    laneWithCache = await laneAnswers(server);
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await request(server.url, "/", { headers: { "accept-encoding": "gzip", cookie } });
    memberKeptAlive = await request(server.url, "/", { headers: { "accept-encoding": "gzip", cookie }, keepAlive: true });
    visitorAfterMember = answer(await request(server.url, "/", { headers: { "accept-encoding": "gzip" } }));
    server = await server.restart({ ...env, HTML_CACHE_ENTRIES: "0" });
    rendered = await collect(server);
    laneWithoutCache = await laneAnswers(server);
  });
  afterAll(() => server?.stop());

  it("answer from the cache exactly as the framework does: status, headers but Date, and bytes", () => {
    expect([...cached.keys()]).toEqual([...rendered.keys()]);
    for (const [key, answer] of cached) expect(answer, key).toEqual(rendered.get(key));
    // The variants are what they say: compressed, HEAD without a body, 304 for a known tag.
    expect(cached.get("br /")?.headers["content-encoding"]).toBe("br");
    expect(cached.get("identity /")?.headers["content-encoding"]).toBeUndefined();
    expect(cached.get("HEAD /")?.body).toBe("");
    expect(cached.get("304 /")?.status).toBe(304);
    expect(cached.get("gzip /")?.headers["content-security-policy"]).toEqual(expect.any(String));
  });

  it("the kept-alive requests were answered by the fast lane, which never answers a page the cache does not hold", () => {
    const perUrl = VARIANTS.filter((v) => v.keepAlive).length + 1;
    expect(laneWithCache).toBe(URLS.length * perUrl);
    expect(laneWithoutCache).toBe(0);
    expect(cached.get("lane gzip /")?.headers.connection).toBe("keep-alive");
    expect(cached.get("lane gzip /")?.headers["keep-alive"]).toBe("timeout=65");
    expect(cached.get("lane 304 /")?.status).toBe(304);
    expect(cached.get("lane request id /")?.headers["x-request-id"]).toBe("lb-7f3a.42");
  });

  it("a signed-in team member gets a private render, and visitors still get the shared answer", () => {
    for (const res of [member, memberKeptAlive]) {
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.etag).toBeUndefined();
    }
    expect(visitorAfterMember).toEqual(cached.get("gzip /"));
  });
});
