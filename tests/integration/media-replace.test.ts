import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { request } from "../support/http";
import { localFiles, multipart, MULTIPART_TYPE, pdf, png } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * "Remplacer" (issue 22 §5): POST /api/media/:id/replace takes one file (multipart) that becomes the
 * item's new version: new names, the published page shows it at once, title and alt text stay, the old
 * files stay listed for the delete. A file of another kind, an unknown or deleted item, a body that is
 * not multipart, a cross-site or anonymous call: a French 4xx and nothing changed. (Multipart bodies are
 * not in the JSON-driven hostile table, like POST /api/media: their refusals are checked here.)
 */
const ENGINES = await engines();

const jpeg = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 60 } } })
    .jpeg()
    .toBuffer();

describe.each(ENGINES)("replacing a media file on %s", (engine) => {
  let server: TestServer;
  let admin: string;

  const send = (id: string, parts: Parameters<typeof multipart>[0], opts: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(server, "POST", `/api/media/${id}/replace`, {
      cookie: opts.cookie ?? admin,
      raw: multipart(parts),
      headers: { "content-type": MULTIPART_TYPE, ...opts.headers },
    });
  const upload = async (data: Buffer, filename: string, type: string, fields: Record<string, string> = {}) => {
    const parts = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: "file", filename, type, data }];
    const res = await call(server, "POST", "/api/media", { cookie: admin, raw: multipart(parts), headers: { "content-type": MULTIPART_TYPE } });
    expect(res.status, res.text).toBe(201);
    return res.json.item;
  };
  const row = async (id: string) => (await sql<Record<string, unknown>>(server, "select * from media where id = ?", [id]))[0];

  beforeAll(async () => {
    server = await startServer(engine as "sqlite" | "postgres", { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the new file becomes the item's version: the published page shows it at once, labels kept, old files kept for the delete", async () => {
    const item = await upload(await jpeg(640, 480, 200), "vitrine.jpg", "image/jpeg", { title: "Vitrine", alt: "La vitrine de l'agence" });
    const slug = `page-remplacee-${engine}`;
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title: "Page remplacée", slug }, en: { title: "Replaced page", slug: `replaced-${engine}` } },
    });
    const pageId = created.json.page.id;
    const element = { id: "element-r", type: "image", content: item.url, alt: "Vitrine", styles: {} };
    const doc = {
      version: 1,
      blocks: [
        { id: "block-r", type: "container", styles: {}, sections: [{ id: "section-r", columns: [{ id: "column-r", width: 12, elements: [element] }] }] },
      ],
    };
    const saved = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { version: 1, doc } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version: saved.json.version } })).status).toBe(200);
    expect((await request(server.url, `/page/${slug}`)).text).toContain(`src="${item.url}"`);

    const res = await send(item.id, [{ name: "file", filename: "nouvelle-vitrine.jpg", type: "image/jpeg", data: await jpeg(800, 600, 40) }]);
    expect(res.status, res.text).toBe(200);
    const v2 = res.json.item;
    expect(v2).toMatchObject({ id: item.id, title: "Vitrine", alt: "La vitrine de l'agence", width: 800, height: 600, fileType: "image/jpeg" });
    expect(v2.url).not.toBe(item.url);
    const page = (await request(server.url, `/page/${slug}`)).text;
    expect(page).toContain(`src="${v2.url}"`);
    expect(page).not.toContain(item.url);
    const keys = JSON.parse(String((await row(item.id)).storage_keys)) as string[];
    expect(keys[0]).toBe(v2.url.slice("/media/u/".length));
    expect(keys).toContain(item.url.slice("/media/u/".length));
    // The replacement is the version "Revenir à l'original" would keep: nothing to revert to.
    expect((await call(server, "GET", `/api/media/${item.id}`, { cookie: admin })).json.edited).toBe(false);
  });

  it("refuses another kind of file, an unknown or deleted item, a body that is not multipart, a cross-site or anonymous call: French 4xx, nothing changed", async () => {
    const item = await upload(await png(), "logo.png", "image/png");
    const before = { row: await row(item.id), files: localFiles(server).stored };
    const asPdf = await send(item.id, [{ name: "file", filename: "tarifs.pdf", type: "application/pdf", data: pdf() }]);
    expectApiError(asPdf, 400, "wrong_kind");
    expect(asPdf.json.error.message).toBe("Ce média est une image\u00a0: remplacez-le par une image.");
    const svg = await send(item.id, [
      { name: "file", filename: "x.svg", type: "image/svg+xml", data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") },
    ]);
    expect(svg.status).toBe(415);
    expect(svg.json.error.message).toMatch(/Type de fichier refusé/);
    expectApiError(await send(item.id, [{ name: "title", value: "sans fichier" }]), 400);
    const json = await call(server, "POST", `/api/media/${item.id}/replace`, { cookie: admin, body: { file: "x" } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(json.json.error.message).toMatch(/[éèàç]|fichier|multipart/i);
    const file = [{ name: "file", filename: "b.png", type: "image/png", data: await png() }];
    expectApiError(await send("00000000-0000-4000-8000-000000000000", file), 404, "not_found");
    expectApiError(await send("..%2F..%2Fsite.db", file), 404, "not_found");
    expectApiError(await send(item.id, file, { cookie: "" }), 401);
    expectApiError(await send(item.id, file, { headers: { origin: "https://evil.example" } }), 403, "cross_site");
    expect({ row: await row(item.id), files: localFiles(server).stored }).toEqual(before);
    expect(localFiles(server).scratch).toEqual([]);

    expect((await call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin })).status).toBe(200);
    expectApiError(await send(item.id, file), 404, "not_found");
  });
});
