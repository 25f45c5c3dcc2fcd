import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/lib/i18n/en";
import { fr } from "~/lib/i18n/fr";
import { ROUTE_KEYS, ROUTES, type Lang, type RouteKey } from "~/lib/i18n/routes";
import { DEFAULT_SETTINGS } from "~/lib/content/settings";
import { defaultStructure } from "~/lib/structure/structure-schemas";
import { assertWellFormedXml, attrOf, canonical, get, h1s, hreflangs, htmlLang, metaProperty, tags, testIdTag, testIdText, title } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";

/**
 * Every public route of seed 000 §2 in both languages, as server HTML. Copy is not asserted (the seed
 * is being rewritten): structure, language, SEO links and the shell are.
 */
const PUBLIC_URL = "https://archimed.test";
const abs = (p: string) => `${PUBLIC_URL}${p}`;
const DICT = { fr, en } as const;
/** The system pages the header links to before any structure is saved (the seeded menu). */
const MENU_KEYS = new Set<RouteKey>(
  defaultStructure(DEFAULT_SETTINGS).menu.flatMap((m) => [m.link, ...m.children.map((c) => c.link)].flatMap((l) => (l?.type === "system" ? [l.key] : []))),
);
const CASES = ROUTE_KEYS.flatMap((key) => (["fr", "en"] as const).map((lang) => ({ key, lang, path: ROUTES[key][lang] })));

const ENGINES = await engines();

