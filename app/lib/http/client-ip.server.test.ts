import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.server";

/** The address sign-in throttling is keyed on: forwarding headers only count behind a trusted proxy. */
const req = (remoteAddress: string, headers: Record<string, string | string[]> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe("clientIp", () => {
  it("without TRUST_PROXY, forwarding headers are ignored", () => {
    expect(clientIp(req("203.0.113.5", { "x-forwarded-for": "198.51.100.1" }), "")).toBe("203.0.113.5");
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": "198.51.100.1" }), "")).toBe("127.0.0.1");
    expect(clientIp(req("::ffff:203.0.113.5"), "")).toBe("203.0.113.5");
  });

  it("behind a trusted proxy, the right-most untrusted address wins: a client cannot pick its own", () => {
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": "198.51.100.1" }), "loopback")).toBe("198.51.100.1");
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the real address.
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": "1.1.1.1, 198.51.100.2" }), "loopback")).toBe("198.51.100.2");
    expect(clientIp(req("10.0.0.2", { "x-forwarded-for": "1.1.1.1, 198.51.100.3, 10.0.0.1" }), "10.0.0.1, 10.0.0.2")).toBe("198.51.100.3");
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": ["1.1.1.1", "198.51.100.4"] }), "loopback")).toBe("198.51.100.4");
  });

  it("garbage in the header is skipped, and an untrusted peer's header is never read", () => {
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": "198.51.100.5, <script>, unknown" }), "loopback")).toBe("198.51.100.5");
    expect(clientIp(req("127.0.0.1", { "x-forwarded-for": "not an ip" }), "loopback")).toBe("127.0.0.1");
    expect(clientIp(req("203.0.113.9", { "x-forwarded-for": "198.51.100.6" }), "loopback")).toBe("203.0.113.9");
  });
});
