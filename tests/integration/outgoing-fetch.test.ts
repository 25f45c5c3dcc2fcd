import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login } from "../support/auth";
import { jpegWithGps } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Issue 24 finding 10, through the running server: Unsplash's download report followed a redirect to
 * any host. A fake provider redirects its report to another local server (standing in for an internal
 * service), and its photo file to another path of its own: the first is never reached, the second is
 * followed. The helper's own cases (mapped IPv6, DNS rebinding) are in app/lib/http/safe-fetch.server.test.ts.
 */
const ENGINES = await engines();

let provider: http.Server;
let inside: http.Server;
let base: string;
const providerHits: string[] = [];
const insideHits: string[] = [];
let photo: Buffer;

function unsplashPhoto(id: string, regular: string) {
  return {
    id,
    urls: { regular, thumb: `${base}/files/thumb.jpg` },
    description: "Une fromagerie",
    alt_description: "comptoir de fromagerie",
    width: 1200,
    height: 800,
    created_at: "2024-05-01T10:00:00Z",
    user: { name: "Inès Roux" },
    links: { download_location: `${base}/photos/${id}/download` },
  };
}

beforeAll(async () => {
  photo = await jpegWithGps(1200, 800);
  inside = http.createServer((req, res) => {
    insideHits.push(req.url ?? "");
    res.end("{}");
  });
  await new Promise<void>((r) => inside.listen(0, "127.0.0.1", r));
  const insidePort = (inside.address() as AddressInfo).port;
  provider = http.createServer((req, res) => {
    const path = req.url ?? "/";
    providerHits.push(path);
    const send = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (path === "/photos/reported") return send(unsplashPhoto("reported", `${base}/files/moved.jpg`));
    if (path === "/photos/reported/download") return res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/internal/report` }).end();
    if (path === "/files/moved.jpg") return res.writeHead(301, { location: "/files/photo.jpg" }).end();
    if (path === "/files/photo.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([provider, inside].map((s) => new Promise((r) => s.close(r))));
});

describe.each(ENGINES)("outgoing requests on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, UNSPLASH_ACCESS_KEY: "test-unsplash-key", UNSPLASH_API_URL: base });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the download report does not follow a redirect to another host; the photo's redirect within the provider is followed", async () => {
    providerHits.length = 0;
    insideHits.length = 0;
    const res = await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "reported" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.item.author).toBe("Inès Roux (Unsplash)");
    expect(providerHits).toEqual(expect.arrayContaining(["/photos/reported", "/files/moved.jpg", "/files/photo.jpg"]));
    // The report is sent without waiting for it: wait until the provider has seen it.
    for (let i = 0; i < 100 && !providerHits.includes("/photos/reported/download"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(providerHits).toContain("/photos/reported/download");
    // Had the redirect been followed, the other server would have been asked right after.
    await new Promise((r) => setTimeout(r, 500));
    expect(insideHits).toEqual([]);
    expect(server.logs()).toMatch(/signalement du téléchargement impossible/);
  });

  it("an unknown photo is still a plain 404", async () => {
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "absent" } }), 404);
  });
});
