import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDb } from "../support/db";
import { attrOf, canonical, get, h1s, hreflangs, htmlLang, tags, testIdTag, testIdText, textOf } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * What is stored is what visitors see, and what is stored may be hostile or broken: the rows of a
 * migrated and seeded database are rewritten directly (tests/support/server.ts `prepare`), and a server
 * process that never wrote them serves them.
 */
const PUBLIC_URL = "https://archimed.test";
const ENGINES = await engines();

const el = (id: string, type: string, content: string, extra: Record<string, unknown> = {}) => ({ id: `element-${id}`, type, content, styles: {}, ...extra });
const docOf = (...columns: ReturnType<typeof el>[][]) => ({
  version: 1,
  blocks: [
    {
      id: "block-h",
      type: "container",
      styles: { paddingTop: "40px", backgroundColor: "url(javascript:alert('blockstyle'))" },
      sections: [{ id: "section-h", columns: columns.map((elements, i) => ({ id: `column-h${i}`, width: 6, elements })) }],
    },
  ],
});

/** Every hostile bit carries "alert(": none may reach the markup outside the JSON data script. */
const HOSTILE_DOC = docOf(
  [
    el("h1", "heading", "Titre piégé<script>alert('h1')</script><img src=x onerror=alert('h1img')>", { level: 1 }),
    el("unknown", "hologram", "<script>alert('unknown')</script>"),
    el("brokengallery", "gallery", '{"type":"grid","images":['),
    el(
      "text",
      "text",
      "<p>Texte sûr</p><script>alert('text')</script><img src=x onerror=\"alert('img')\"><a href=\"javascript:alert('a')\">lien</a><iframe src=\"https://evil.example/\"></iframe><p onmouseover=\"alert('p')\">survol</p>",
      {
        styles: { color: "red;background:url(https://evil.example/alert('css'))" },
      },
    ),
  ],
  [
    el(
      "icon",
      "icon",
      '<svg onload="alert(\'svg\')" viewBox="0 0 24 24"><script>alert(\'svgscript\')</script><foreignObject><img src=x onerror=alert(\'fo\')></foreignObject><a xlink:href="javascript:alert(\'xl\')"><path d="M0 0h24v24H0z"/></a><circle cx="12" cy="12" r="4"/></svg>',
    ),
    el("button", "button", "<img src=x onerror=alert('btn')>", { href: "javascript:alert('btnhref')" }),
    el("image", "image", "javascript:alert('src')", { alt: "\"><script>alert('alt')</script>" }),
    el(
      "gallery",
      "gallery",
      JSON.stringify({
        type: "grid",
        images: [
          "javascript:alert('g1')",
          { url: "data:image/svg+xml,<svg onload=alert('g2')>", alt: "x" },
          { url: "/favicon.svg", alt: "Logo\"><script>alert('galt')</script>" },
        ],
      }),
    ),
    el("video", "video", "javascript:alert('video')"),
    el("done", "text", "<p>Toujours rendu</p>"),
  ],
);

const LEGACY_BLOCKS = [
  {
    id: "block-l",
    type: "container",
    styles: {},
    sections: [{ id: "section-l", columns: [{ id: "column-l", width: 12, elements: [el("lh", "heading", "Ancien format", { level: 1 })] }] }],
  },
];

const ARTICLE_DOC = docOf([el("a1", "text", "<p>Corps de l'article de test.</p>")]);

/** The data script carries the page's props to the browser; everything else is markup. */
function split(html: string) {
  const m = html.match(/<script id="public-data" type="application\/json">([\s\S]*?)<\/script>/);
  return { data: m?.[1] ?? "", markup: m ? html.replace(m[0], "") : html };
}