describe.each(ENGINES)("public pages on %s", (engine) => {
  let server: TestServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer(engine, { PUBLIC_URL });
    // Fetch every page once; the tests below read the HTML.
    for (const c of CASES) {
      const res = await get(server.url, c.path);
      expect(res.status, `${c.path}\n${server.logs()}`).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      pages.set(c.path, res.text);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(CASES)("$path ($lang)", ({ key, lang, path }) => {
    const other: Lang = lang === "fr" ? "en" : "fr";
    const html = () => pages.get(path)!;

    it("is server HTML in its language with exactly one <h1> and a title", () => {
      expect(html()).toMatch(/^<!DOCTYPE html>/i);
      expect(htmlLang(html())).toBe(lang);
      const headings = h1s(html());
      expect(headings, `h1 de ${path}`).toHaveLength(1);
      expect(headings[0].length).toBeGreaterThan(0);
      expect(title(html())?.length ?? 0).toBeGreaterThan(0);
      expect(metaProperty(html(), "description")[0]?.length ?? 0).toBeGreaterThan(0);
      // The page document itself is rendered on the server (not left to the browser).
      expect(html()).toContain(`data-page-path="${path}"`);
      expect(html()).toMatch(/class="doc[ "]/);
    });

    it("has its canonical URL, hreflang fr/en/x-default and Open Graph", () => {
      expect(canonical(html())).toEqual([abs(path)]);
      const alt = hreflangs(html());
      expect(alt).toEqual({ fr: abs(ROUTES[key].fr), en: abs(ROUTES[key].en), "x-default": abs(ROUTES[key].fr) });
      expect(metaProperty(html(), "og:url")).toEqual([abs(path)]);
      expect(metaProperty(html(), "og:title")[0]?.length ?? 0).toBeGreaterThan(0);
      expect(metaProperty(html(), "og:locale")).toEqual([lang === "fr" ? "fr_FR" : "en_GB"]);
      expect(html()).not.toMatch(/<meta[^>]*name="robots"[^>]*noindex/);
    });

    it("renders no error text from its stored content", () => {
      expect(html()).not.toContain("el-unsupported");
      expect(html()).not.toContain("el-gallery-invalid");
      expect(html()).not.toContain("el-video-invalid");
    });

    it("gives every image an alt attribute, and local images their intrinsic size", () => {
      for (const img of tags(html(), /<img[^>]*>/g)) {
        expect(img, `alt manquant : ${img}`).toMatch(/\salt="/);
        if (attrOf(img, "src")?.startsWith("/media/")) {
          expect(img, `taille manquante : ${img}`).toMatch(/\swidth="\d+"/);
          expect(img, `taille manquante : ${img}`).toMatch(/\sheight="\d+"/);
        }
      }
    });

    it("names its eager image first in the head, with the sources and sizes its <picture> uses (no second download)", () => {
      const page = html();
      const head = page.slice(0, page.indexOf("</head>"));
      const preloads = tags(head, /<link[^>]*rel="preload"[^>]*>/g);
      const images = preloads.filter((l) => attrOf(l, "as") === "image");
      const eager = tags(page, /<img[^>]*loading="eager"[^>]*>/g);
      expect(eager.length).toBeLessThanOrEqual(1);
      if (!eager.length) return expect(images).toEqual([]);
      expect(images).toHaveLength(1);
      const [link] = images;
      expect(attrOf(link, "fetchpriority")).toBe("high");
      // Before the typefaces' preloads: its request is the first after the document's.
      expect(preloads.indexOf(link)).toBe(0);
      const img = eager[0];
      const picture = page.slice(page.lastIndexOf("<picture>", page.indexOf(img)), page.indexOf(img));
      const source = tags(picture, /<source[^>]*>/g)[0];
      if (source) {
        expect(attrOf(link, "imagesrcset")).toBe(attrOf(source, "srcset"));
        expect(attrOf(link, "imagesizes")).toBe(attrOf(source, "sizes"));
        expect(attrOf(link, "type")).toBe("image/webp");
      } else expect(attrOf(link, "href")).toBe(attrOf(img, "src"));
    });

    it("links the language switch to the same page in the other language", () => {
      const sw = testIdTag(html(), "language-switch");
      expect(sw).toBeDefined();
      expect(attrOf(sw!, "href")).toBe(ROUTES[key][other]);
      expect(attrOf(sw!, "hrefLang") ?? attrOf(sw!, "hreflang")).toBe(other);
    });

    it("marks its menu entry as the current page (and only it)", () => {
      const nav = html().match(/data-testid="desktop-menu"[\s\S]*?<\/nav>/)?.[0] ?? "";
      expect(nav).not.toBe("");
      const current = tags(nav, /<a[^>]*aria-current="page"[^>]*>/g);
      if (MENU_KEYS.has(key)) {
        expect(current).toHaveLength(1);
        expect(attrOf(current[0], "href")).toBe(path);
      } else {
        expect(current).toHaveLength(0);
      }
      // The mobile panel is rendered too, with the same current entry.
      const panel = html().match(/data-testid="menu-panel"[\s\S]*?<\/dialog>/)?.[0] ?? "";
      expect(panel).not.toBe("");
      expect(tags(panel, /<a[^>]*aria-current="page"[^>]*>/g).map((a) => attrOf(a, "href"))).toEqual(MENU_KEYS.has(key) ? [path] : []);
    });

    it("has the footer of its language: shared email, phone and office, copyright 2024", () => {
      const footer = testIdTag(html(), "site-footer");
      expect(footer).toBeDefined();
      const phone = testIdText(html(), "footer-phone") ?? "";
      const address = testIdText(html(), "footer-address") ?? "";
      if (lang === "fr") {
        // French number, +33 and grouped: "+33 1 99 00 42 17".
        expect(phone).toMatch(/^\+33 \d( \d{2}){4}$/);
        expect(address).toMatch(/Paris/);
      } else {
        expect(phone.replace(/\s/g, "")).toMatch(/^\+44\d{9,10}$/);
        expect(address).toMatch(/London/);
      }
      const phoneTag = testIdTag(html(), "footer-phone")!;
      expect(attrOf(phoneTag, "href")).toBe(`tel:${phone.replace(/\s/g, "")}`);
      expect(testIdText(html(), "copyright")).toMatch(/©\s*2024\b/);
      const mail = html().match(/data-testid="footer-contact"[\s\S]*?href="mailto:([^"]+)"/)?.[1];
      expect(mail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
    });

    it("links the chat button to WhatsApp with the number and the message of its language", () => {
      const a = testIdTag(html(), "chat-button");
      expect(a).toBeDefined();
      const href = new URL(attrOf(a!, "href")!);
      expect(href.origin).toBe("https://wa.me");
      expect(href.pathname).toMatch(lang === "fr" ? /^\/33\d{8,}$/ : /^\/44\d{7,}$/);
      expect(href.searchParams.get("text")).toBe(DICT[lang]["chat.message"]);
      expect(attrOf(a!, "rel")).toMatch(/noopener/);
    });
  });

  it("gives each page of a language its own <h1> and title", () => {
    for (const lang of ["fr", "en"] as const) {
      const own = CASES.filter((c) => c.lang === lang).map((c) => pages.get(c.path)!);
      expect(new Set(own.map((h) => h1s(h)[0])).size, `h1 en ${lang}`).toBe(own.length);
      expect(new Set(own.map((h) => title(h))).size, `titres en ${lang}`).toBe(own.length);
    }
  });

  it("uses the same email in both languages and different phones and addresses", () => {
    const mail = (h: string) => h.match(/data-testid="footer-contact"[\s\S]*?href="mailto:([^"]+)"/)?.[1];
    const frHtml = pages.get("/")!;
    const enHtml = pages.get("/en")!;
    expect(mail(frHtml)).toBe(mail(enHtml));
    expect(testIdText(frHtml, "footer-phone")).not.toBe(testIdText(enHtml, "footer-phone"));
    expect(testIdText(frHtml, "footer-address")).not.toBe(testIdText(enHtml, "footer-address"));
  });

  it("lists articles on the blog pages, each answering in both languages with the same slug", async () => {
    for (const lang of ["fr", "en"] as const) {
      const html = pages.get(ROUTES.blog[lang])!;
      const list = html.match(/data-testid="article-list"[\s\S]*?<\/section>/)?.[0];
      const links = list ? tags(list, /<a[^>]*href="[^"]*"[^>]*>/g).map((a) => attrOf(a, "href")!) : [];
      for (const href of links) {
        expect(href).toMatch(lang === "fr" ? /^\/blog\/[^/]+$/ : /^\/en\/blog\/[^/]+$/);
        const slug = href.split("/").pop()!;
        for (const l of ["fr", "en"] as const) {
          const path = l === "fr" ? `/blog/${slug}` : `/en/blog/${slug}`;
          const res = await get(server.url, path);
          expect(res.status, path).toBe(200);
          expect(htmlLang(res.text)).toBe(l);
          expect(h1s(res.text), `h1 de ${path}`).toHaveLength(1);
          expect(canonical(res.text)).toEqual([abs(path)]);
          expect(hreflangs(res.text)).toEqual({ fr: abs(`/blog/${slug}`), en: abs(`/en/blog/${slug}`), "x-default": abs(`/blog/${slug}`) });
          expect(metaProperty(res.text, "og:type")).toEqual(["article"]);
        }
      }
    }
  });

  it("/sitemap.xml is well-formed XML listing every public URL of both languages with its alternates", async () => {
    // The checker itself must be able to fail.
    expect(() => assertWellFormedXml("<a><b></a>")).toThrow();
    expect(() => assertWellFormedXml('<a x="1" x="2"/>')).toThrow();
    expect(() => assertWellFormedXml("<a>&nbsp;</a>")).toThrow();

    const res = await get(server.url, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const xml = res.text;
    assertWellFormedXml(xml);
    expect(xml).toMatch(/<urlset[^>]*xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/);
    expect(xml).toMatch(/<urlset[^>]*xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);

    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);
    const locs = urls.map((u) => u.match(/<loc>([^<]+)<\/loc>/)?.[1]);
    expect(new Set(locs).size).toBe(locs.length);
    for (const c of CASES) expect(locs, c.path).toContain(abs(c.path));

    for (const u of urls) {
      const loc = u.match(/<loc>([^<]+)<\/loc>/)![1];
      expect(u).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      const alts = Object.fromEntries([...u.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
      expect(Object.keys(alts).sort(), loc).toEqual(["en", "fr", "x-default"]);
      expect(Object.values(alts)).toContain(loc);
      expect(alts["x-default"]).toBe(alts.fr);
      // Every listed URL answers 200 on this server.
      const res = await get(server.url, loc.slice(PUBLIC_URL.length) || "/");
      expect(res.status, loc).toBe(200);
    }
    // Only public pages: nothing from the back-office.
    expect(xml).not.toMatch(/\/admin|\/api\//);
  });

  it("/robots.txt keeps /admin out and points at the sitemap", async () => {
    const res = await get(server.url, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.text.split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines.some((l) => /^Disallow:\s*\/admin\/?$/.test(l))).toBe(true);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Nothing public is disallowed.
    for (const l of lines.filter((x) => x.startsWith("Disallow:"))) {
      const p = l.replace(/^Disallow:\s*/, "");
      for (const c of CASES) expect(c.path.startsWith(p) && p !== "", `${c.path} bloqué par ${l}`).toBe(false);
    }
  });
});
