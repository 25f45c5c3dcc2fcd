import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, expectApiError, login, sql } from "../support/auth";
import { attrOf, get, tags } from "../support/http";
import { engines, startServer, type TestServer } from "../support/server";
import { DEFAULT_DESIGN, type DesignSettings } from "~/lib/design/tokens";
import { SUBSET_RANGES } from "~/lib/design/typefaces";

/**
 * The site's typefaces (issues 15 and 21): woff2 files from the fonts' npm packages, served by the site under
 * /assets with an immutable cache. The design chooses one face for headings and one for text; the head of
 * every page (public and back-office) declares the chosen families only (@font-face with font-display: swap,
 * the Latin core, Latin rest, ordinals and Latin Extended files, a metric-matched local fallback) and preloads
 * their Latin core files only (the characters French and English use, decision 056).
 */
const ENGINES = await engines();

const preloadOf = (html: string) => tags(html.slice(0, html.indexOf("</head>")), /<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g);
const headStyle = (html: string) => html.match(/<style id="design-settings">([\s\S]*?)<\/style>/)?.[1] ?? "";
const facesOf = (css: string) => css.match(/@font-face\s*\{[^}]*\}/g) ?? [];
const PAGES = ["/", "/en", "/contact", "/en/contact", "/blog", "/offres", "/admin/login"];

