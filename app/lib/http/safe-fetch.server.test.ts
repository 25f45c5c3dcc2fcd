import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefused, isInternalAddress, safeFetch, type Resolver } from "./safe-fetch.server";

/**
 * Issue 24 finding 10: every server-side fetch goes through safeFetch. Two local servers stand in for a
 * provider and for what an attacker would like to reach; names are answered by a resolver the test
 * controls (no DNS, no internet: the "public" address is a documentation one that nothing answers).
 */
interface Stub {
  server: http.Server;
  port: number;
  hits: { path: string; authorization?: string }[];
}

async function stub(handler: (req: http.IncomingMessage, res: http.ServerResponse, port: number) => void): Promise<Stub> {
  const hits: Stub["hits"] = [];
  const server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? "", authorization: req.headers.authorization });
    handler(req, res, (server.address() as AddressInfo).port);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const names =
  (table: Record<string, string[]>): Resolver =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("safeFetch", () => {
  let provider: Stub;
  let inside: Stub;
  beforeAll(async () => {
    inside = await stub((_req, res) => res.end("secret"));
    provider = await stub((req, res, port) => {
      if (req.url === "/ok") return res.end("bonjour");
      if (req.url === "/elsewhere") return res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/latest/meta-data` }).end();
      if (req.url === "/metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
      if (req.url === "/moved") return res.writeHead(301, { location: "/ok" }).end();
      if (req.url === "/to-cdn") return res.writeHead(302, { location: `http://cdn.provider.test:${inside.port}/file` }).end();
      if (req.url === "/loop") return res.writeHead(302, { location: `http://127.0.0.1:${port}/loop` }).end();
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await Promise.all([provider, inside].map((s) => new Promise((r) => s.server.close(r))));
  });
  const base = () => `http://127.0.0.1:${provider.port}`;

  it("reaches the configured service on its own loopback address, exactly", async () => {
    const res = await safeFetch(`${base()}/ok`, { trust: [base()] });
    expect(await res.text()).toBe("bonjour");
    // Another port of the same address is another host: refused.
    await expect(safeFetch(`http://127.0.0.1:${inside.port}/`, { trust: [base()] })).rejects.toThrow(FetchRefused);
    expect(inside.hits).toEqual([]);
  });

  it.each(["127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "169.254.169.254", "10.0.0.1", "[fe80::1]", "0.0.0.0"])(
    "refuses the internal address %s when it is not the configured service",
    async (host) => {
      await expect(safeFetch(`http://${host}:${inside.port}/`, { trust: [base()] })).rejects.toThrow(FetchRefused);
    },
  );

  it("refuses a name that resolves to an internal address, IPv4-mapped IPv6 included", async () => {
    for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::1", "192.168.1.10"]) {
      const resolve = names({ "evil.test": [address] });
      await expect(safeFetch(`http://evil.test:${inside.port}/`, { resolve, trust: [base()] }), address).rejects.toThrow(/adresse interne/);
    }
    expect(inside.hits).toEqual([]);
  });

  it("refuses a redirect to another host (a loopback service, cloud metadata), and any redirect when none is allowed", async () => {
    await expect(safeFetch(`${base()}/elsewhere`, { trust: [base()], redirectHosts: ["images.unsplash.com"] })).rejects.toThrow(/autre hôte/);
    await expect(safeFetch(`${base()}/metadata`, { trust: [base()], redirectHosts: ["images.unsplash.com"] })).rejects.toThrow(FetchRefused);
    await expect(safeFetch(`${base()}/moved`, { trust: [base()] })).rejects.toThrow(/redirection refusée/);
    await expect(safeFetch(`${base()}/moved`, { method: "POST", body: "{}", trust: [base()], redirectHosts: ["images.unsplash.com"] })).rejects.toThrow(
      /redirection refusée/,
    );
    expect(inside.hits).toEqual([]);
  });

  it("follows a redirect within the provider, and to its named hosts without the credentials", async () => {
    const res = await safeFetch(`${base()}/moved`, { trust: [base()], redirectHosts: ["images.unsplash.com"] });
    expect(await res.text()).toBe("bonjour");
    // A named file host (here on loopback, so trusted for the test) gets the request, not the API key.
    const resolve = names({ "cdn.provider.test": ["127.0.0.1"] });
    const cdn = await safeFetch(`${base()}/to-cdn`, {
      headers: { Authorization: "Client-ID secret-key" },
      trust: [base(), `http://cdn.provider.test:${inside.port}`],
      redirectHosts: ["cdn.provider.test"],
      resolve,
    });
    expect(await cdn.text()).toBe("secret");
    expect(provider.hits.at(-1)?.authorization).toBe("Client-ID secret-key");
    expect(inside.hits.at(-1)).toEqual({ path: "/file", authorization: undefined });
    inside.hits.length = 0;
    // Endless redirects stop.
    await expect(safeFetch(`${base()}/loop`, { trust: [base()], redirectHosts: ["images.unsplash.com"] })).rejects.toThrow(/trop de redirections/);
  });

  it("DNS rebinding: the name is resolved once and the connection goes to the checked address", async () => {
    let calls = 0;
    // A public answer first (a documentation address: nothing answers there), loopback afterwards.
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? "192.0.2.1" : "127.0.0.1", family: 4 }];
    await expect(safeFetch(`http://rebind.test:${inside.port}/`, { resolve: rebinding, signal: AbortSignal.timeout(1500) })).rejects.toThrow();
    expect(calls).toBe(1);
    expect(inside.hits).toEqual([]);
    // One answer holding a public and a loopback address: refused before any connection.
    const mixed = names({ "mixed.test": ["192.0.2.1", "127.0.0.1"] });
    await expect(safeFetch(`http://mixed.test:${inside.port}/`, { resolve: mixed })).rejects.toThrow(/adresse interne/);
    expect(inside.hits).toEqual([]);
  });

  it("refuses other protocols and credentials in the address", async () => {
    await expect(safeFetch("file:///etc/passwd")).rejects.toThrow(/protocole/);
    await expect(safeFetch(`http://user:pass@127.0.0.1:${provider.port}/ok`, { trust: [base()] })).rejects.toThrow(/identifiants/);
  });
});

describe("isInternalAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.1.1.1",
    "172.16.0.1",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fc00::1",
    "fd12::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:0a00:0001",
    "64:ff9b::7f00:1",
    "224.0.0.1",
    "not-an-ip",
  ])("%s is internal", (a) => {
    expect(isInternalAddress(a)).toBe(true);
  });
  it.each(["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:5db8:d822", "192.0.2.1"])("%s is not", (a) => {
    expect(isInternalAddress(a)).toBe(false);
  });
});