describe.each(ENGINES)("stored content on %s", (engine) => {
  let server: TestServer;
  const now = new Date().toISOString();

  beforeAll(async () => {
    server = await startServer(engine, { PUBLIC_URL }, { prepare: rewriteRows });
  });

  async function rewriteRows(db: TestDb) {
    const setPublished = (path: string, published: string | null) => db.run("update page_translations set published = ? where path = ?", [published, path]);
    await setPublished("/offres", JSON.stringify(HOSTILE_DOC));
    await setPublished("/en/offers", JSON.stringify(HOSTILE_DOC));
    await setPublished("/partenaires", "{ce n'est pas du JSON");
    await setPublished("/en/partners", JSON.stringify(LEGACY_BLOCKS));
    await setPublished("/recrutement", JSON.stringify({ version: 99, blocks: [] }));
    await setPublished(
      "/en/recruitment",
      JSON.stringify({
        version: 1,
        blocks: [{ ...LEGACY_BLOCKS[0], sections: [{ id: "section-w", columns: [{ id: "column-w", width: 13, elements: [] }] }] }],
      }),
    );
    const rows = await db.all<{ n: number | string }>("select count(*) as n from page_translations where published like ?", ["%alert('h1')%"]);
    expect(Number(rows[0].n)).toBe(2);

    // Articles: one published, one scheduled for later, one never published.
    const article = async (id: string, slug: string, publishAt: string | null, published: boolean) => {
      await db.run("insert into pages (id, kind, system_key, created_at, updated_at) values (?, 'article', null, ?, ?)", [id, now, now]);
      for (const lang of ["fr", "en"]) {
        const json = JSON.stringify(ARTICLE_DOC);
        await db.run(
          `insert into page_translations (page_id, lang, path, slug, title, description, image, excerpt, draft, published, publish_at, published_at, updated_at, updated_by)
             values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, null)`,
          [
            id,
            lang,
            lang === "fr" ? `/blog/${slug}` : `/en/blog/${slug}`,
            slug,
            `${lang === "fr" ? "Article" : "Post"} ${slug}`,
            `Description ${slug}`,
            `Extrait ${slug}`,
            json,
            published ? json : null,
            publishAt,
            publishAt ?? now,
            now,
          ],
        );
      }
    };
    await article("test-article-published", "article-de-test", "2024-03-01T08:00:00.000Z", true);
    await article("test-article-scheduled", "article-futur", "2099-01-01T08:00:00.000Z", true);
    await article("test-article-draft", "article-brouillon", null, false);

    // Broken site settings fall back to the defaults instead of breaking every page.
    await db.run("update site_settings set data = ? where id = 'site'", ["{pas du json"]);
  }
  afterAll(async () => {
    await server?.stop();
  });

  describe.each([
    ["/offres", "fr"],
    ["/en/offers", "en"],
  ] as const)("hostile document at %s", (path, lang) => {
    let html = "";
    beforeAll(async () => {
      const res = await get(server.url, path);
      expect(res.status, server.logs()).toBe(200);
      html = res.text;
    });

    it("renders the page with its error texts and the rest of the content", () => {
      expect(htmlLang(html)).toBe(lang);
      const text = textOf(html);
      expect(text).toContain("Type d'élément non pris en charge");
      expect(text).toContain("Invalid gallery format");
      expect(text).toContain("Texte sûr");
      expect(text).toContain("Toujours rendu");
      expect(text).toContain("survol");
      expect(tags(html, /<[a-z]+[^>]*class="el-video-invalid[^"]*"/g)).toHaveLength(1);
      expect(h1s(html)).toEqual(["Titre piégé"]);
      expect(testIdTag(html, "site-footer")).toBeDefined();
      // The icon keeps its harmless shapes; the gallery its harmless image.
      expect(html).toMatch(/<svg[^>]*viewBox="0 0 24 24"[^>]*>[\s\S]*<circle/);
      const galleryImgs = tags(html, /<img[^>]*>/g).filter((t) => attrOf(t, "src") === "/favicon.svg");
      expect(galleryImgs).toHaveLength(1);
    });

    it("runs no script: nothing hostile reaches the markup", () => {
      const { markup, data } = split(html);
      expect(data.length).toBeGreaterThan(0);
      // Escaped text (a button label, an alt attribute) is inert; tags and attributes are what run.
      const allTags = tags(markup, /<[a-zA-Z][^>]*>/g);
      expect(allTags.length).toBeGreaterThan(50);
      // The one stylesheet is the design settings': the chosen typefaces' @font-face rules (the site's own
      // /assets files, decision 042) then variables (issue 11): numbers, hex colours and names only.
      const styleText = markup.match(/<style id="design-settings">([^<]*)<\/style>/)?.[1] ?? "";
      const faces = styleText.match(/^(?:@font-face\{[^{}]*\})*/)?.[0] ?? "";
      for (const src of faces.match(/url\([^)]*\)/g) ?? []) expect(src).toMatch(/^url\(\/assets\/[\w-]+\.woff2\)$/);
      expect(faces).not.toMatch(/expression|@import|\\/i);
      const design = styleText.slice(faces.length);
      expect(design).toMatch(/^:root\{[-\w:;#.,%+() "]+\}\.dark\{[-\w:;#]+\}$/);
      expect(design).not.toMatch(/url\(|expression|@import|\\/i);
      for (const t of allTags.filter((t) => t !== '<style id="design-settings">')) {
        expect(t, t).not.toMatch(/\son[a-z]+\s*=/i);
        expect(t, t).not.toMatch(/^<(iframe|object|embed|foreignObject|use|image|animate|set|style|base|meta http-equiv)/i);
        expect(t, t).not.toMatch(/xlink:href|javascript:|vbscript:|data:(?!image\/(png|jpeg|webp|gif))/i);
        expect(t, t).not.toMatch(/style="[^"]*url\(/i);
        expect(t, t).not.toMatch(/(href|src)="(?!\/|#|https?:|mailto:|tel:)/i);
      }
      expect(markup).not.toMatch(/<script[^>]*>[^<]*alert\(/);
      expect(markup).not.toMatch(/<img src=x/i);
      // The escaped forms are still shown as text where they were text.
      expect(markup).toContain("&lt;img src=x onerror=alert(");
      // The only scripts are the theme script, the module entry and the data script.
      for (const s of tags(markup, /<script[^>]*>/g)) expect(s).toMatch(/^<script(>| type="module"| nonce=)/);
    });

    it("the data script cannot be closed early and carries sanitized content", () => {
      const { data } = split(html);
      expect(data).not.toMatch(/<|\u2028|\u2029/);
      const props = JSON.parse(data);
      const elements = props.page.doc.blocks[0].sections.flatMap((s: { columns: { elements: { type: string; content: string; href?: string }[] }[] }) =>
        s.columns.flatMap((c) => c.elements),
      );
      const byType = (t: string) => elements.filter((e: { type: string }) => e.type === t);
      for (const e of [...byType("text"), ...byType("heading"), ...byType("icon"), ...byType("image"), ...byType("video")]) {
        expect(e.content).not.toMatch(/alert\(|javascript:|onerror|onload/);
      }
      for (const e of byType("button")) expect(e.href ?? "").not.toMatch(/javascript:/);
    });
  });

  it("an unreadable stored document renders the page shell, not an error", async () => {
    const res = await get(server.url, "/partenaires");
    expect(res.status).toBe(200);
    expect(htmlLang(res.text)).toBe("fr");
    expect(testIdTag(res.text, "site-footer")).toBeDefined();
    expect(canonical(res.text)).toEqual([`${PUBLIC_URL}/partenaires`]);
  });

  it("a legacy bare array of blocks is migrated on read and rendered", async () => {
    const res = await get(server.url, "/en/partners");
    expect(res.status).toBe(200);
    expect(h1s(res.text)).toEqual(["Ancien format"]);
  });

  it.each(["/recrutement", "/en/recruitment"])("a document that fails validation (%s) renders an empty page, not a 500", async (path) => {
    const res = await get(server.url, path);
    expect(res.status).toBe(200);
    expect(testIdTag(res.text, "site-footer")).toBeDefined();
  });

  it("broken site settings fall back to the default contact details", async () => {
    const fr = await get(server.url, "/");
    expect(fr.status).toBe(200);
    expect(testIdText(fr.text, "footer-phone")).toMatch(/^\+33 /);
    const en = await get(server.url, "/en");
    expect(testIdText(en.text, "footer-address")).toMatch(/London/);
  });

  describe("articles", () => {
    it("the blog lists published articles only, in each language", async () => {
      for (const [list, prefix] of [
        ["/blog", "/blog/"],
        ["/en/blog", "/en/blog/"],
      ] as const) {
        const res = await get(server.url, list);
        expect(res.status).toBe(200);
        const section = res.text.match(/data-testid="article-list"[\s\S]*?<\/section>/)?.[0] ?? "";
        const hrefs = tags(section, /<a[^>]*>/g).map((a) => attrOf(a, "href"));
        expect(hrefs).toContain(`${prefix}article-de-test`);
        expect(hrefs).not.toContain(`${prefix}article-futur`);
        expect(hrefs).not.toContain(`${prefix}article-brouillon`);
      }
    });

    it.each([
      ["/blog/article-de-test", "fr", "Article article-de-test"],
      ["/en/blog/article-de-test", "en", "Post article-de-test"],
    ] as const)("%s answers in %s with the same slug in both languages", async (path, lang, heading) => {
      const res = await get(server.url, path);
      expect(res.status).toBe(200);
      expect(htmlLang(res.text)).toBe(lang);
      expect(h1s(res.text)).toEqual([heading]);
      expect(res.text).toContain("Corps de l'article de test.");
      expect(hreflangs(res.text)).toEqual({
        fr: `${PUBLIC_URL}/blog/article-de-test`,
        en: `${PUBLIC_URL}/en/blog/article-de-test`,
        "x-default": `${PUBLIC_URL}/blog/article-de-test`,
      });
      const sw = testIdTag(res.text, "language-switch")!;
      expect(attrOf(sw, "href")).toBe(lang === "fr" ? "/en/blog/article-de-test" : "/blog/article-de-test");
      // The blog entry of the menu stays highlighted on its articles.
      const nav = res.text.match(/data-testid="desktop-menu"[\s\S]*?<\/nav>/)![0];
      expect(tags(nav, /<a[^>]*aria-current="page"[^>]*>/g).map((a) => attrOf(a, "href"))).toEqual([lang === "fr" ? "/blog" : "/en/blog"]);
    });

    it.each(["/blog/article-futur", "/en/blog/article-futur", "/blog/article-brouillon", "/en/blog/article-brouillon"])(
      "%s (scheduled for later or never published) is a 404",
      async (path) => {
        expect((await get(server.url, path)).status).toBe(404);
      },
    );

    it("the sitemap lists the published article in both languages and nothing unpublished", async () => {
      const xml = (await get(server.url, "/sitemap.xml")).text;
      expect(xml).toContain(`<loc>${PUBLIC_URL}/blog/article-de-test</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}/en/blog/article-de-test</loc>`);
      expect(xml).not.toContain("article-futur");
      expect(xml).not.toContain("article-brouillon");
    });
  });

  it("logged no internal error", () => {
    expect(server.logs()).not.toMatch(/rendu impossible|Erreur interne|Unhandled|TypeError|ReferenceError/);
  });
});
