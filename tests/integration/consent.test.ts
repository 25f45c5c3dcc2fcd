import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "../support/db";
import { ADMIN_ENV, send, teamCookie, type Reply } from "../support/analytics";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Cookie consent recording (seed 000 §3 gdpr_consent, §7 calls 6 and 8): the server stores the choice
 * with the connection's address (X-Forwarded-For only from a trusted proxy), lists consents to the team
 * only, refuses bad input with a 4xx, and a storage failure is logged without breaking the site.
 */
const ENGINES = await engines();

function expectError(res: Reply, status: number, code?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json?.error?.message, res.text).toEqual(expect.any(String));
  if (code) expect(res.json.error.code).toBe(code);
}

describe.each(ENGINES)("cookie consent on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // Only 127.0.0.1 is a trusted proxy: other loopback addresses are ordinary clients.
    server = await startServer(engine, { ...ADMIN_ENV, TRUST_PROXY: "127.0.0.1" });
    cookie = await teamCookie(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const consents = async () => {
    const res = await send(server, "GET", "/api/consents?limit=200", { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json.consents as { ip_address: string; accepted: boolean; created_at: string }[];
  };

  it("records an accept and a decline with the client's address, newest first", async () => {
    expect((await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.0.21" })).status).toBe(204);
    expect((await send(server, "POST", "/api/consent", { body: { accepted: false }, from: "127.0.0.22" })).status).toBe(204);
    const rows = await consents();
    expect(rows[0]).toMatchObject({ ip_address: "127.0.0.22", accepted: false });
    expect(rows[1]).toMatchObject({ ip_address: "127.0.0.21", accepted: true });
    for (const r of rows.slice(0, 2)) expect(Date.now() - Date.parse(r.created_at)).toBeLessThan(60_000);
    expect(rows[0].created_at >= rows[1].created_at).toBe(true);
  });

  it("believes X-Forwarded-For only from the trusted proxy, and never a hostile one", async () => {
    await send(server, "POST", "/api/consent", { body: { accepted: true }, headers: { "x-forwarded-for": "203.0.113.7" } });
    expect((await consents())[0].ip_address).toBe("203.0.113.7");

    // An ordinary client cannot choose the address stored for it.
    await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.0.23", headers: { "x-forwarded-for": "198.51.100.1" } });
    expect((await consents())[0].ip_address).toBe("127.0.0.23");

    // Through the proxy, markup or junk in the header is not an address: the proxy's own is kept.
    const hostile = await send(server, "POST", "/api/consent", {
      body: { accepted: false },
      headers: { "x-forwarded-for": `<script>alert(1)</script>, ${"9".repeat(5000)}` },
    });
    expect(hostile.status).toBe(204);
    const latest = (await consents())[0];
    expect(latest.ip_address).toBe("127.0.0.1");
    expect(latest.ip_address).not.toMatch(/[<>]/);
  });

  it("refuses bad input with a 4xx and stores nothing for it", async () => {
    const before = (await consents()).length;
    const cases: [string, Parameters<typeof send>[3], number][] = [
      ["not JSON", { raw: "accepted=yes", headers: { "content-type": "application/json" } }, 400],
      ["wrong type", { body: { accepted: "yes" } }, 400],
      ["missing field", { body: {} }, 400],
      ["extra field (a forged IP)", { body: { accepted: true, ip_address: "1.2.3.4" } }, 400],
      ["an array", { body: [true] }, 400],
      ["oversized", { body: { accepted: true, pad: "x".repeat(5000) } }, 413],
      ["form-encoded", { raw: "accepted=true", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
    ];
    for (const [name, opts, status] of cases) {
      const res = await send(server, "POST", "/api/consent", { ...opts, from: "127.0.0.24" });
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.json?.error?.code, name).toEqual(expect.any(String));
    }
    expectError(await send(server, "GET", "/api/consent"), 405);
    expect((await consents()).length).toBe(before);
  });

  it("refuses a consent posted from another site", async () => {
    const res = await send(server, "POST", "/api/consent", { body: { accepted: true }, headers: { origin: "https://evil.example" } });
    expectError(res, 403, "cross_site");
  });

  it("lists consents to team members only", async () => {
    expectError(await send(server, "GET", "/api/consents"), 401, "unauthenticated");
    expectError(await send(server, "GET", "/api/consents", { cookie: `sid=${"a".repeat(43)}` }), 401);
    expectError(await send(server, "GET", "/api/consents?limit=abc", { cookie }), 400);
    expectError(await send(server, "GET", "/api/consents?limit=100000", { cookie }), 400);
    const res = await send(server, "GET", "/api/consents?limit=1", { cookie });
    expect(res.json.consents).toHaveLength(1);
  });

  it("stops a flood of consents from one client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(server, "POST", "/api/consent", { body: { accepted: i % 2 === 0 }, from: "127.0.0.25" })).status);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const res = await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.0.25" });
    expectError(res, 429, "too_many_requests");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect((await consents()).filter((r) => r.ip_address === "127.0.0.25")).toHaveLength(30);
    // Another client is not affected.
    expect((await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.0.26" })).status).toBe(204);
  });

  it("a storage failure is logged and answered 503; the site keeps working", async () => {
    const db = await openTestDb(server);
    try {
      await db.run("drop table gdpr_consents");
    } finally {
      await db.close();
    }
    const res = await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.0.27" });
    expectError(res, 503, "unavailable");
    // The log line reaches the test through the server's stderr pipe, a moment after the answer.
    await expect.poll(() => server.logs(), { timeout: 3000 }).toMatch(/consentement non enregistré \(accepté, 127\.0\.0\.27\)/);
    expect((await send(server, "GET", "/")).status).toBe(200);
  });
});
