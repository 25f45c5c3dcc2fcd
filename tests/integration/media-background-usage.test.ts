import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login } from "../support/auth";
import { multipart, MULTIPART_TYPE, png } from "../support/media";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Media usage counts section and column background images (issue 21, decision 052), on every engine: an
 * image shown only as a section's (or a column's) background in a published page is listed where it is
 * used and its delete is refused, as an image element's is; once the page's draft alone shows it, it is
 * listed as a draft and may go.
 */
const ENGINES = await engines();

describe.each(ENGINES)("background images in media usage on %s", (engine) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: "https://archimed.test" });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const upload = async (name: string) => {
    const res = await call(server, "POST", "/api/media", {
      cookie: admin,
      raw: multipart([{ name: "file", filename: name, type: "image/png", data: await png(640, 360) }]),
      headers: { "content-type": MULTIPART_TYPE },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.item as { id: string; url: string };
  };

  /** A page whose only images are backgrounds: the section's, and the column's. */
  const backgroundDoc = (sectionImage: string | null, columnImage: string | null) => ({
    version: 6,
    blocks: [
      {
        id: "block-bg",
        type: "container",
        styles: {},
        sections: [
          {
            id: "section-bg",
            ...(sectionImage ? { background: { image: sectionImage, focusX: 50, focusY: 30, overlay: 40 } } : {}),
            columns: [
              {
                id: "column-bg",
                width: 12,
                ...(columnImage ? { background: { image: columnImage, focusX: 50, focusY: 50, overlay: 0 } } : {}),
                elements: [{ id: "element-bg", type: "text", content: "<p>Texte sur une photo</p>", styles: {} }],
              },
            ],
          },
        ],
      },
    ],
  });

  const createPage = async (title: string, slug: string) => {
    const created = await call(server, "POST", "/api/pages", {
      cookie: admin,
      body: { fr: { title, slug }, en: { title: `${title} EN`, slug: `${slug}-en` } },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.page.id as string;
  };

  const save = async (pageId: string, version: number, doc: unknown) => {
    const saved = await call(server, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie: admin, body: { version, doc } });
    expect(saved.status, saved.text).toBe(200);
    return saved.json.version as number;
  };

  it("lists a published section background and a column background where they are used, and refuses their delete", async () => {
    const [sectionImage, columnImage] = [await upload("fond-section.png"), await upload("fond-colonne.png")];
    const slug = `fonds-${engine}`;
    const pageId = await createPage("Fonds", slug);
    const version = await save(pageId, 1, backgroundDoc(sectionImage.url, columnImage.url));
    const published = await call(server, "POST", `/api/pages/${pageId}/fr/publish`, { cookie: admin, body: { version } });
    expect(published.status, published.text).toBe(200);
    // The public page shows both as backgrounds, and nothing else shows them.
    const html = await (await fetch(`${server.url}/page/${slug}`)).text();
    expect(html).toContain(sectionImage.url);
    expect(html).toContain(columnImage.url);

    for (const item of [sectionImage, columnImage]) {
      const usage = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
      expect(usage.status, usage.text).toBe(200);
      expect(usage.json.usage).toEqual([
        expect.objectContaining({ place: "page", pageId, lang: "fr", title: "Fonds", path: `/page/${slug}`, state: "published", published: true }),
      ]);
      const refused = await call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin });
      expectApiError(refused, 409, "media_in_use");
      expect(refused.json.error.message).toMatch(/page «\u00a0Fonds\u00a0» \(\/page\/fonds-/);
      // Still served.
      expect((await fetch(`${server.url}${item.url}`)).status).toBe(200);
    }
  });

  it("lists a background only the draft shows as a draft, and lets it go", async () => {
    const item = await upload("fond-brouillon.png");
    const pageId = await createPage("Brouillon de fond", `brouillon-fond-${engine}`);
    await save(pageId, 1, backgroundDoc(item.url, null));
    const usage = await call(server, "GET", `/api/media/${item.id}`, { cookie: admin });
    expect(usage.json.usage).toEqual([expect.objectContaining({ place: "page", pageId, state: "draft", published: false })]);
    const deleted = await call(server, "DELETE", `/api/media/${item.id}`, { cookie: admin });
    expect(deleted.status, deleted.text).toBeLessThan(300);
  });
});
