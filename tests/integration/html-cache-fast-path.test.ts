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
const URLS = ["/", "/en", ROUTES.blog.fr, ROUTES.blog.en, "/solutions/reservation", "/en/solutions/reservation"];
const VARIANTS: { name: string; method?: string; headers: Record<string, string> }[] = [
  { name: "br", headers: { "accept-encoding": "gzip, deflate, br" } },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
  { name: "identity", headers: {} },
  { name: "HEAD", method: "HEAD", headers: { "accept-encoding": "gzip" } },
  // A cookie that is not the session's (a visitor's consent choice, a theme) keeps the shared answer.
  { name: "other cookie", headers: { "accept-encoding": "gzip", cookie: "consent=necessary; theme=dark" } },
];

type Answer = { status: number; headers: Record<string, unknown>; body: string };
function answer(res: RawResponse): Answer {
  // The request id is each request's own (decision 034), like Date.
  const { date: _date, "x-request-id": _requestId, ...headers } = res.headers;
  return { status: res.status, headers, body: res.raw.toString("base64") };
}

async function collect(server: TestServer): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const url of URLS) {
    // The first visit renders the page (and fills the cache when it is on).
    expect((await request(server.url, url)).status, url).toBe(200);
    for (const v of VARIANTS) out.set(`${v.name} ${url}`, answer(await request(server.url, url, { method: v.method, headers: v.headers })));
    const etag = out.get(`gzip ${url}`)?.headers.etag;
    expect(etag, url).toEqual(expect.any(String));
    out.set(`304 ${url}`, answer(await request(server.url, url, { headers: { "accept-encoding": "gzip", "if-none-match": String(etag) } })));
  }
  return out;
}

describe.each(ENGINES)("cached public pages on %s", (engine) => {
  let server: TestServer;
  let cached: Map<string, Answer>;
  let rendered: Map<string, Answer>;
  let member: RawResponse;
  let visitorAfterMember: Answer;

  beforeAll(async () => {
    server = await startServer(engine, { PUBLIC_URL, ADMIN_EMAIL, ADMIN_PASSWORD });
    cached = await collect(server);
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    member = await request(server.url, "/", { headers: { "accept-encoding": "gzip", cookie } });
    visitorAfterMember = answer(await request(server.url, "/", { headers: { "accept-encoding": "gzip" } }));
    server = await server.restart({ PUBLIC_URL, ADMIN_EMAIL, ADMIN_PASSWORD, HTML_CACHE_ENTRIES: "0" });
    rendered = await collect(server);
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

  it("a signed-in team member gets a private render, and visitors still get the shared answer", () => {
    expect(member.status).toBe(200);
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(member.headers.etag).toBeUndefined();
    expect(visitorAfterMember).toEqual(cached.get("gzip /"));
  });
});
