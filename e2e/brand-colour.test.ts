import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { call } from "../tests/support/auth";
import { Api, adminSuite, signedInContext } from "./builder-support";
import { gotoHydrated } from "./browser";

/**
 * Issue 21: one brand colour, every pixel. The admin changes the brand colour to a blue and publishes;
 * then every element of the home, offers, blog, an article and contact pages, in both themes (logo,
 * buttons, links, card borders, pale backgrounds, the cookie banner and the chat button included), and
 * the exported page, show no colour near the old yellow #ffc104 in any computed colour; the favicon is
 * drawn in the new blue at a new address (decision 052). The design
 * screen shows those real pages with the draft, in both themes, before anything is published.
 */
const suite = adminSuite();

const OLD = [255, 193, 4] as const;
const BLUE = "#3b82f6";
/** Near the old yellow: a straight RGB distance under 40 (the yellow's own tints and shades are further). */
const NEAR = 40;

/** Every computed colour of every element (and its ::before/::after) near `target`, described for the failure message. */
function nearColours(page: Page, target: readonly number[] = OLD, scope = "*") {
  return page.evaluate(
    ({ target, near, scope }) => {
      const props = [
        "color",
        "background-color",
        "background-image",
        "border-top-color",
        "border-right-color",
        "border-bottom-color",
        "border-left-color",
        "outline-color",
        "text-decoration-color",
        "fill",
        "stroke",
        "box-shadow",
        "caret-color",
        "accent-color",
      ];
      const out: string[] = [];
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : ""}`;
      for (const el of Array.from(document.querySelectorAll(scope))) {
        for (const pseudo of [null, "::before", "::after"]) {
          const cs = getComputedStyle(el, pseudo);
          if (pseudo && (cs.content === "none" || cs.content === "normal")) continue;
          for (const p of props) {
            const v = cs.getPropertyValue(p);
            // Computed colours are rgb()/rgba(), or color(srgb …) where color-mix() made them (0..1 channels).
            for (const m of v.matchAll(/rgba?\(([^)]+)\)|color\(srgb ([^)]+)\)/g)) {
              const srgb = m[2] !== undefined;
              const [r, g, b, a = 1] = (m[1] ?? m[2])
                .split(/[\s,/]+/)
                .filter(Boolean)
                .map((n, i) => (srgb && i < 3 ? Number(n) * 255 : Number(n)));
              if (a === 0) continue;
              if (Math.hypot(r - target[0], g - target[1], b - target[2]) < near) out.push(`${describe(el)}${pseudo ?? ""} ${p}: ${m[0]}`);
            }
          }
        }
      }
      return out;
    },
    { target: [...target], near: NEAR, scope },
  );
}

/** The page's favicon as the browser would fetch it: its address, the fills of the mark's three shapes and its caching. */
async function favicon(page: Page) {
  const href = await page.locator('head link[rel="icon"]').getAttribute("href");
  expect(href).toBeTruthy();
  const res = await fetch(new URL(href!, page.url()));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/svg+xml");
  const svg = await res.text();
  const fill = (tag: string) => svg.match(new RegExp(`<${tag}\\b[^>]*\\bfill="([^"]+)"`))?.[1];
  return { href: href!, rectFill: fill("rect"), pathFill: fill("path"), cacheControl: res.headers.get("cache-control") };
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
}

