import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { call } from "../tests/support/auth";
import { Api, adminSuite, signedInContext, watchErrors } from "./builder-support";
import { gotoHydrated } from "./browser";

/**
 * Typefaces in a real browser: the admin chooses Inter for headings and Source Serif 4 for text on the
 * design screen (each name drawn in its own face), publishes, and a visitor's pages use them; each face's
 * fallback holds the same room as the face, so the swap moves no line. SCREENSHOTS_DIR keeps the screen's
 * typeface card at 320, 768 and 1440 px and the home page with the new faces. The exported file carries
 * the chosen faces themselves (decision 052): opened offline, its headings and text are drawn in them.
 */
const suite = adminSuite();
const shots = process.env.SCREENSHOTS_DIR;

/** The height and width of a sample heading drawn in one family, on the page as it is. */
const boxIn = (page: Page, family: string, weight: number) =>
  page.evaluate(
    ([family, weight]) => {
      const el = document.createElement("div");
      el.style.cssText = `position:absolute;top:0;left:0;white-space:nowrap;font:${weight} 40px/normal ${family}`;
      el.textContent = "Créez un site qui vous ressemble, à Lyon ou ailleurs";
      document.body.append(el);
      const r = el.getBoundingClientRect();
      el.remove();
      return { height: r.height, width: r.width };
    },
    [family, weight] as const,
  );

