import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPageView } from "~/lib/analytics/record.server";
import { localToUtc, utcToLocal } from "~/lib/blog/time";
import { openDatabase } from "~/lib/db/connection.server";
import { loadEnv } from "~/lib/env.server";
import { setRuntime } from "~/lib/runtime.server";
import { openTestDb } from "../support/db";
import { ADMIN_ENV, beacon, GOOGLEBOT_UA, send, startGeoStub, teamCookie, visitor, type Reply } from "../support/analytics";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * First-party analytics: the beacon (counted for browsers, not crawlers; strict about its body; rate
 * limited), get_analytics_data ({ ga: { activeUsers, topPages } } for a chosen period), the live
 * visitor stream, visitor info from a (local stand-in) geolocation provider, and the CSP of the tags.
 */
const ENGINES = await engines();
const BEACONS_PER_MINUTE = 20;

function expectError(res: Reply, status: number, code?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json?.error?.message, res.text).toEqual(expect.any(String));
  if (code) expect(res.json.error.code, res.text).toBe(code);
}

const isoDaysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
/** The test servers' zone (SITE_TIMEZONE's default): the statistics count days as Paris lives them. */
const TZ = "Europe/Paris";
const parisToday = () => utcToLocal(new Date(), TZ).slice(0, 10);
const shiftDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last Sunday of a month (1–12): the European clock changes. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}
/** The latest clock change of that month strictly before today (so within the last year). */
function latestChange(month: number): string {
  const today = parisToday();
  const year = Number(today.slice(0, 4));
  const thisYear = lastSunday(year, month);
  return thisYear < today ? thisYear : lastSunday(year - 1, month);
}

