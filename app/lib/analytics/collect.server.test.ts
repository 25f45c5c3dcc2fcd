import { describe, expect, it } from "vitest";
import { beaconSchema, isCrawler } from "./collect.server";
import { trackingConfig, trackingCsp } from "./config.server";
import { periodStart, siteDay } from "./query.server";

const v = "abcdefghijklmnopqrstuv";

describe("beacon body", () => {
  it.each([
    [{ p: "/", v }],
    [{ p: "/en/blog/un-article", v, r: "www.google.com" }],
    [{ p: "/page/%C3%A9t%C3%A9", v, r: null }],
    [{ p: "/", v, r: "[2001:db8::1]" }],
  ])("accepts %j", (body) => {
    expect(beaconSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ["no slash", { p: "blog", v }],
    ["markup", { p: "/<b>", v }],
    ["quote", { p: '/a"b', v }],
    ["backslash", { p: "/a\\b", v }],
    ["bad escape", { p: "/a%2", v }],
    ["too long", { p: `/${"a".repeat(600)}`, v }],
    ["short id", { p: "/", v: "abc" }],
    ["id with markup", { p: "/", v: "<script>alert(1)</script>" }],
    ["referrer URL", { p: "/", v, r: "https://x.example/" }],
    ["referrer markup", { p: "/", v, r: "<img>" }],
    ["referrer label too long", { p: "/", v, r: `${"a".repeat(64)}.com` }],
    ["extra key", { p: "/", v, t: 1 }],
  ])("refuses %s", (_name, body) => {
    expect(beaconSchema.safeParse(body).success).toBe(false);
  });
});

describe("crawlers", () => {
  it("browsers count; crawlers, headless browsers, tools and missing agents do not", () => {
    expect(isCrawler("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")).toBe(false);
    expect(isCrawler("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36")).toBe(true);
    expect(isCrawler("python-requests/2.31")).toBe(true);
    expect(isCrawler(null)).toBe(true);
  });
});

describe("tag configuration", () => {
  it("the CSP names Google's and Meta's hosts only for what is configured", () => {
    expect(trackingCsp({ GA_MEASUREMENT_ID: undefined, META_PIXEL_ID: undefined })).toEqual({ scriptSrc: [], connectSrc: [], imgSrc: [] });
    const ga = trackingCsp({ GA_MEASUREMENT_ID: "G-ABC123", META_PIXEL_ID: undefined });
    expect(ga.scriptSrc).toEqual(["https://*.googletagmanager.com"]);
    expect(JSON.stringify(ga)).not.toContain("facebook");
    const px = trackingCsp({ GA_MEASUREMENT_ID: undefined, META_PIXEL_ID: "123456" });
    expect(px.scriptSrc).toEqual(["https://connect.facebook.net"]);
    expect(JSON.stringify(px)).not.toContain("google");
    expect(trackingConfig({ GA_MEASUREMENT_ID: "G-ABC123", META_PIXEL_ID: undefined })).toEqual({ gaId: "G-ABC123", pixelId: null });
  });
});

describe("period", () => {
  it("a period of N days starts N-1 days before today (UTC)", () => {
    const now = new Date("2024-03-31T23:30:00Z");
    expect(periodStart(1, now, "UTC")).toBe("2024-03-31");
    expect(periodStart(30, now, "UTC")).toBe("2024-03-02");
  });

  it("today is the site's day: 23:30 UTC is already tomorrow in Paris, and the spring change skips no day", () => {
    const now = new Date("2024-03-31T23:30:00Z");
    expect(siteDay(now, "Europe/Paris")).toBe("2024-04-01");
    expect(periodStart(1, now, "Europe/Paris")).toBe("2024-04-01");
    // 31 March 2024 was the spring change in Paris (a 23-hour day): still one day in the period.
    expect(periodStart(3, now, "Europe/Paris")).toBe("2024-03-30");
    expect(siteDay(new Date("2024-03-30T23:30:00Z"), "Europe/Paris")).toBe("2024-03-31");
    expect(siteDay(new Date("2024-10-26T22:30:00Z"), "Europe/Paris")).toBe("2024-10-27");
  });
});
