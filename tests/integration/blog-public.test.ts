import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, login } from "../support/auth";
import { attrOf, decodeEntities, get, tags } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * The public blog on every engine: pagination with rel prev/next, the tag filter, cards with date,
 * reading time and author, related articles, the RSS feeds (linked from the pages, hostile text
 * escaped, scheduled articles absent until their time), JSON-LD BlogPosting and Organization, the Open
 * Graph image from the cover, hreflang, and an article in one language only.
 */
const ENGINES = await engines();
const ORIGIN = "https://archimed.test";

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe.each(ENGINES)("public blog on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  let authorId: string;

  async function published(fr: Record<string, unknown> | undefined, en?: Record<string, unknown>) {
    const res = await call(server, "POST", "/api/articles", { cookie: admin, body: { ...(fr ? { fr } : {}), ...(en ? { en } : {}) } });
    expect(res.status, res.text).toBe(201);
    const a = res.json.article;
    for (const lang of ["fr", "en"] as const) {
      if (!a.versions[lang]) continue;
      const p = await call(server, "POST", `/api/articles/${a.id}/${lang}/publish`, { cookie: admin, body: { version: a.versions[lang].version } });
      expect(p.status, p.text).toBe(200);
    }
    return a;
  }

  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: ORIGIN });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    authorId = (await addMember(server, admin, "marie.dupont@archimed.test", "editor", "editor-password-1")).id;
    // 3 seeded articles + 10 here: two pages of 9 in French.
    for (let i = 1; i <= 10; i++) {
      await published({
        title: `Conseil numéro ${i}`,
        excerpt: `Résumé ${i}`,
        tags: i % 2 ? ["Impair"] : ["Pair"],
        authorId,
        coverUrl: "/media/seed/blog-reservation-salon.jpg",
        coverAlt: `Couverture ${i}`,
      });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("paginates the list with ?page= and rel prev/next; a page beyond the last is a 404", async () => {
    const one = await get(server.url, "/blog");
    expect(one.status).toBe(200);
    expect(tags(one.text, /<article|data-testid="article-list"/g).length).toBeGreaterThan(0);
    expect((one.text.match(/after:absolute after:inset-0/g) ?? []).length).toBe(9);
    expect(tags(one.text, /<link[^>]*rel="next"[^>]*>/g).map((t) => attrOf(t, "href"))).toEqual([`${ORIGIN}/blog?page=2`]);
    expect(tags(one.text, /<link[^>]*rel="prev"[^>]*>/g)).toEqual([]);
    const two = await get(server.url, "/blog?page=2");
    expect(two.status).toBe(200);
    expect(tags(two.text, /<link[^>]*rel="prev"[^>]*>/g).map((t) => attrOf(t, "href"))).toEqual([`${ORIGIN}/blog`]);
    expect(tags(two.text, /<link[^>]*rel="canonical"[^>]*>/g).map((t) => attrOf(t, "href"))).toEqual([`${ORIGIN}/blog?page=2`]);
    expect((two.text.match(/after:absolute after:inset-0/g) ?? []).length).toBe(4);
    expect((await get(server.url, "/blog?page=3")).status).toBe(404);
    const bad = await get(server.url, "/blog?page=abc");
    expect(bad.status).toBe(301);
    expect(bad.headers.location).toBe("/blog");
  });

  it("shows date, reading time, author and cover alt on cards, and filters by tag", async () => {
    const one = await get(server.url, "/blog");
    const text = decodeEntities(one.text);
    expect(text).toContain("Par Marie Dupont");
    expect(text).toContain("min de lecture");
    expect(text).toContain('alt="Couverture 10"');
    expect(text).not.toContain("marie.dupont@");
    const pair = decodeEntities((await get(server.url, "/blog?tag=pair")).text);
    expect(pair).toContain("Conseil numéro 2");
    expect(pair).not.toContain("Conseil numéro 3<");
    // The heading quotes the tag in each language's way: « » with narrow no-break spaces, “ ” in English.
    const visible = (html: string) => html.replaceAll("<!-- -->", "");
    expect(visible(pair)).toContain("Articles sur «\u202fPair\u202f»");
    await published(undefined, { title: "Tip number one", excerpt: "A tip", tags: ["Tips"], authorId });
    expect(visible(decodeEntities((await get(server.url, "/en/blog?tag=tips")).text))).toContain("Articles about “Tips”");
    expect((await get(server.url, "/blog?tag=inconnue")).status).toBe(404);
    expect((await get(server.url, "/blog?tag=%3Cscript%3E")).status).toBe(301);
  });

  it("renders an article with its byline, tags, related articles, JSON-LD BlogPosting, og:image and the feed link", async () => {
    const res = await get(server.url, "/blog/conseil-numero-4");
    expect(res.status).toBe(200);
    const html = decodeEntities(res.text);
    expect(html).toContain("Par Marie Dupont");
    expect(html).toContain('data-testid="related-articles"');
    // Related: the other "Pair" articles first.
    const related = html.slice(html.indexOf('data-testid="related-articles"'));
    expect(related).toMatch(/Conseil numéro (2|6|8|10)</);
    const ld = jsonLd(res.text);
    expect(ld).toHaveLength(1);
    expect(ld[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: "Conseil numéro 4",
      author: { "@type": "Person", name: "Marie Dupont" },
      image: [`${ORIGIN}/media/seed/blog-reservation-salon.jpg`],
      inLanguage: "fr-FR",
    });
    expect(typeof ld[0].datePublished).toBe("string");
    expect(tags(res.text, /<meta[^>]*property="og:image"[^>]*>/g).map((t) => attrOf(t, "content"))).toEqual([
      `${ORIGIN}/media/seed/blog-reservation-salon.jpg`,
    ]);
    expect(tags(res.text, /<link[^>]*type="application\/rss\+xml"[^>]*>/g).map((t) => attrOf(t, "href"))).toEqual([`${ORIGIN}/blog/rss.xml`]);
    const home = await get(server.url, "/");
    expect(jsonLd(home.text)).toEqual([expect.objectContaining({ "@type": "Organization", name: "Archimed", url: `${ORIGIN}/` })]);
  });

  it("serves an RSS feed per language, escaped, without what is not public yet", async () => {
    const a = await published(
      { title: "Éditorial & <b>gras</b> refusé".replace("<b>gras</b>", "gras") },
      { title: "Editorial & friends", slug: "editorial-friends" },
    );
    const fr = await get(server.url, "/blog/rss.xml");
    expect(fr.status).toBe(200);
    expect(fr.headers["content-type"]).toContain("application/rss+xml");
    expect(fr.text).toContain("<title>Éditorial &amp; gras refusé</title>");
    expect(fr.text).toContain(`<link>${ORIGIN}/blog/editorial-gras-refuse</link>`);
    expect(fr.text).toContain("<dc:creator>Marie Dupont</dc:creator>");
    expect(fr.text).toContain('<atom:link href="https://archimed.test/blog/rss.xml"');
    const en = await get(server.url, "/en/blog/rss.xml");
    expect(en.text).toContain("<title>Editorial &amp; friends</title>");
    expect(en.text).not.toContain("Conseil numéro");
    // A scheduled article is absent from the feed until its time.
    const s = await call(server, "POST", "/api/articles", { cookie: admin, body: { fr: { title: "Plus tard" } } });
    const year = new Date().getUTCFullYear() + 1;
    await call(server, "POST", `/api/articles/${s.json.article.id}/fr/schedule`, { cookie: admin, body: { version: 1, at: `${year}-01-10T09:00` } });
    expect((await get(server.url, "/blog/rss.xml")).text).not.toContain("Plus tard");
    expect(a.versions.en.path).toBe("/en/blog/editorial-friends");
  });

  it("links the two language versions with hreflang; a one-language article is hidden from the other list", async () => {
    const both = await get(server.url, "/en/blog/editorial-friends");
    const hreflang = tags(both.text, /<link[^>]*hrefLang="[^"]*"[^>]*>/gi).map((t) => [attrOf(t, "hreflang") ?? attrOf(t, "hrefLang"), attrOf(t, "href")]);
    expect(hreflang).toContainEqual(["fr", `${ORIGIN}/blog/editorial-gras-refuse`]);
    // The language switch keeps the slug: /en/blog/{French slug} leads to the English version.
    const sw = await get(server.url, "/en/blog/editorial-gras-refuse");
    expect(sw.status).toBe(301);
    expect(sw.headers.location).toBe("/en/blog/editorial-friends");
    expect((await get(server.url, "/en/blog")).text).not.toContain("Conseil numéro");
    const only = await get(server.url, "/en/blog/conseil-numero-1");
    expect(only.status).toBe(302);
    expect(only.headers.location).toBe("/en/blog");
  });
});