describe.each(ENGINES)("typefaces on %s", (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD });
    admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("by default preloads Plus Jakarta Sans only, on public pages in both languages and the sign-in page", async () => {
    for (const path of PAGES) {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(200);
      const links = preloadOf(res.text);
      expect(links, path).toHaveLength(1);
      expect(attrOf(links[0], "href"), path).toMatch(/^\/assets\/jakarta-latin-[\w-]{8}\.woff2$/);
      expect(attrOf(links[0], "type"), path).toBe("font/woff2");
      // Fonts are fetched in CORS mode: a preload without crossorigin is fetched twice.
      expect(links[0], path).toMatch(/crossorigin="anonymous"/);
    }
  });

  it("serves the file from the site: woff2, cached for a year, allowed by the CSP; its @font-face swaps and has a metric-matched fallback", async () => {
    const home = await get(server.url, "/");
    expect(String(home.headers["content-security-policy"])).toMatch(/font-src 'self'(;|$)/);
    const href = attrOf(preloadOf(home.text)[0], "href")!;
    const font = await get(server.url, href);
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toMatch(/immutable/);
    expect(font.raw.subarray(0, 4).toString("latin1")).toBe("wOF2");
    // The Latin core (18 KB; fontsource's whole Latin file is 27 KB), not the package's other files.
    expect(font.raw.length).toBeLessThan(20_000);

    const css = headStyle(home.text);
    const faces = facesOf(css);
    const brand = faces.filter((f) => /font-family:\s*"Plus Jakarta Sans"\s*;/.test(f));
    // Latin core, the rest of Latin (decision 056), French ordinals' letters (decision 054), Latin Extended.
    expect(brand).toHaveLength(4);
    expect(brand.some((f) => f.includes(`url(${href})`))).toBe(true);
    expect(brand.some((f) => /plus-jakarta-sans-latin-ext-wght-normal-[\w-]+\.woff2/.test(f))).toBe(true);
    expect(brand.some((f) => /jakarta-ordinals-[\w-]+\.woff2/.test(f) && f.includes("unicode-range:U+02B3,U+1D48-1D49"))).toBe(true);
    expect(brand.some((f) => /jakarta-latin-rest-[\w-]+\.woff2/.test(f) && f.includes(`unicode-range:${SUBSET_RANGES.latinRest}`))).toBe(true);
    for (const f of brand) expect(f).toMatch(/font-display:\s*swap/);
    // Text is in the system's font by default: no other family is declared.
    expect(css.match(/\.woff2/g)).toHaveLength(4);
    // Every face is a file of the site: the CSP refuses fonts as data: URLs (Vite inlines files under 4 KB
    // unless told not to; the ordinals files are 1–2 KB).
    expect(css).not.toContain("data:");
    const fallback = faces.find((f) => /Plus Jakarta Sans Fallback/.test(f));
    expect(fallback).toMatch(/src:\s*local\(/);
    for (const d of ["size-adjust", "ascent-override", "descent-override"]) expect(fallback).toMatch(new RegExp(`${d}:\\s*[\\d.]+%`));
    // Headings use the chosen face first, then its fallback; the stylesheet reads the variable.
    expect(css).toMatch(/--font-heading:\s*"Plus Jakarta Sans",\s*"Plus Jakarta Sans Fallback"/);
    const sheet = await get(server.url, attrOf(tags(home.text, /<link[^>]*rel="stylesheet"[^>]*>/g)[0], "href")!);
    expect(sheet.text).toMatch(/--font-display:\s*var\(--font-heading/);
    expect(sheet.text).not.toMatch(/\.woff2/);
  });

  it("refuses a font not in the list in French (400), storing nothing", async () => {
    for (const heading of ["Comic Sans MS", "inter</style><script>alert(1)</script>", "url(javascript:alert(1))"]) {
      const d = JSON.parse(JSON.stringify(DEFAULT_DESIGN)) as DesignSettings;
      (d.fonts as { heading: string }).heading = heading;
      const res = await call(server, "PUT", "/api/design", { cookie: admin, body: { version: 0, design: d } });
      expectApiError(res, 400);
      expect(res.json.error.message).toMatch(/Police des titres\u00a0?\u202f?\s?: police inconnue/);
    }
    expect(await sql(server, "select id from site_design")).toEqual([]);
    expect(preloadOf((await get(server.url, "/")).text)).toHaveLength(1);
  });

  it("after publishing Inter headings and Source Serif text, every page declares and preloads exactly those two", async () => {
    const d: DesignSettings = { ...JSON.parse(JSON.stringify(DEFAULT_DESIGN)), fonts: { heading: "inter", body: "sourceSerif" } };
    let res = await call(server, "PUT", "/api/design", { cookie: admin, body: { version: 0, design: d } });
    expect(res.status, res.text).toBe(200);
    // A draft changes nothing for visitors.
    expect(attrOf(preloadOf((await get(server.url, "/")).text)[0], "href")).toMatch(/jakarta-latin-/);
    res = await call(server, "POST", "/api/design/publish", { cookie: admin, body: { version: res.json.version } });
    expect(res.status, res.text).toBe(200);

    for (const path of PAGES) {
      const html = (await get(server.url, path)).text;
      const hrefs = preloadOf(html).map((l) => attrOf(l, "href")!);
      // The home page's "Lyon 6ᵉ" also preloads the text face's ordinals file (decision 056); no other page
      // of the list writes an ordinal.
      expect(hrefs, path).toHaveLength(path === "/" ? 3 : 2);
      expect(hrefs[0], path).toMatch(/^\/assets\/inter-latin-[\w-]{8}\.woff2$/);
      expect(hrefs[1], path).toMatch(/^\/assets\/sourceSerif-latin-[\w-]{8}\.woff2$/);
      if (path === "/") expect(hrefs[2], path).toMatch(/^\/assets\/sourceSerif-ordinals-[\w-]{8}\.woff2$/);
      const css = headStyle(html);
      expect(css, path).not.toMatch(/Jakarta/);
      const families = facesOf(css).map((f) => f.match(/font-family:\s*"([^"]+)"/)![1]);
      expect(families.sort(), path).toEqual([
        "Inter",
        "Inter",
        "Inter",
        "Inter",
        "Inter Fallback",
        "Source Serif 4",
        "Source Serif 4",
        "Source Serif 4",
        "Source Serif 4",
        "Source Serif 4 Fallback",
      ]);
      expect(css, path).toMatch(/--font-heading:"Inter", "Inter Fallback"/);
      expect(css, path).toMatch(/--font-body:"Source Serif 4", "Source Serif 4 Fallback"/);
      for (const href of hrefs) expect(css, path).toContain(`url(${href})`);
    }
    for (const href of preloadOf((await get(server.url, "/")).text).map((l) => attrOf(l, "href")!)) {
      const font = await get(server.url, href);
      expect(font.status, href).toBe(200);
      expect(font.headers["content-type"], href).toBe("font/woff2");
      expect(font.raw.subarray(0, 4).toString("latin1"), href).toBe("wOF2");
    }
  });
});
