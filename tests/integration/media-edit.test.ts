import sharp from "sharp";
import { straightenedSize } from "~/lib/media/edit-math";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { request } from "../support/http";
import { localFiles, multipart, MULTIPART_TYPE, pdf } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The image editor's server side (decision record 013, "Edited versions"): POST /api/media/:id/edit
 * applies the crop (rotated image's pixels), rotation, adjustments and format/quality with sharp as a
 * new version under new names with the upload's variants; the original stays and /revert restores it;
 * the pages using the image (draft and published) move to the version shown, and their cached HTML
 * with them. Bad input is a French 4xx and changes nothing.
 */
const ENGINES = await engines();
const KEY = /^\/media\/u\/[a-z2-7]{24}(-(480|960|1600|thumb))?\.(jpg|png|gif|webp)$/;

/** 1200 × 800: left half red, right half blue — a crop and a rotation are visible in the pixels. */
const twoTone = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([{ input: { create: { width: 600, height: 800, channels: 3, background: { r: 20, g: 20, b: 220 } } }, left: 600, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();

describe.each(ENGINES)("media editor API on %s", (engine) => {
  let server: TestServer;
  let admin: string;

  const upload = async (data: Buffer, filename: string, type: string) => {
    const res = await call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename, type, data }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.item;
  };
  const edit = (id: string, body: unknown, opts: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(server, "POST", `/api/media/${id}/edit`, { cookie: opts.cookie ?? admin, body, headers: opts.headers });
  const row = async (id: string) => (await sql<Record<string, unknown>>(server, "select * from media where id = ?", [id]))[0];

  beforeAll(async () => {
    server = await startServer(engine as "sqlite" | "postgres", { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("rotate + crop + adjustments + webp: a new version with new names and variants; the original kept; revert restores it", async () => {
    const item = await upload(await twoTone(), "deux-tons.jpg", "image/jpeg");
    expect(item).toMatchObject({ width: 1200, height: 800, fileType: "image/jpeg" });
    // +90°: 800 × 1200, the red half on top. Keep the top 800 × 500 (all red).
    const res = await edit(item.id, {
      rotation: 90,
      crop: { x: 0, y: 100, width: 800, height: 500 },
      brightness: 110,
      contrast: 90,
      saturation: 120,
      format: "webp",
      quality: 70,
    });
    expect(res.status, res.text).toBe(200);
    const v2 = res.json.item;
    expect(v2).toMatchObject({ id: item.id, width: 800, height: 500, fileType: "image/webp", title: item.title });
    expect(v2.url).toMatch(KEY);
    expect(v2.url).not.toBe(item.url);
    expect(v2.url.slice(9, 33)).not.toBe(item.url.slice(9, 33));
    expect(v2.thumbnail).toMatch(KEY);
    expect(v2.srcset).toMatch(/-480\.webp 480w, \S+-960\.webp 800w$/);
    const bytes = Buffer.from(await (await fetch(server.url + v2.url)).arrayBuffer());
    expect(bytes.length).toBe(v2.size);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 500 });
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(100);
    // The original is still served, and listed with the new files for a later delete.
    expect((await fetch(server.url + item.url)).status).toBe(200);
    const keys = JSON.parse(String((await row(item.id)).storage_keys)) as string[];
    // The original (itself, 480, 960, 1200 wide and the thumbnail) and the new version (itself, 480, 800 wide, thumbnail).
    expect(keys).toHaveLength(9);
    expect(keys[0]).toBe(item.url.slice("/media/u/".length));
    expect(localFiles(server).scratch).toEqual([]);
    const info = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
    expect(info.json.edited).toBe(true);

    const back = await call(server, "POST", `/api/media/${item.id}/revert`, { cookie: admin });
    expect(back.status, back.text).toBe(200);
    expect(back.json.item).toMatchObject({
      url: item.url,
      thumbnail: item.thumbnail,
      srcset: item.srcset,
      width: 1200,
      height: 800,
      fileType: "image/jpeg",
      size: item.size,
    });
    expect((await call(server, "GET", `/api/media/${item.id}`, { cookie: admin })).json.edited).toBe(false);
    expectApiError(await call(server, "POST", `/api/media/${item.id}/revert`, { cookie: admin }), 409, "already_original");
    // Deleting the item takes every version's files.
    const base1 = item.url.slice(9, 33);
    const base2 = v2.url.slice(9, 33);
    expect((await call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin })).status).toBe(200);
    expect(localFiles(server).stored.filter((f) => f.startsWith(base1) || f.startsWith(base2))).toEqual([]);
  });

  it("a png kept as png at a -90° turn: dimensions swap", async () => {
    const item = await upload(
      await sharp({ create: { width: 300, height: 200, channels: 4, background: "#3366cc" } })
        .png()
        .toBuffer(),
      "carre.png",
      "image/png",
    );
    const res = await edit(item.id, { rotation: -90, format: "png" });
    expect(res.status, res.text).toBe(200);
    expect(res.json.item).toMatchObject({ width: 200, height: 300, fileType: "image/png" });
  });

  it("the pages using the image (draft and published) show the new version at once; revert brings the original back", async () => {
    const item = await upload(await twoTone(), "page.jpg", "image/jpeg");
    const slug = `page-edit-${engine}`;
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page éditée", slug }, en: { title: "Edited page", slug: `edited-${engine}` } },
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.json.page.id;
    const doc = {
      version: 1,
      blocks: [
        {
          id: "block-e",
          type: "container",
          styles: {},
          sections: [
            {
              id: "section-e",
              columns: [{ id: "column-e", width: 12, elements: [{ id: "element-e", type: "image", content: item.url, alt: "Éditée", styles: {} }] }],
            },
          ],
        },
      ],
    };
    const saved = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { version: 1, doc } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: saved.json.version } })).status).toBe(200);
    // Rendered once so that the HTML is in the cache.
    const before = await request(server.url, `/page/${slug}`);
    expect(before.text).toContain(`src="${item.url}"`);
    expect((await request(server.url, `/page/${slug}`)).text).toContain(`src="${item.url}"`);

    const res = await edit(item.id, { crop: { x: 0, y: 0, width: 600, height: 400 }, format: "jpg", quality: 80 });
    expect(res.status, res.text).toBe(200);
    const v2 = res.json.item;
    const after = await request(server.url, `/page/${slug}`);
    expect(after.text).toContain(`src="${v2.url}"`);
    expect(after.text).toMatch(/width="600" height="400"/);
    expect(after.text).not.toContain(item.url);
    const [t] = await sql<{ draft: string; published: string }>(server, "select draft, published from page_translations where page_id = ? and lang = 'fr'", [
      pageId,
    ]);
    expect(t.draft).toContain(v2.url);
    expect(t.published).toContain(v2.url);
    // The usage follows the item.
    const usage = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
    expect(usage.json.usage).toEqual([expect.objectContaining({ pageId, published: true })]);

    expect((await call(server, "POST", `/api/media/${item.id}/revert`, { cookie: admin })).status).toBe(200);
    const reverted = await request(server.url, `/page/${slug}`);
    expect(reverted.text).toContain(`src="${item.url}"`);
    expect(reverted.text).toMatch(/width="1200" height="800"/);
  });

  it("bad input: a French 4xx, nothing changed", async () => {
    const item = await upload(await twoTone(), "intacte.jpg", "image/jpeg");
    const snapshot = async () => ({ row: await row(item.id), files: localFiles(server).stored });
    const before = await snapshot();
    const cases: [unknown, RegExp][] = [
      [{ format: "jpg", crop: { x: 1000, y: 0, width: 300, height: 100 } }, /dépasse l'image/],
      [{ format: "jpg", rotation: 90, crop: { x: 0, y: 0, width: 1000, height: 100 } }, /dépasse l'image \(800 × 1200 px\)/],
      [{ format: "jpg", rotation: 45 }, /multiple de 90/],
      [{ format: "jpg", rotation: 270 }, /Rotation\u202f: 180 au maximum/],
      [{ format: "jpg", brightness: 151 }, /Luminosité\u202f: 150 au maximum/],
      [{ format: "jpg", contrast: 49 }, /Contraste\u202f: 50 au minimum/],
      [{ format: "jpg", saturation: 201 }, /Saturation\u202f: 200 au maximum/],
      [{ format: "jpg", quality: 9 }, /Qualité\u202f: 10 au minimum/],
      [{ format: "jpg", quality: 101 }, /Qualité\u202f: 100 au maximum/],
      [{ format: "gif" }, /jpg, png ou webp/],
      [{ format: "jpg", crop: { x: -1, y: 0, width: 10, height: 10 } }, /Recadrage x/],
      [{ format: "jpg", crop: { x: 0, y: 0, width: 0, height: 10 } }, /Largeur du recadrage/],
      [{ format: "jpg", brightness: "110" }, /Luminosité/],
      [{ format: "jpg", extra: 1 }, /./],
      // Straightening: −45..45°, tenths of a degree, a number.
      [{ format: "jpg", straighten: 45.1 }, /Redressement\u202f: 45° au maximum/],
      [{ format: "jpg", straighten: -46 }, /Redressement\u202f: −45° au minimum/],
      [{ format: "jpg", straighten: 1.25 }, /dixième de degré/],
      [{ format: "jpg", straighten: "NaN" }, /Redressement\u202f: un nombre est attendu/],
      [{ format: "jpg", straighten: null }, /Redressement/],
      // A crop outside the straightened image (smaller than the file) is refused with its size.
      [{ format: "jpg", straighten: 10, crop: { x: 0, y: 0, width: 1200, height: 100 } }, /dépasse l'image/],
      [{ format: "jpg", crop: { x: 0, y: 0, width: 10, height: -5 } }, /Hauteur du recadrage/],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const res = await edit(item.id, body);
      expectApiError(res, 400);
      expect(res.json.error.message, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await call(server, "POST", `/api/media/${item.id}/edit`, {
      cookie: admin,
      raw: "{ pas du json",
      headers: { "content-type": "application/json" },
    });
    expectApiError(malformed, 400, "invalid_json");
    expectApiError(await edit("00000000-0000-4000-8000-000000000000", { format: "jpg" }), 404, "not_found");
    expectApiError(await edit("..%2F..%2Fsite.db", { format: "jpg" }), 404, "not_found");
    expectApiError(await call(server, "POST", "/api/media/00000000-0000-4000-8000-000000000000/revert", { cookie: admin }), 404, "not_found");
    expectApiError(await call(server, "POST", `/api/media/${item.id}/revert`, { cookie: admin }), 409, "already_original");
    expectApiError(await call(server, "GET", `/api/media/${item.id}/edit`, { cookie: admin }), 405);
    // Not a team member, cross-site.
    expectApiError(await edit(item.id, { format: "jpg" }, { cookie: "" }), 401);
    expectApiError(await edit(item.id, { format: "jpg" }, { headers: { origin: "https://evil.example" } }), 403, "cross_site");
    expectApiError(
      await call(server, "POST", `/api/media/${item.id}/revert`, { cookie: admin, headers: { origin: "https://evil.example" } }),
      403,
      "cross_site",
    );
    expect(await snapshot()).toEqual(before);
    expect(localFiles(server).scratch).toEqual([]);
    // A PDF is not an image.
    const doc = await call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename: "d.pdf", type: "application/pdf", data: pdf() }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(doc.status, doc.text).toBe(201);
    const refused = await edit(doc.json.item.id, { format: "jpg" });
    expectApiError(refused, 400, "not_an_image");
    expect(refused.json.error.message).toBe("Seules les images peuvent être modifiées.");
    expectApiError(await call(server, "POST", `/api/media/${doc.json.item.id}/revert`, { cookie: admin }), 400, "not_an_image");
  });

  it("straightens by a tenth of a degree: the largest upright rectangle, no background in the corners, then the crop inside it", async () => {
    const item = await upload(await twoTone(), "penchee.jpg", "image/jpeg");
    const res = await edit(item.id, { straighten: -7.5, format: "png" });
    expect(res.status, res.text).toBe(200);
    const expected = straightenedSize(1200, 800, 7.5);
    expect(res.json.item).toMatchObject({ width: expected.width, height: expected.height, fileType: "image/png" });
    const bytes = Buffer.from(await (await fetch(server.url + res.json.item.url)).arrayBuffer());
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: expected.width, height: expected.height, channels: 3 });
    // Every corner is the picture (red on the left, blue on the right), never the white the turn adds.
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [w, h] = [info.width - 1, info.height - 1];
    for (const [x, y] of [
      [0, 0],
      [0, h],
    ])
      expect(px(x, y)[0], `${x},${y}`).toBeGreaterThan(150);
    for (const [x, y] of [
      [w, 0],
      [w, h],
    ])
      expect(px(x, y)[2], `${x},${y}`).toBeGreaterThan(150);

    // Then a 16:9 crop in the straightened image's pixels, after a quarter turn too.
    const again = await edit(item.id, { rotation: 90, straighten: 12.3, crop: { x: 10, y: 20, width: 320, height: 180 }, format: "jpg" });
    expect(again.status, again.text).toBe(200);
    expect(again.json.item).toMatchObject({ width: 320, height: 180 });
  });

  it("the author and the date taken come from the photo's EXIF, else its XMP, and are shown as unknown (null) otherwise", async () => {
    const base = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 120, b: 40 } } });
    const exif = await base()
      .jpeg()
      .withExif({ IFD0: { Artist: "Camille Martin" }, IFD2: { DateTimeOriginal: "2023:06:14 15:32:10" } })
      .toBuffer();
    const withExif = await upload(exif, "exif.jpg", "image/jpeg");
    expect(withExif).toMatchObject({ author: "Camille Martin", takenAt: "2023-06-14T15:32:10" });
    const xmpPacket = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:DateCreated="2021-12-24"><dc:creator><rdf:Seq><rdf:li>Léa &amp; Hugo Studio</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const xmp = await base().png().withXmp(xmpPacket).toBuffer();
    const withXmp = await upload(xmp, "xmp.png", "image/png");
    expect(withXmp).toMatchObject({ author: "Léa & Hugo Studio", takenAt: "2021-12-24T00:00:00" });
    // The stored copy carries neither.
    const stored = await sharp(Buffer.from(await (await fetch(server.url + withExif.url)).arrayBuffer())).metadata();
    expect(stored.exif).toBeUndefined();
    const plain = await upload(await base().jpeg().toBuffer(), "rien.jpg", "image/jpeg");
    expect(plain).toMatchObject({ author: null, takenAt: null });
    expect((await row(plain.id)).taken_at).toBeNull();
  });
});