describe("typefaces", () => {
  it("chooses Inter headings and Source Serif text, publishes, and the visitor's pages use them without moving a line", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/admin/design`);
    await page.getByTestId("design-editor").waitFor();
    const heading = page.getByTestId("design-font-heading");
    expect(await heading.locator("option").allInnerTexts()).toEqual([
      "Plus Jakarta Sans",
      "Inter",
      "Outfit",
      "Source Serif 4",
      "Fraunces",
      "Police du système (rien à télécharger)",
    ]);
    // Each name in its own face.
    expect(await heading.locator('option[value="fraunces"]').evaluate((o) => getComputedStyle(o).fontFamily)).toMatch(/^"?Fraunces"?,/);
    await heading.selectOption("inter");
    await page.getByTestId("design-font-body").selectOption("sourceSerif");
    const sample = page.getByTestId("design-font-body-sample");
    await expect.poll(() => sample.evaluate(() => document.fonts.check('400 16px "Source Serif 4"', "Un texte"))).toBe(true);
    expect(await page.getByTestId("design-preview-light").evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/^"?Source Serif 4"?,/);
    if (shots)
      for (const width of [320, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("design-fonts").screenshot({ path: `${shots}/design-fonts-${width}.png` });
      }
    await page.getByTestId("design-publish").click();
    await expect.poll(() => page.getByTestId("design-notice").textContent()).toContain("Design publié");
    // A member's view of the home page hydrates through the router: the head it renders in the browser (with
    // the ordinals file preloaded for "Lyon 6ᵉ", decision 056) is the server's, so no hydration error.
    await page.goto(`${suite.server.url}/`);
    // Hydrated by the router: React's keys on the bar's element.
    await page.waitForFunction(() => Object.keys(document.querySelector('[data-testid="admin-bar"]') ?? {}).some((k) => k.startsWith("__react")));
    const memberPreloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(memberPreloads.map((p) => p.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual([
      "/assets/inter-latin",
      "/assets/sourceSerif-latin",
      "/assets/sourceSerif-ordinals",
    ]);
    errors.expectNone();
    await context.close();

    const visitor = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();
    const fontRequests: string[] = [];
    pub.on("request", (r) => {
      if (r.resourceType() === "font") fontRequests.push(new URL(r.url()).pathname);
    });
    for (const path of ["/", "/contact"]) {
      await gotoHydrated(pub, `${suite.server.url}${path}`);
      await pub.evaluate(() => document.fonts.ready);
      expect(
        await pub
          .locator("main h1")
          .first()
          .evaluate((h) => getComputedStyle(h).fontFamily),
        path,
      ).toMatch(/^"?Inter"?, "?Inter Fallback"?/);
      expect(await pub.evaluate(() => getComputedStyle(document.body).fontFamily), path).toMatch(/^"?Source Serif 4"?, "?Source Serif 4 Fallback"?/);
      expect(await pub.evaluate(() => document.fonts.check('800 40px "Inter"', "Créez")), path).toBe(true);
    }
    // The chosen faces' Latin core files only (decision 056), no Plus Jakarta Sans, never the rest of Latin
    // nor the Latin Extended files (85 KB for Inter): the home page's "Lyon 6ᵉ" takes its ᵉ from the 2 KB
    // ordinals file (decision 054).
    const files = [...new Set(fontRequests.map((p) => p.replace(/-[\w-]{8}\.woff2$/, "")))];
    expect(files).toContain("/assets/inter-latin");
    expect(files).toContain("/assets/sourceSerif-latin");
    expect(files).toContain("/assets/sourceSerif-ordinals");
    for (const f of files) expect(f).toMatch(/^\/assets\/(inter|sourceSerif)-(latin|ordinals)$/);
    await gotoHydrated(pub, `${suite.server.url}/`);
    await pub.evaluate(() => document.fonts.ready);
    expect(await pub.locator("main").innerText()).toContain("6ᵉ");
    expect(await pub.evaluate(() => document.fonts.check('400 18px "Source Serif 4"', "6ᵉ"))).toBe(true);
    if (shots) await pub.screenshot({ path: `${shots}/public-home-inter-source-serif-1440.png` });
    // A word outside French and English fetches the rest of Latin, and is drawn in the face.
    expect(fontRequests.some((p) => p.startsWith("/assets/sourceSerif-latin-rest-"))).toBe(false);
    await pub.evaluate(() => {
      const p = document.createElement("p");
      p.textContent = "España, Øresund, ½";
      document.querySelector("main")!.append(p);
    });
    await pub.evaluate(() => document.fonts.ready);
    await expect.poll(() => fontRequests.some((p) => p.startsWith("/assets/sourceSerif-latin-rest-"))).toBe(true);
    expect(await pub.evaluate(() => document.fonts.check('400 18px "Source Serif 4"', "España, Øresund, ½"))).toBe(true);

    // Each fallback takes its face's room: same line height, width within 4 % (the swap moves no line).
    for (const [face, weight] of [
      ["Inter", 800],
      ["Source Serif 4", 400],
    ] as const) {
      const real = await boxIn(pub, `"${face}"`, weight);
      const fallback = await boxIn(pub, `"${face} Fallback"`, weight);
      expect(Math.abs(real.height - fallback.height), face).toBeLessThanOrEqual(1);
      expect(Math.abs(real.width - fallback.width) / real.width, face).toBeLessThan(0.04);
    }
    await visitor.close();
  });

  it("exports a page whose headings are in Fraunces and text in Inter, the faces inside the file, offline", async () => {
    // Through the design API, as the screen does: a blue brand colour, Fraunces headings, Inter text.
    const view = (await call(suite.server, "GET", "/api/design", { cookie: suite.cookie })).json;
    const design = {
      ...view.design,
      fonts: { heading: "fraunces", body: "inter" },
      colors: { ...view.design.colors, light: { ...view.design.colors.light, brand: "#3b82f6" } },
    };
    const saved = await call(suite.server, "PUT", "/api/design", { cookie: suite.cookie, body: { version: view.version, design } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(suite.server, "POST", "/api/design/publish", { cookie: suite.cookie, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);

    // The home page in both themes at a phone's and a desktop's width (SCREENSHOTS_DIR keeps them).
    const visitor = await suite.browser.newContext();
    const pub = await visitor.newPage();
    for (const theme of ["light", "dark"] as const) {
      await pub.goto(`${suite.server.url}/`);
      await pub.evaluate((t) => localStorage.setItem("theme", t), theme);
      for (const width of [320, 1440]) {
        await pub.setViewportSize({ width, height: 900 });
        await gotoHydrated(pub, `${suite.server.url}/`);
        await pub.evaluate(() => document.fonts.ready);
        expect(await pub.evaluate(() => document.fonts.check('800 40px "Fraunces"', "Créez")), `${theme} ${width}`).toBe(true);
        if (shots) await pub.screenshot({ path: `${shots}/home-blue-fraunces-${theme}-${width}.png`, fullPage: true });
      }
    }
    await visitor.close();

    const api = new Api(suite.server, suite.cookie);
    const home = await api.pageId("home");
    const { doc } = await api.draft(home);
    const exported = await call(suite.server, "POST", `/api/pages/${home}/fr/export`, {
      cookie: suite.cookie,
      body: { doc },
      headers: { origin: suite.server.url },
    });
    expect(exported.status, exported.text.slice(0, 200)).toBe(200);
    const html = exported.text;
    // The chosen faces travel as data: (the Latin core and rest, the ordinals: decisions 054, 056), the default
    // face and the site's /assets do not.
    expect(html.match(/@font-face\{font-family:"Fraunces";[^}]*src:url\(data:font\/woff2;base64,/g)).toHaveLength(3);
    expect(html.match(/@font-face\{font-family:"Inter";[^}]*src:url\(data:font\/woff2;base64,/g)).toHaveLength(3);
    expect(html).not.toContain('font-family:"Plus Jakarta Sans"');
    expect(html).not.toMatch(/url\(\/assets\/[^)]*\.woff2\)/);
    const bytes = Buffer.byteLength(html);
    console.log(`fichier exporté (accueil, Fraunces + Inter) : ${(bytes / 1024).toFixed(0)} Ko`);
    // Two faces' Latin files (44 + 43 KB, a third more in base64) and the page: well under half a megabyte.
    expect(bytes).toBeLessThan(400 * 1024);

    const file = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const opened = await file.newPage();
    // Offline: nothing from a network, so a face that renders came from the file.
    await opened.route(/^https?:/, (r) => r.abort());
    await opened.setContent(html, { waitUntil: "domcontentloaded" });
    const faces = await opened.evaluate(async () => {
      const heading = document.querySelector("main h1, main h2")!;
      const text = document.querySelector("main .el-text p")!;
      // Loading what the page's own text needs, as drawing it would.
      const loaded = await Promise.all([
        document.fonts.load(`800 40px ${getComputedStyle(heading).fontFamily}`, heading.textContent ?? "A"),
        document.fonts.load(`400 16px ${getComputedStyle(text).fontFamily}`, text.textContent ?? "A"),
      ]);
      return {
        heading: getComputedStyle(heading).fontFamily,
        text: getComputedStyle(text).fontFamily,
        loaded: loaded.map((l) => l.map((f) => `${f.family} ${f.status}`)),
        fraunces: document.fonts.check('800 40px "Fraunces"', "Créez"),
        rest: (await document.fonts.load('400 16px "Inter"', "España")).map((f) => `${f.family} ${f.status}`),
        inter: document.fonts.check('400 16px "Inter"', "Un texte"),
      };
    });
    expect(faces.heading).toMatch(/^"?Fraunces"?, "?Fraunces Fallback"?/);
    expect(faces.text).toMatch(/^"?Inter"?, "?Inter Fallback"?/);
    expect(faces.loaded[0]).toContain("Fraunces loaded");
    expect(faces.loaded[1]).toContain("Inter loaded");
    expect(faces.fraunces).toBe(true);
    expect(faces.inter).toBe(true);
    // Two files of Inter for "España": the core and, for ñ, the rest.
    expect(faces.rest).toEqual(["Inter loaded", "Inter loaded"]);
    await file.close();
  });
});