describe.each(ENGINES)("analytics on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let geo: Awaited<ReturnType<typeof startGeoStub>>;
  beforeAll(async () => {
    geo = await startGeoStub();
    server = await startServer(engine, {
      ...ADMIN_ENV,
      ANALYTICS_BEACONS_PER_MINUTE: String(BEACONS_PER_MINUTE),
      GEOLOCATION_URL: geo.url,
      GEOLOCATION_TIMEOUT_MS: "700",
      GA_MEASUREMENT_ID: "G-TEST12345",
      META_PIXEL_ID: "1234567890",
    });
    cookie = await teamCookie(server);
  });
  afterAll(async () => {
    await server?.stop();
    await geo?.close();
  });

  const analytics = async (query = "") => {
    const res = await send(server, "GET", `/api/analytics${query}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.json as { ga: { activeUsers: number; topPages: { path: string; views: number }[] }; days: number; daily: { day: string; views: number }[] };
  };
  const viewsOf = async (path: string, query = "") => (await analytics(query)).ga.topPages.find((p) => p.path === path)?.views ?? 0;

  it("counts a browser's page view, and not a crawler's", async () => {
    const from = "127.0.1.1";
    expect((await beacon(server, { p: "/offres", v: visitor(1), r: "www.google.com" }, { from })).status).toBe(204);
    expect(await viewsOf("/offres")).toBe(1);

    for (const ua of [
      GOOGLEBOT_UA,
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
      "curl/8.5.0",
      null,
    ]) {
      const res = await beacon(server, { p: "/offres", v: visitor(2) }, { ua, from });
      expect(res.status, String(ua)).toBe(204);
    }
    expect(await viewsOf("/offres")).toBe(1);

    // The stored row: path, language from the path, referrer host, visitor id, time.
    const db = await openTestDb(server);
    try {
      const rows = await db.all<{ path: string; lang: string; referrer_host: string | null; visitor_id: string; created_at: string }>(
        "select path, lang, referrer_host, visitor_id, created_at from page_views",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ path: "/offres", lang: "fr", referrer_host: "www.google.com", visitor_id: visitor(1) });
      expect(Date.now() - Date.parse(rows[0].created_at)).toBeLessThan(60_000);
    } finally {
      await db.close();
    }
  });

  it("normalises the path and takes the language from it", async () => {
    expect((await beacon(server, { p: "/en/offers/", v: visitor(3), r: null }, { from: "127.0.1.2" })).status).toBe(204);
    expect(await viewsOf("/en/offers")).toBe(1);
    const db = await openTestDb(server);
    try {
      const [row] = await db.all<{ lang: string; referrer_host: string | null }>("select lang, referrer_host from page_views where path = ?", ["/en/offers"]);
      expect(row).toEqual({ lang: "en", referrer_host: null });
    } finally {
      await db.close();
    }
  });

  it("activeUsers is the number of distinct visitors seen in the last 5 minutes", async () => {
    const base = (await analytics()).ga.activeUsers;
    expect(base).toBe(2);
    await beacon(server, { p: "/", v: visitor(1) }, { from: "127.0.1.3" }); // seen again: still one visitor
    await beacon(server, { p: "/", v: visitor(4) }, { from: "127.0.1.3" });
    const db = await openTestDb(server);
    try {
      // A visitor last seen six minutes ago is no longer current.
      await db.run("insert into page_views (visitor_id, path, lang, referrer_host, created_at) values (?, ?, ?, ?, ?)", [
        visitor(5),
        "/",
        "fr",
        null,
        new Date(Date.now() - 6 * 60_000).toISOString(),
      ]);
    } finally {
      await db.close();
    }
    expect((await analytics()).ga.activeUsers).toBe(3);
  });

  it("topPages covers the chosen period (default 30 days), most viewed first", async () => {
    const db = await openTestDb(server);
    try {
      const day = isoDaysAgo(40).slice(0, 10);
      await db.run("insert into page_view_daily (day, path, views) values (?, ?, ?)", [day, "/partenaires", 500]);
    } finally {
      await db.close();
    }
    const month = await analytics();
    expect(month.days).toBe(30);
    expect(month.ga.topPages.map((p) => p.path)).not.toContain("/partenaires");
    expect(month.ga.topPages[0]).toEqual({ path: "/", views: 2 });
    expect(month.daily).toHaveLength(30);
    expect(month.daily.at(-1)).toEqual({ day: parisToday(), views: 4 });
    expect(month.daily.slice(0, -1).every((d) => d.views === 0)).toBe(true);

    const longer = await analytics("?days=60");
    expect(longer.ga.topPages[0]).toEqual({ path: "/partenaires", views: 500 });
    expect(longer.daily).toHaveLength(60);
    expect(longer.daily.find((d) => d.day === isoDaysAgo(40).slice(0, 10))?.views).toBe(500);
    for (const p of longer.ga.topPages) expect(Object.keys(p).sort()).toEqual(["path", "views"]);
  });

  it("the analytics API answers team members only, and checks its period", async () => {
    expectError(await send(server, "GET", "/api/analytics"), 401, "unauthenticated");
    expectError(await send(server, "GET", "/api/analytics", { cookie: `sid=${"b".repeat(43)}` }), 401);
    expectError(await send(server, "GET", "/api/analytics/live"), 401);
    expectError(await send(server, "GET", "/api/visitor-info"), 401);
    for (const q of ["?days=0", "?days=abc", "?days=1000", "?days=1.5", "?days=7&x=1"])
      expectError(await send(server, "GET", `/api/analytics${q}`, { cookie }), 400, "invalid_input");
    expectError(await send(server, "POST", "/api/analytics", { cookie, body: {} }), 405);
  });

  it("refuses forged, oversized and hostile beacons with a 4xx, and stores none of them", async () => {
    const from = "127.0.1.4";
    const before = await analytics("?days=1");
    const v = visitor(6);
    const cases: [string, unknown, number, Record<string, string>?][] = [
      ["not JSON", "<html>", 400],
      ["an array", [1, 2], 400],
      ["extra field", { p: "/", v, lang: "de" }, 400],
      ["no slash", { p: "offres", v }, 400],
      ["markup in the path", { p: "/<script>alert(1)</script>", v }, 400],
      ["a URL as path", { p: "javascript:alert(1)", v }, 400],
      ["spaces in the path", { p: "/a b", v }, 400],
      ["bad escape", { p: "/%zz", v }, 400],
      ["a path of 10 000 characters", { p: `/${"a".repeat(10_000)}`, v }, 413],
      ["a path just over the limit", { p: `/${"a".repeat(600)}`, v }, 400],
      ["an unknown page", { p: "/nexiste-pas", v }, 400],
      ["a forged visitor id", { p: "/", v: "<b>x</b>" }, 400],
      ["a numeric visitor id", { p: "/", v: 12345678901234567000 }, 400],
      ["markup as referrer", { p: "/", v, r: "<img src=x onerror=alert(1)>" }, 400],
      ["a URL as referrer", { p: "/", v, r: "https://evil.example/path" }, 400],
      ["a huge referrer", { p: "/", v, r: `${"a".repeat(60)}.`.repeat(10) + "com" }, 400],
      ["an oversized body", { p: "/", v, pad: "x".repeat(4000) }, 413],
      ["form-encoded", "p=/&v=x", 415, { "content-type": "application/x-www-form-urlencoded" }],
    ];
    for (const [name, body, status, headers] of cases) {
      const res = await beacon(server, body, { from, headers });
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.json?.error?.code, name).toEqual(expect.any(String));
    }
    expectError(await send(server, "GET", "/api/analytics/collect"), 405);
    // Another site cannot post a beacon, even with a hostile Referer and no Origin.
    expectError(await beacon(server, { p: "/", v }, { from, headers: { origin: "https://evil.example" } }), 403);
    expectError(await beacon(server, { p: "/", v }, { from, headers: { referer: "javascript:alert(1)" } }), 403);

    const after = await analytics("?days=1");
    expect(after.ga.topPages).toEqual(before.ga.topPages);
    for (const p of after.ga.topPages) expect(p.path).toMatch(/^\/[a-z0-9/-]*$/);
  });

  it("a hostile X-Forwarded-For is ignored, never a 500", async () => {
    const res = await beacon(
      server,
      { p: "/blog", v: visitor(7) },
      { from: "127.0.1.5", headers: { "x-forwarded-for": "<script>, 999.999.999.999, ::ffff:<x>" } },
    );
    expect(res.status).toBe(204);
  });

  it("a flood of beacons from one client is rate-limited (429), others still counted", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BEACONS_PER_MINUTE + 3; i++) statuses.push((await beacon(server, { p: "/recrutement", v: visitor(8) }, { from: "127.0.1.6" })).status);
    expect(statuses.slice(0, BEACONS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(BEACONS_PER_MINUTE)).toEqual([429, 429, 429]);
    const limited = await beacon(server, { p: "/recrutement", v: visitor(8) }, { from: "127.0.1.6" });
    expectError(limited, 429, "too_many_requests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await viewsOf("/recrutement")).toBe(BEACONS_PER_MINUTE);
    expect((await beacon(server, { p: "/recrutement", v: visitor(9) }, { from: "127.0.1.7" })).status).toBe(204);
  });

  it("the live stream sends the current visitor count as server-sent events", async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}/api/analytics/live`, { headers: { cookie }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const reader = res.body!.getReader();
    let text = "";
    const deadline = Date.now() + 10_000;
    while (!/event: visitors\ndata: (.*)\n\n/.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ctrl.abort();
    const data = JSON.parse(text.match(/event: visitors\ndata: (.*)\n\n/)![1]) as { activeUsers: number };
    expect(data.activeUsers).toBe((await analytics()).ga.activeUsers);
  });

  it("visitor info: the viewer's IP and the provider's country, city and ISP, as plain data", async () => {
    geo.mode = "ok";
    const res = await send(server, "GET", "/api/visitor-info", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ip: "127.0.0.1", geo: { country_name: "France", city: "Paris <img src=x onerror=alert(1)>", org: "AS3215 Orange S.A." } });
    expect(geo.requests.at(-1)).toBe("/127.0.0.1/json/");
  });

  it.each(["fail", "hang", "error-body"] as const)("visitor info when the provider does %s: the IP, no geolocation, a log line", async (mode) => {
    geo.mode = mode;
    const res = await send(server, "GET", "/api/visitor-info", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ip: "127.0.0.1", geo: null });
    expect(server.logs()).toMatch(/géolocalisation indisponible pour 127\.0\.0\.1/);
    geo.mode = "ok";
  });

  it("the CSP allows the configured Google tag and Meta pixel", async () => {
    const res = await send(server, "GET", "/");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
    // The page only carries the IDs; no third-party script is in the HTML itself.
    expect(res.text).toContain('"gaId":"G-TEST12345"');
    expect(res.text).not.toMatch(/googletagmanager\.com\/gtag|fbevents\.js/);
  });

  it("counts each visit for the site's day: 23:30 and 00:30 in Paris, and across both clock changes", async () => {
    const tenDaysAgo = shiftDay(parisToday(), -10);
    const spring = latestChange(3);
    const autumn = latestChange(10);
    // Paris wall-clock times, each counted for its own Paris day. 00:30 is 23:30 UTC the day before (22:30 in
    // summer time): the UTC day the chart used to count it for.
    const visits = [
      `${shiftDay(tenDaysAgo, -1)}T23:30`,
      `${tenDaysAgo}T00:30`,
      `${spring}T00:30`, // still winter time (UTC+1)
      `${spring}T03:30`, // summer time (UTC+2)
      `${autumn}T00:30`, // still summer time (UTC+2)
      `${autumn}T23:30`, // winter time (UTC+1)
    ];
    const expected = new Map<string, number>();
    for (const local of visits) expected.set(local.slice(0, 10), (expected.get(local.slice(0, 10)) ?? 0) + 1);
    const viewsByDay = async () => new Map((await analytics("?days=365")).daily.map((d) => [d.day, d.views]));
    const before = await viewsByDay();

    // Recorded in this process with the instants chosen (the server's clock cannot be set), read through the API.
    const db = openDatabase({ DATABASE_URL: server.databaseUrl, dataDir: server.dataDir });
    // Its connections may still be closing when the test database is dropped after the file: not this test's error.
    db.pgPool?.on("error", () => {});
    setRuntime({ env: loadEnv({ DATA_DIR: server.dataDir, SITE_TIMEZONE: TZ, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) }), db });
    try {
      for (const [i, local] of visits.entries()) {
        expect(await recordPageView({ path: "/offres", visitorId: visitor(80 + i), referrerHost: null }, localToUtc(local, TZ)), local).toBe(true);
      }
    } finally {
      setRuntime(undefined);
      await db.kysely.destroy();
    }

    const after = await viewsByDay();
    for (const [day, n] of expected) expect((after.get(day) ?? 0) - (before.get(day) ?? 0), day).toBe(n);
    // Nothing counted for the UTC days before (the day before each 00:30).
    for (const day of [shiftDay(tenDaysAgo, -2), shiftDay(spring, -1), shiftDay(autumn, -1)]) {
      if (!expected.has(day)) expect((after.get(day) ?? 0) - (before.get(day) ?? 0), day).toBe(0);
    }
  });

  // Last: it restarts the server.
  it("raw page views older than 90 days are deleted when the server starts; the daily totals stay", async () => {
    const db = await openTestDb(server);
    const count = async (v: string) => Number((await db.all<{ n: number | string }>("select count(*) as n from page_views where visitor_id = ?", [v]))[0].n);
    try {
      const insert = "insert into page_views (visitor_id, path, lang, referrer_host, created_at) values (?, ?, ?, ?, ?)";
      for (let i = 0; i < 3; i++) await db.run(insert, [visitor(70), "/blog", "fr", null, isoDaysAgo(91 + i)]);
      await db.run(insert, [visitor(71), "/blog", "fr", null, isoDaysAgo(89)]);
      await db.run("insert into page_view_daily (day, path, views) values (?, ?, ?)", [isoDaysAgo(91).slice(0, 10), "/blog", 3]);
      server = await server.restart();
      await expect.poll(() => count(visitor(70)), { timeout: 10_000 }).toBe(0);
      expect(await count(visitor(71))).toBe(1);
      expect(await db.all("select views from page_view_daily where day = ? and path = ?", [isoDaysAgo(91).slice(0, 10), "/blog"])).toEqual([{ views: 3 }]);
    } finally {
      await db.close();
    }
  });
});

describe("without tag configuration", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer("sqlite", ADMIN_ENV);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the CSP allows neither Google nor Meta, and the page carries no ID", async () => {
    const res = await send(server, "GET", "/en");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).not.toMatch(/google|facebook/);
    expect(res.text).toContain('"tracking":{"gaId":null,"pixelId":null}');
  });

  it("visitor info without a configured provider: the IP, no geolocation, a log line", async () => {
    const cookie = await teamCookie(server);
    const res = await send(server, "GET", "/api/visitor-info", { cookie });
    expect(res.json).toEqual({ ip: "127.0.0.1", geo: null });
    expect(server.logs()).toMatch(/géolocalisation non configurée/);
  });
});
