import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcToLocal } from "~/lib/blog/time";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql, type ApiResponse } from "../support/auth";
import { BOUNDARY, localFiles, mp4, multipart, MULTIPART_TYPE, noisyPng, png, probeTags, webm, type Part } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Media safety (issue 24, findings 1, 2, 3, 4, 11 and 16; decision record 032) on every engine:
 * - a delete is refused while anything public shows ANY version of the item (an edited image whose old
 *   version came back with a page revision, a PDF in the published footer, a scheduled article's cover),
 *   and GET /api/media/:id lists where it is used;
 * - videos and PDFs are served without their GPS position, author and title; without ffmpeg a video that
 *   carries a position is refused;
 * - accented file names make accented titles; a control character in a file name is a 400 that closes
 *   the kept-alive connection;
 * - a full disk answers 507 (tested on a real 1 MB tmpfs when this process may mount one), leaving no
 *   scratch file;
 * - scratch files a crash left are swept at start by age; a fresh one is kept.
 */
const ENGINES = await engines();
const TZ = "Europe/Paris";

/** Whether this process may mount a tmpfs (root in a container that allows it): the disk-full tests need one. */
function canMountTmpfs(): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), "archimed-mount-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
    execFileSync("umount", [dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const MOUNT = canMountTmpfs();
if (!MOUNT) console.warn("media-safety : les tests « disque plein » sont sautés (ce processus ne peut pas monter de tmpfs : il faut être root).");

describe.each(ENGINES)("media safety on %s", (engine) => {
  let server: TestServer;
  let admin: string;

  const upload = (data: Buffer, filename: string, type: string, fields: Record<string, string> = {}) =>
    call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([...Object.entries(fields).map(([name, value]): Part => ({ name, value })), { name: "file", filename, type, data }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
  const uploaded = async (data: Buffer, filename: string, type: string) => {
    const res = await upload(data, filename, type);
    expect(res.status, res.text).toBe(201);
    return res.json.item as { id: string; url: string; title: string; size: number };
  };
  const download = async (url: string) => {
    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const rowCount = async () => Number((await sql<{ n: number | string }>(server, "select count(*) as n from media"))[0].n);
  const imageDoc = (url: string) => ({
    version: 1,
    blocks: [
      {
        id: "block-s",
        type: "container",
        styles: {},
        sections: [
          { id: "section-s", columns: [{ id: "column-s", width: 12, elements: [{ id: "element-s", type: "image", content: url, alt: "Photo", styles: {} }] }] },
        ],
      },
    ],
  });
  const expectRefusedDelete = async (id: string, place: string) => {
    const res = await call(server, "DELETE", `/api/media/${id}`, { cookie: admin });
    expectApiError(res, 409, "media_in_use");
    expect(res.json.error.details.usage).toEqual(expect.arrayContaining([expect.objectContaining({ place, published: true })]));
    expect(await download((await call(server, "GET", `/api/media/${id}`, { cookie: admin })).json.item.url)).toBeTruthy();
    return res;
  };

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test", SITE_TIMEZONE: TZ, MEDIA_MAX_VIDEO_MB: "5" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an edited image whose first version a restored revision publishes again cannot be deleted", async () => {
    const item = await uploaded(await png(600, 400), "vitrine.png", "image/png");
    const slug = `vitrine-${engine}`;
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Vitrine", slug }, en: { title: "Shop", slug: `shop-${engine}` } },
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.json.page.id as string;
    const saved = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { version: 1, doc: imageDoc(item.url) } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: saved.json.version } })).status).toBe(200);
    // The edit makes a second version: the page now shows it, the first publication's revision the first.
    const edited = await call(server, "POST", `/api/media/${item.id}/edit`, {
      cookie: admin,
      body: { rotation: 90, crop: null, brightness: 100, contrast: 100, saturation: 100, format: "png", quality: 90 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.item.url).not.toBe(item.url);
    const revisions = await call(server, "GET", `/api/pages/${pageId}/fr/revisions`, { cookie: admin });
    const first = (revisions.json.revisions as { id: string }[]).at(-1)!;
    const current = await call(server, "GET", `/api/pages/${pageId}/fr`, { cookie: admin });
    const restored = await call(server, "POST", `/api/pages/${pageId}/fr/revisions/${first.id}`, {
      cookie: admin,
      body: { version: current.json.draft.version },
    });
    expect(restored.status, restored.text).toBe(200);
    const pub = await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: restored.json.version } });
    expect(pub.status, pub.text).toBe(200);
    const page = await fetch(`${server.url}/page/${slug}`);
    expect(await page.text()).toContain(item.url);

    const usage = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
    expect(usage.json.usage).toEqual([
      expect.objectContaining({ place: "page", pageId, lang: "fr", title: "Vitrine", path: `/page/${slug}`, state: "published", published: true }),
    ]);
    const refused = await expectRefusedDelete(item.id, "page");
    expect(refused.json.error.message).toMatch(/page «\u00a0Vitrine\u00a0» \(\/page\/vitrine-/);
    // The first version, which the public page shows, is still served.
    expect((await download(item.url)).length).toBeGreaterThan(0);
  });

  it("a PDF linked from the published footer cannot be deleted; once only the draft footer has it, the delete keeps its file", async () => {
    const doc = await uploaded(await pdfWith({ author: "Jean Auteur" }), "tarifs.pdf", "application/pdf");
    const view = async () => (await call(server, "GET", "/api/site-structure", { cookie: admin })).json;
    const v = await view();
    const withLink = structuredClone(v.structure);
    withLink.footer[0].links.push({ id: "lien-tarifs", label: { fr: "Nos tarifs", en: "Our prices" }, link: { type: "url", url: doc.url } });
    const saved = await call(server, "PUT", "/api/site-structure", { cookie: admin, body: { version: v.version, structure: withLink } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(server, "POST", "/api/site-structure/publish", { cookie: admin, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    expect(await (await fetch(`${server.url}/`)).text()).toContain(doc.url);

    const refused = await expectRefusedDelete(doc.id, "footer");
    expect(refused.json.error.message).toMatch(/pied de page «\u00a0Nos tarifs\u00a0»/);
    const usage = (await call(server, "GET", `/api/media/${doc.id}`, { cookie: admin })).json.usage;
    expect(usage).toEqual(expect.arrayContaining([expect.objectContaining({ place: "footer", title: "Nos tarifs", state: "published" })]));
  });

  it("a scheduled article's cover cannot be deleted", async () => {
    const cover = await uploaded(await png(400, 300), "couverture.png", "image/png");
    const created = await call(server, "POST", "/api/articles", {
      cookie: admin,
      body: { fr: { title: `Bientôt ${engine}`, coverUrl: cover.url, coverAlt: "Couverture" } },
    });
    expect(created.status, created.text).toBe(201);
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    const scheduled = await call(server, "POST", `/api/articles/${created.json.article.id}/fr/schedule`, {
      cookie: admin,
      body: { version: 1, at: utcToLocal(at, TZ) },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const refused = await expectRefusedDelete(cover.id, "article");
    expect(refused.json.error.details.usage).toEqual([expect.objectContaining({ place: "article", state: "scheduled", lang: "fr" })]);
    expect(refused.json.error.message).toMatch(/programmé/);
  });

  it("videos and PDFs are served without position, author or title; the content stays", async () => {
    const tags = { location: "+48.8584+002.2945/", artist: "Jean Auteur", title: "Chez moi" };
    const sent = mp4(tags);
    expect(probeTags(sent)).toMatchObject({ location: tags.location, artist: tags.artist });
    const video = await uploaded(sent, "vacances.mp4", "video/mp4");
    const served = await download(video.url);
    expect(served.length).toBe(video.size);
    const left = probeTags(served);
    expect(left["(streams)"]).toBe("video");
    expect(JSON.stringify(left)).not.toMatch(/48\.85|Jean|Chez moi|Lavf/);
    for (const marker of ["loci", "\u00a9xyz", "Jean Auteur"]) expect(served.includes(Buffer.from(marker, "latin1"))).toBe(false);

    const clip = await uploaded(webm({ artist: "Jean Auteur", location: "+48.8584+002.2945/" }), "clip.webm", "video/webm");
    expect(JSON.stringify(probeTags(await download(clip.url)))).not.toMatch(/48\.85|Jean/i);

    const doc = await uploaded(await pdfWith({ author: "Jean Auteur", title: "Devis confidentiel", xmp: true }), "devis.pdf", "application/pdf");
    const pdf = await download(doc.url);
    const read = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(read.getPageCount()).toBe(2);
    expect([read.getAuthor(), read.getTitle(), read.getCreator(), read.getProducer(), read.getKeywords()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(read.catalog.get(PDFName.of("Metadata"))).toBeUndefined();
    const text = pdf.toString("latin1");
    expect(text).not.toMatch(/Jean Auteur|Devis confidentiel|xmpmeta|\/Metadata/);
  });

  it("accented file names make accented titles", async () => {
    const item = await uploaded(await png(), "Réunion été à Noël.png", "image/png");
    expect(item.title).toBe("Réunion été à Noël");
  });

  it.each([
    ["typed in the part header", 'filename="photo\u0001.png"', "malformed_part_header"],
    ["escaped in an RFC 5987 name", "filename*=UTF-8''photo%01.png", "invalid_file_name"],
  ])("a control character in a file name %s: 400 in French and the kept-alive connection is closed", async (_how, param, code) => {
    const before = await rowCount();
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${param}\r\nContent-Type: image/png\r\n\r\n`, "utf8"),
      await png(),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const { head, text, closed } = await rawRequest(
      server.url,
      [
        "POST /api/media HTTP/1.1",
        "Host: archimed.test",
        "Connection: keep-alive",
        `Cookie: ${admin}`,
        `Content-Type: ${MULTIPART_TYPE}`,
        `Content-Length: ${body.length}`,
        "",
        "",
      ],
      body,
    );
    expect(head).toMatch(/^HTTP\/1\.1 400/);
    expect(head).toMatch(/connection: close/i);
    expect(JSON.parse(text).error).toMatchObject({ code, message: expect.stringMatching(/caractère de contrôle/) });
    expect(closed).toBe(true);
    expect(await rowCount()).toBe(before);
    expect(localFiles(server).scratch).toEqual([]);
  });

  describe.skipIf(!MOUNT)("on a full disk (a 1 MB tmpfs as the upload scratch folder)", () => {
    let scratch: string;
    beforeAll(() => {
      scratch = path.join(server.dataDir, "tmp-uploads");
      mkdirSync(scratch, { recursive: true });
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", scratch]);
    });
    afterAll(() => {
      execFileSync("umount", ["-l", scratch]);
    });
    const expectDiskFull = async (res: ApiResponse, before: number) => {
      expectApiError(res, 507, "insufficient_storage");
      expect(res.json.error.message).toMatch(/Espace disque insuffisant/);
      expect(await rowCount()).toBe(before);
      expect(readdirSync(scratch).filter((f) => f !== "filler")).toEqual([]);
      expect(server.logs()).toMatch(/disque plein/);
    };

    it("a file larger than the free space: 507, nothing left, and the connection answers", async () => {
      const before = await rowCount();
      const res = await upload(Buffer.concat([mp4(), Buffer.alloc(2 * 1024 * 1024, 1)]), "long.mp4", "video/mp4");
      await expectDiskFull(res, before);
    });

    it("a small image that fits but whose processing does not: 507, not 'Image illisible'", async () => {
      const image = await noisyPng(200, 200);
      // tmpfs counts 4 KB pages: room for the upload and one page more, not for its re-encoded copy.
      const page = 4096;
      writeFileSync(path.join(scratch, "filler"), Buffer.alloc(1024 * 1024 - (Math.ceil(image.length / page) + 1) * page, 0));
      try {
        const before = await rowCount();
        await expectDiskFull(await upload(image, "petite.png", "image/png"), before);
      } finally {
        rmSync(path.join(scratch, "filler"), { force: true });
      }
    });
  });

  it("scratch files a crash left are removed at start by age; one being written is kept", async () => {
    await server.halt();
    const dirs = {
      uploads: path.join(server.dataDir, "tmp-uploads"),
      media: path.join(server.dataDir, "media"),
      backups: path.join(server.dataDir, "backups", "tmp"),
    };
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
    const old = (Date.now() - 2 * 24 * 3600_000) / 1000;
    const plant = (file: string, stale: boolean) => {
      writeFileSync(file, "x");
      if (stale) utimesSync(file, old, old);
      return file;
    };
    const stale = [
      plant(path.join(dirs.uploads, "0a1b2c.upload"), true),
      plant(path.join(dirs.uploads, "abcdefghijklmnopqrstuvwx-480.webp.tmp"), true),
      plant(path.join(dirs.media, "abcdefghijklmnopqrstuvwx.jpg.part"), true),
      plant(path.join(dirs.backups, "upload-20261101-000000.zip"), true),
    ];
    const fresh = plant(path.join(dirs.uploads, "en-cours.upload"), false);
    const keptMedia = plant(path.join(dirs.media, "abcdefghijklmnopqrstuvwx.jpg"), true);
    server = await server.restart();
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const exists = (f: string) => readdirSync(path.dirname(f)).includes(path.basename(f));
    for (let i = 0; i < 50 && stale.some(exists); i++) await new Promise((r) => setTimeout(r, 100));
    expect(stale.filter(exists)).toEqual([]);
    expect(exists(fresh)).toBe(true);
    expect(exists(keptMedia)).toBe(true);
  });

  it("without ffmpeg, a video that carries a position is refused and one that does not is kept as sent", async () => {
    server = await server.restart({
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: "https://archimed.test",
      MEDIA_MAX_VIDEO_MB: "5",
      FFMPEG_PATH: "/nonexistent/ffmpeg",
    });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const before = await rowCount();
    const refused = await upload(mp4({ location: "+48.8584+002.2945/" }), "gps.mp4", "video/mp4");
    expectApiError(refused, 422, "video_location");
    expect(refused.json.error.message).toMatch(/position GPS.*ffmpeg/);
    expect(await rowCount()).toBe(before);
    const plain = mp4({ artist: "Quelqu'un" });
    const kept = await uploaded(plain, "simple.mp4", "video/mp4");
    expect((await download(kept.url)).equals(plain)).toBe(true);
  });
});

/** A two-page PDF with an author, a title and, when asked, an XMP packet on its catalogue. */
async function pdfWith(o: { author?: string; title?: string; xmp?: boolean }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("Page 1");
  doc.addPage([200, 200]).drawText("Page 2");
  if (o.author) doc.setAuthor(o.author);
  if (o.title) doc.setTitle(o.title);
  doc.setCreator("Traitement de texte");
  doc.setKeywords(["secret"]);
  if (o.xmp) {
    const xmp = doc.context.stream(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${o.author ?? ""}</dc:creator></x:xmpmeta>`, {
      Type: "Metadata",
      Subtype: "XML",
    });
    doc.catalog.set(PDFName.of("Metadata"), doc.context.register(xmp));
  }
  return Buffer.from(await doc.save());
}

/** One request on a raw socket: the answer's head and body, and whether the server closed the connection after it. */
function rawRequest(base: string, lines: string[], body: Buffer): Promise<{ head: string; text: string; closed: boolean }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      finish(false);
    }, 10_000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString("utf8");
      const at = all.indexOf("\r\n\r\n");
      if (at < 0) return reject(new Error(`pas de réponse${closed ? " (connexion fermée)" : " en 10 s"} : ${all}`));
      const head = all.slice(0, at);
      let text = all.slice(at + 4);
      if (/transfer-encoding: chunked/i.test(head)) text = text.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "");
      resolve({ head, text, closed });
    };
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("end", () => finish(true));
    socket.on("error", reject);
    socket.write(Buffer.concat([Buffer.from(lines.join("\r\n")), body]));
  });
}