describe("brand colour", () => {
  it("reaches every element of the public pages in both themes, the logo and the export, once published", async () => {
    const api = new Api(suite.server, suite.cookie);
    const visitor = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();

    // Today's yellow is found by the walk (so the walk would notice a colour left behind).
    await gotoHydrated(pub, `${suite.server.url}/`);
    expect((await nearColours(pub)).length).toBeGreaterThan(5);
    // The favicon is today's mark, from the design (the address names its colours).
    const iconBefore = await favicon(pub);
    expect(iconBefore.href).toMatch(/^\/brand-icon\/ffc104-14171c-78c6bb\.svg$/);
    expect(iconBefore.rectFill).toBe("#ffc104");

    // The admin changes the brand colour and publishes, through the design API as the screen does.
    const view = (await call(suite.server, "GET", "/api/design", { cookie: suite.cookie })).json;
    const design = { ...view.design, colors: { ...view.design.colors, light: { ...view.design.colors.light, brand: BLUE } } };
    const saved = await call(suite.server, "PUT", "/api/design", { cookie: suite.cookie, body: { version: view.version, design } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(suite.server, "POST", "/api/design/publish", { cookie: suite.cookie, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);

    // The favicon follows: a new address (the browser kept the old one a year), the mark's square in the blue,
    // its letter in the ink. An old address still answers, with today's icon and no long cache.
    await gotoHydrated(pub, `${suite.server.url}/`);
    const icon = await favicon(pub);
    expect(icon.href).not.toBe(iconBefore.href);
    expect(icon.rectFill).toBe(BLUE);
    expect(icon.pathFill).toBe("#14171c");
    expect(icon.cacheControl).toBe("public, max-age=31536000, immutable");
    const old = await fetch(`${suite.server.url}${iconBefore.href}`);
    expect(old.headers.get("cache-control")).toBe("no-cache");
    expect(await old.text()).toContain(`fill="${BLUE}"`);
    // Anything else under the address is a 404, never an icon drawn from what the address says.
    for (const bad of ["nope.svg", "3b82f6-14171c-78c6bb.png", "%3Cscript%3E.svg", "3b82f6-14171c-78c6bb.svg.svg"]) {
      expect((await fetch(`${suite.server.url}/brand-icon/${bad}`)).status, bad).toBe(404);
    }

    await gotoHydrated(pub, `${suite.server.url}/blog`);
    const article = await pub.evaluate(() =>
      Array.from(document.querySelectorAll("main a[href^='/blog/']"), (a) => a.getAttribute("href")).find((h) => /^\/blog\/[a-z0-9-]+$/.test(h ?? "")),
    );
    expect(article).toMatch(/^\/blog\/[a-z0-9-]+$/);
    const paths = ["/", "/offres", "/blog", article!, "/contact"];
    for (const theme of ["light", "dark"] as const) {
      await setTheme(pub, theme);
      for (const path of paths) {
        await gotoHydrated(pub, `${suite.server.url}${path}`);
        expect(await pub.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        expect(await nearColours(pub), `${path} (${theme})`).toEqual([]);
        // The logo's mark is drawn in the new brand colour (the dark theme's readable version of it).
        const mark = await pub
          .locator("header [data-logo-mark] rect")
          .first()
          .evaluate((r) => getComputedStyle(r).fill);
        if (theme === "light") expect(mark, path).toBe("rgb(59, 130, 246)");
        else expect(mark, path).not.toBe("rgb(255, 193, 4)");
      }
    }
    // The cookie banner (a visitor who has not chosen yet) was on these pages, its accept button in the brand colour.
    await setTheme(pub, "light");
    await gotoHydrated(pub, `${suite.server.url}/`);
    // Focus rings: the first links and buttons reached by the keyboard, each walked while it has the focus.
    for (let i = 0; i < 20; i++) {
      await pub.keyboard.press("Tab");
      expect(await nearColours(pub, OLD, ":focus"), `focus ${i}`).toEqual([]);
    }
    expect(await pub.getByTestId("cookie-accept").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(59, 130, 246)");
    await visitor.close();

    // The export: the file carries the published colours, and opened, nothing in it is the old yellow.
    const home = await api.pageId("home");
    const { doc } = await api.draft(home);
    const exported = await call(suite.server, "POST", `/api/pages/${home}/fr/export`, {
      cookie: suite.cookie,
      body: { doc },
      headers: { origin: suite.server.url },
    });
    expect(exported.status, exported.text.slice(0, 200)).toBe(200);
    expect(exported.text).toContain(`--color-brand-yellow:${BLUE}`);
    expect(exported.text.toLowerCase()).not.toMatch(/#ffc104|rgb\(255, ?193, ?4\)/);
    const file = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const opened = await file.newPage();
    await opened.route(/^https?:/, (r) => r.abort());
    await opened.setContent(exported.text, { waitUntil: "domcontentloaded" });
    expect(await nearColours(opened), "export").toEqual([]);
    expect(await nearColours(opened, [59, 130, 246])).not.toEqual([]);
    await file.close();
  });

  it("shows the real pages with the draft being typed, in both themes, on the design screen", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/admin/design`);
    await page.getByTestId("design-editor").waitFor();
    // The dark theme's brand colour is worked out from the light one: shown, not editable.
    expect(await page.getByTestId("design-color-brand-dark").getAttribute("readonly")).not.toBeNull();

    await page.getByTestId("design-color-brand-light").fill("#2e9e5b");
    await page.getByTestId("design-pages").scrollIntoViewIfNeeded();
    const light = page.frameLocator("[data-testid=design-site-preview-light]");
    const dark = page.frameLocator("[data-testid=design-site-preview-dark]");
    const buttonBg = (f: typeof light) =>
      f
        .locator("main a.el-button")
        .first()
        .evaluate((a) => getComputedStyle(a).backgroundColor);
    // Unsaved, unpublished: the frames show it already, each in its theme.
    await expect.poll(() => buttonBg(light), { timeout: 20_000 }).toBe("rgb(46, 158, 91)");
    // The dark frame: the same green, made readable on the dark background (green stays the dominant channel).
    await expect
      .poll(
        async () => {
          const [r, g, b] = ((await buttonBg(dark)).match(/\d+/g) ?? []).map(Number);
          return g > r + 40 && g > b + 20;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await dark.locator("html").evaluate((h) => h.classList.contains("dark"))).toBe(true);
    expect(await light.locator("html").evaluate((h) => h.classList.contains("dark"))).toBe(false);

    // Another real page: the contact page, still with the draft.
    await page.getByLabel("Page affichée").selectOption("contact");
    await expect.poll(() => light.locator("main form").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => light.locator("html").evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-yellow").trim()))
      .toBe("#2e9e5b");
    // A draft typed while a frame was still loading its page went into a sheet of the screen's own, placed before
    // the page's (a loaded machine, in CI): every design sheet of a frame follows what is typed, so the page's own
    // sheet, parsed later, does not put the saved draft back.
    await light.locator("head").evaluate((head) => {
      const early = head.ownerDocument.createElement("style");
      early.id = "design-settings";
      head.prepend(early);
    });
    await page.getByTestId("design-color-brand-light").fill("#2e7d9e");
    await expect
      .poll(() => light.locator("html").evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-yellow").trim()))
      .toBe("#2e7d9e");

    // "A white ink turns the dark band white" (decision 052): a dark blue brand colour with a white ink, typed on
    // the screen; the closing band of the home page stays dark in both frames, its white title readable.
    await page.getByLabel("Page affichée").selectOption("home");
    await page.getByTestId("design-color-brand-light").fill("#1f6feb");
    await page.getByTestId("design-color-ink-light").fill("#ffffff");
    expect(await page.getByTestId("design-color-band-light").inputValue()).toBe("#14171c");
    for (const frame of [light, dark]) {
      const band = frame.locator('main section.doc-block[style*="--color-band"]').last();
      await expect
        .poll(() => frame.locator("html").evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-ink").trim()), {
          timeout: 20_000,
        })
        .not.toBe("#14171c");
      const colours = await band.evaluate((b) => ({ bg: getComputedStyle(b).backgroundColor, title: getComputedStyle(b.querySelector("h2")!).color }));
      const [r, g, bl] = (colours.bg.match(/\d+/g) ?? []).map(Number);
      expect(r + g + bl, colours.bg).toBeLessThan(120);
      expect(colours.title).toBe("rgb(255, 255, 255)");
    }

    // A visitor still sees the published blue.
    const visitor = await suite.browser.newContext();
    const pub = await visitor.newPage();
    await gotoHydrated(pub, `${suite.server.url}/`);
    expect(await pub.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-yellow").trim())).toBe(BLUE);
    await visitor.close();
    await context.close();
  });
});
