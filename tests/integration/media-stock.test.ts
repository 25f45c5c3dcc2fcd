import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { jpegWithGps, mp4 } from "../support/media";
import { startServer, type TestServer } from "../support/server";

/**
 * Unsplash and Pexels through the server, against a local fake provider speaking their HTTP API:
 * keys sent as each provider expects and never to the browser, 20 landscape results from 3
 * characters, the HD video file chosen, the chosen item downloaded and stored with its source and
 * author, addresses outside the provider refused, and "not configured" without a key.
 */
interface Seen {
  path: string;
  auth: string | undefined;
}
let fake: http.Server;
let base: string;
const seen: Seen[] = [];
let photo: Buffer;

function unsplashPhoto(id: string, regular: string) {
  return {
    id,
    urls: { regular, thumb: `${base}/files/thumb.jpg` },
    description: "Une boulangerie au petit matin",
    alt_description: "vitrine de boulangerie",
    width: 1200,
    height: 800,
    created_at: "2024-05-01T10:00:00Z",
    user: { name: "Camille Martin" },
    links: { download_location: `${base}/photos/${id}/download` },
  };
}
function pexelsVideo(id: number) {
  return {
    id,
    url: `https://www.pexels.com/video/${id}/`,
    image: `${base}/files/thumb.jpg`,
    user: { name: "Louis Petit" },
    video_files: [
      { link: `${base}/files/sd.mp4`, width: 640, height: 360, quality: "sd", file_type: "video/mp4" },
      { link: `${base}/files/hd.mp4`, width: 1280, height: 720, quality: "hd", file_type: "video/mp4" },
      { link: `${base}/files/uhd.mp4`, width: 3840, height: 2160, quality: "uhd", file_type: "video/mp4" },
    ],
  };
}

beforeAll(async () => {
  photo = await jpegWithGps(1200, 800);
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    seen.push({ path: req.url ?? "", auth: req.headers.authorization });
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/search/photos") return send(200, { total: 1, results: [unsplashPhoto("abc123", `${base}/files/photo.jpg`), { broken: true }] });
    if (url.pathname === "/photos/abc123") return send(200, unsplashPhoto("abc123", `${base}/files/photo.jpg`));
    if (url.pathname === "/photos/evil") return send(200, unsplashPhoto("evil", "https://evil.example/photo.jpg"));
    if (url.pathname === "/photos/sneaky") return send(200, unsplashPhoto("sneaky", `${base}/files/redirect`));
    if (url.pathname === "/photos/html") return send(200, unsplashPhoto("html", `${base}/files/page.html`));
    if (url.pathname.endsWith("/download")) return send(200, { url: "ok" });
    if (url.pathname === "/videos/search") return send(200, { videos: [pexelsVideo(42)] });
    if (url.pathname === "/videos/videos/42") return send(200, pexelsVideo(42));
    if (url.pathname === "/files/photo.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    if (url.pathname === "/files/hd.mp4") return res.writeHead(200, { "content-type": "video/mp4" }).end(mp4());
    if (url.pathname === "/files/redirect") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    if (url.pathname === "/files/page.html") return res.writeHead(200, { "content-type": "image/jpeg" }).end("<!doctype html><script>alert(1)</script>");
    send(404, { errors: ["not found"] });
  });
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => fake.close(r));
});

describe("stock sources with keys", () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer("sqlite", {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      UNSPLASH_ACCESS_KEY: "test-unsplash-key",
      UNSPLASH_API_URL: base,
      PEXELS_API_KEY: "test-pexels-key",
      PEXELS_API_URL: base,
    });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("searches Unsplash from 3 characters, 20 landscape per page, with the key on the server only", async () => {
    seen.length = 0;
    const short = await call(server, "GET", "/api/media/stock?provider=unsplash&q=bo", { cookie: admin });
    expect(short.json).toEqual({ configured: true, items: [] });
    expect(seen).toEqual([]);
    const res = await call(server, "GET", "/api/media/stock?provider=unsplash&q=boulangerie", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.items).toEqual([
      expect.objectContaining({
        provider: "unsplash",
        id: "abc123",
        title: "Une boulangerie au petit matin",
        alt: "vitrine de boulangerie",
        author: "Camille Martin",
        width: 1200,
        height: 800,
      }),
    ]);
    expect(res.text).not.toContain("test-unsplash-key");
    const q = new URL(seen[0].path, base).searchParams;
    expect(Object.fromEntries(q)).toEqual({ query: "boulangerie", page: "1", per_page: "20", orientation: "landscape" });
    expect(seen[0].auth).toBe("Client-ID test-unsplash-key");
  });

  it("choosing a photo stores it (re-encoded, variants) with its source and author, and reports the download", async () => {
    seen.length = 0;
    const res = await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "abc123", category: "Boutique" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.item).toMatchObject({
      type: "image",
      source: "unsplash",
      author: "Camille Martin (Unsplash)",
      category: "Boutique",
      alt: "vitrine de boulangerie",
      width: 800,
      height: 1200,
    }); // its EXIF orientation applied
    expect(res.json.item.url).toMatch(/^\/media\/u\/[a-z2-7]{24}\.jpg$/);
    expect((await fetch(server.url + res.json.item.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.some((s) => s.path === "/photos/abc123/download" && s.auth === "Client-ID test-unsplash-key")).toBe(true);
  });

  it("searches Pexels videos and stores the HD file credited to its author", async () => {
    seen.length = 0;
    const search = await call(server, "GET", "/api/media/stock?provider=pexels&q=cuisine", { cookie: admin });
    expect(search.json.items).toEqual([expect.objectContaining({ provider: "pexels", id: "42", author: "Louis Petit", width: 1280, height: 720 })]);
    expect(seen[0].auth).toBe("test-pexels-key");
    expect(seen[0].path).toMatch(/^\/videos\/search\?/);
    const res = await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "pexels", id: "42" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.item).toMatchObject({ type: "video", source: "pexels", author: "Louis Petit (Pexels)", category: "Non classé", fileType: "video/mp4" });
    expect(seen.some((s) => s.path === "/files/hd.mp4")).toBe(true);
    expect(seen.some((s) => s.path === "/files/uhd.mp4")).toBe(false);
  });

  it("refuses addresses outside the provider (directly or by redirect), hostile files and bad input, storing nothing", async () => {
    const count = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from media"))[0].n);
    const before = await count();
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "evil" } }), 400, "foreign_url");
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "sneaky" } }), 400, "foreign_url");
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "html" } }), 415, "unsupported_file_type");
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "missing" } }), 404, "not_found");
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "../../etc" } }), 400, "invalid_input");
    expectApiError(
      await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "unsplash", id: "abc123", url: "https://evil.example" } }),
      400,
      "invalid_input",
    );
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "flickr", id: "1" } }), 400, "invalid_input");
    expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider: "pexels", id: "abc" } }), 404, "not_found");
    expectApiError(await call(server, "GET", "/api/media/stock?provider=unsplash&q=boulangerie"), 401, "unauthenticated");
    expect(await count()).toBe(before);
  });
});

describe("stock sources without keys", () => {
  it("say they are not configured and import nothing", async () => {
    const server = await startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD });
    try {
      const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const provider of ["unsplash", "pexels"]) {
        const res = await call(server, "GET", `/api/media/stock?provider=${provider}&q=boulangerie`, { cookie: admin });
        expect(res.json).toEqual({ configured: false, items: [] });
        expectApiError(await call(server, "POST", "/api/media/stock", { cookie: admin, body: { provider, id: "42" } }), 409, "stock_not_configured");
      }
    } finally {
      await server.stop();
    }
  });
});
