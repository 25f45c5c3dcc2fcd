import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attrOf, get, tags } from "../support/http";
import { startServer, type TestServer } from "../support/server";

/**
 * The brand typeface (issue 15): one Latin woff2 file from the font's npm package, served by the site under
 * /assets with an immutable cache, preloaded by every page's head (public and back-office), named by the
 * stylesheet's @font-face with font-display: swap, and a metric-matched local fallback. The font is static
 * files and markup, the same on both database engines: one engine here.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer("sqlite");
});
afterAll(async () => {
  await server?.stop();
});

const preloadOf = (html: string) => tags(html, /<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g);

describe("brand typeface", () => {
  it("is preloaded by the head of public pages in both languages, the contact page and the sign-in page", async () => {
    for (const path of ["/", "/en", "/contact", "/en/contact", "/blog", "/admin/login"]) {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(200);
      const head = res.text.slice(0, res.text.indexOf("</head>"));
      const links = preloadOf(head);
      expect(links, path).toHaveLength(1);
      expect(attrOf(links[0], "href"), path).toMatch(/^\/assets\/plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/);
      expect(attrOf(links[0], "type"), path).toBe("font/woff2");
      // Fonts are fetched in CORS mode: a preload without crossorigin is fetched twice.
      expect(links[0], path).toMatch(/crossorigin="anonymous"/);
    }
  });

  it("is served from the site: woff2, cached for a year, allowed by the CSP; its @font-face swaps and has a metric-matched fallback", async () => {
    const home = await get(server.url, "/");
    expect(String(home.headers["content-security-policy"])).toMatch(/font-src 'self'(;|$)/);
    const href = attrOf(preloadOf(home.text)[0], "href")!;
    const font = await get(server.url, href);
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toMatch(/immutable/);
    expect(font.raw.subarray(0, 4).toString("latin1")).toBe("wOF2");
    // The Latin subset only (about 27 KB), not the package's Latin Extended, Cyrillic or Vietnamese files.
    expect(font.raw.length).toBeLessThan(40_000);

    const css = await get(server.url, attrOf(tags(home.text, /<link[^>]*rel="stylesheet"[^>]*>/g)[0], "href")!);
    const faces = css.text.match(/@font-face\s*\{[^}]*\}/g) ?? [];
    const brand = faces.filter((f) => /font-family:\s*"?Plus Jakarta Sans"?\s*;/.test(f));
    expect(brand).toHaveLength(1);
    expect(brand[0]).toContain(`url(${href})`);
    expect(brand[0]).toMatch(/font-display:\s*swap/);
    expect(css.text.match(/\.woff2/g)).toHaveLength(1);
    const fallback = faces.find((f) => /Plus Jakarta Sans Fallback/.test(f));
    expect(fallback).toMatch(/src:\s*local\(/);
    for (const d of ["size-adjust", "ascent-override", "descent-override"]) expect(fallback).toMatch(new RegExp(`${d}:\\s*[\\d.]+%`));
    // Headings use the brand face first, then its fallback.
    expect(css.text).toMatch(/--font-display:\s*"Plus Jakarta Sans",\s*"Plus Jakarta Sans Fallback"/);
  });
});
