import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatLink } from "~/lib/content/chat";
import { DEFAULT_SETTINGS } from "~/lib/content/settings";
import { en } from "~/lib/i18n/en";
import { fr } from "~/lib/i18n/fr";
import { ROUTE_KEYS, ROUTES } from "~/lib/i18n/routes";
import { startServerWithArticle, TEST_ARTICLE_SLUG } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { gotoHydrated, launchBrowser, recordTimerDelays, releaseBrowser, reusedContexts, timerDelays, waitForHydration } from "./browser";

/** The public shell in a real browser: menu, language switch, theme, scroll-to-top, chat button. */
let server: TestServer;
let browser: Browser;
/** The file's contexts, one per viewport, kept from one test to the next and emptied between them (e2e/browser.ts). */
let visitors: ReturnType<typeof reusedContexts>;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite"), launchBrowser()]);
  visitors = reusedContexts(browser, server.url, { consent: "declined" });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function newPage(viewport: { width: number; height: number }) {
  // A returning visitor: the consent choice is made, so the cookie banner does not cover the shell.
  context = await visitors.get({ viewport, reducedMotion: "no-preference" });
  page = await context.newPage();
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    // A 404 page load is itself reported as a failed resource; anything else is an error.
    if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
}
afterEach(async () => {
  if (context) await visitors.release(context);
  // No script error, CSP refusal or hydration mismatch on any page the test visited.
  const seen = errors.splice(0);
  expect(seen).toEqual([]);
});

const url = (p: string) => `${server.url}${p}`;

/** Holds the island's chunk back until release(): the page shows what the server sent and React does not run yet. */
async function holdIsland() {
  const chunk = /\/assets\/public-[^/]+\.js$/;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let requested = false;
  await page.route(chunk, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { requested: () => requested, release, done: () => page.unroute(chunk) };
}
const overflowLocked = () =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === "hidden" || getComputedStyle(document.body).overflow === "hidden");

describe("menu at 375 px", () => {
  beforeEach(() => newPage({ width: 375, height: 740 }));

  it("opens a 280 px panel that locks page scrolling, and closes with its button or Escape", async () => {
    await gotoHydrated(page, url("/offres"));
    const open = page.getByTestId("menu-open");
    const panel = page.getByTestId("menu-panel");
    await expect.poll(() => open.isVisible()).toBe(true);
    expect(await page.getByTestId("desktop-menu").isVisible()).toBe(false);
    expect(await panel.isVisible()).toBe(false);
    expect(await overflowLocked()).toBe(false);

    await open.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await open.getAttribute("aria-expanded")).toBe("true");
    await page.waitForTimeout(250); // slide-in animation
    const box = (await panel.boundingBox())!;
    expect(Math.round(box.width)).toBe(280);
    expect(Math.round(box.x + box.width)).toBe(375);
    expect(await overflowLocked()).toBe(true);
    // Scrolling the page does nothing while the panel is open.
    await page.evaluate(() => document.body.style.setProperty("padding-bottom", "3000px"));
    await page.mouse.move(40, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Focus is inside the panel, on the current entry highlighted.
    expect(await page.evaluate(() => !!document.activeElement?.closest("[data-testid=menu-panel]"))).toBe(true);
    const current = panel.locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute("href")).toBe("/offres");
    // The four solutions are listed in the panel.
    for (const key of ["social", "booking", "website", "clickCollect"] as const) {
      expect(await panel.locator(`a[href="${ROUTES[key].fr}"]`).isVisible()).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect.poll(() => panel.isVisible()).toBe(false);
    // The dialog's close event, then React's state: the lock and the toggle follow a moment later.
    await expect.poll(overflowLocked).toBe(false);
    await expect.poll(() => open.getAttribute("aria-expanded")).toBe("false");

    await open.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.getByTestId("menu-close").click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await overflowLocked()).toBe(false);

    // A click on the backdrop (outside the panel) closes it too.
    await open.click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.mouse.click(20, 300);
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await overflowLocked()).toBe(false);
  });

  it("fetches the island's script only once the page is loaded and painted, and a tap before then still opens the menu", async () => {
    // The island's chunk is held back until the tap is made: the tap lands on a page React does not run yet.
    const island = await holdIsland();
    await page.goto(url("/offres"));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const open = page.getByTestId("menu-open");
    await open.click();
    await expect.poll(() => island.requested()).toBe(true);
    expect(await page.getByTestId("menu-panel").isVisible()).toBe(false);
    island.release();
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("menu-panel").isVisible()).toBe(true);
    expect(await open.getAttribute("aria-expanded")).toBe("true");
    await island.done();

    // Untouched, the page asks for the chunk after its load event and after its largest paint (Lighthouse
    // counts any request that ends before that paint into its estimate of it, issue 21).
    await page.goto(url("/offres"));
    await waitForHydration(page);
    const times = await page.evaluate(async () => {
      const lcp = await new Promise<number>((r) =>
        new PerformanceObserver((list) => r(Math.max(...list.getEntries().map((e) => e.startTime)))).observe({
          type: "largest-contentful-paint",
          buffered: true,
        }),
      );
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const chunk = performance.getEntriesByType("resource").find((e) => /\/assets\/public-[^/]+\.js$/.test(e.name));
      return { lcp, load: nav.loadEventStart, chunk: chunk?.startTime ?? -1 };
    });
    expect(times.chunk, JSON.stringify(times)).toBeGreaterThanOrEqual(times.load);
    expect(times.chunk, JSON.stringify(times)).toBeGreaterThanOrEqual(times.lcp);
  });

  it("closes when the visitor navigates, and the new page is scrollable", async () => {
    await gotoHydrated(page, url("/offres"));
    await page.getByTestId("menu-open").click();
    const panel = page.getByTestId("menu-panel");
    await expect.poll(() => panel.isVisible()).toBe(true);
    await Promise.all([page.waitForURL(url("/partenaires")), panel.locator('a[href="/partenaires"]').click()]);
    await waitForHydration(page);
    expect(await page.getByTestId("menu-panel").isVisible()).toBe(false);
    expect(await overflowLocked()).toBe(false);
    await page.getByTestId("menu-open").click();
    expect(await page.getByTestId("menu-panel").locator('a[aria-current="page"]').getAttribute("href")).toBe("/partenaires");
  });

  it("closes itself on a link click, even when the page does not change", async () => {
    await gotoHydrated(page, url("/en/offers"));
    // A 204 answer keeps the browser on this page: only the panel's own click handling can close it.
    await page.route(url("/en/partners"), (route) => route.fulfill({ status: 204, body: "" }));
    await page.getByTestId("menu-open").click();
    const panel = page.getByTestId("menu-panel");
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await overflowLocked()).toBe(true);
    await panel.locator('a[href="/en/partners"]').click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(page.url()).toBe(url("/en/offers"));
    expect(await overflowLocked()).toBe(false);
    expect(await page.getByTestId("menu-open").getAttribute("aria-expanded")).toBe("false");
  });
});

describe("menu at 1440 px", () => {
  beforeEach(() => newPage({ width: 1440, height: 900 }));

  it("is a horizontal bar with a Solutions submenu and the current entry marked", async () => {
    await gotoHydrated(page, url("/offres"));
    const bar = page.getByTestId("desktop-menu");
    expect(await bar.isVisible()).toBe(true);
    expect(await page.getByTestId("menu-open").isVisible()).toBe(false);
    const box = (await bar.boundingBox())!;
    expect(box.width).toBeGreaterThan(box.height * 4);
    // Entries of seed 000 §2, in order, in French.
    const labels = (await bar.locator(":scope > ul > li").allInnerTexts()).map((t) => t.split("\n")[0].trim());
    expect(labels).toEqual([fr["nav.home"], fr["nav.solutions"], fr["nav.blog"], fr["nav.offers"], fr["nav.partners"], fr["nav.recruitment"]]);
    const current = bar.locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute("href")).toBe("/offres");

    const toggle = page.getByTestId("solutions-toggle");
    const submenu = bar.locator(`a[href="${ROUTES.website.fr}"]`);
    expect(await submenu.isVisible()).toBe(false);
    await toggle.click();
    await expect.poll(() => submenu.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const entries = bar.locator("li li a");
    expect(await entries.count()).toBe(4);
    expect(await entries.allInnerTexts()).toEqual([fr["nav.marketing360"], fr["nav.booking"], fr["nav.website"], fr["nav.clickCollect"]]);
    expect(await Promise.all((await entries.all()).map((e) => e.getAttribute("href")))).toEqual([
      ROUTES.social.fr,
      ROUTES.booking.fr,
      ROUTES.website.fr,
      ROUTES.clickCollect.fr,
    ]);
    await page.keyboard.press("Escape");
    await expect.poll(() => submenu.isVisible()).toBe(false);

    // Hover opens it too (the pointer first leaves the entry).
    await page.mouse.move(700, 600);
    await toggle.hover();
    await expect.poll(() => submenu.isVisible()).toBe(true);
    await Promise.all([page.waitForURL(url(ROUTES.website.fr)), submenu.click()]);
  });

  it("highlights Solutions on a solution page, and not elsewhere", async () => {
    const decoration = () => page.getByTestId("solutions-toggle").evaluate((el) => getComputedStyle(el).textDecorationLine);
    await gotoHydrated(page, url(ROUTES.social.en));
    expect(await decoration()).toContain("underline");
    const bar = page.getByTestId("desktop-menu");
    const current = bar.locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute("href")).toBe(ROUTES.social.en);
    expect(await bar.locator(":scope > ul > li").nth(1).innerText()).toContain(en["nav.solutions"]);

    await gotoHydrated(page, url(ROUTES.offers.en));
    expect(await decoration()).not.toContain("underline");
    await gotoHydrated(page, url(ROUTES.blog.en));
    expect(await bar.locator('a[aria-current="page"]').getAttribute("href")).toBe("/en/blog");
    await gotoHydrated(page, url(`/en/blog/${TEST_ARTICLE_SLUG}`));
    expect(await bar.locator('a[aria-current="page"]').getAttribute("href")).toBe("/en/blog");
  });
});

describe("language switch", () => {
  beforeEach(() => newPage({ width: 1440, height: 900 }));

  async function switchLanguage() {
    const before = await page.evaluate(() => history.length);
    const from = page.url();
    await page.getByTestId("language-switch").click();
    await page.waitForURL((u) => u.href !== from);
    await page.waitForLoadState("domcontentloaded");
    return before;
  }

  it("replaces the history entry, saves preferredLanguage, and flips the logo for 600 ms", async () => {
    // When the header logo starts and stops flipping, on every page of this test.
    await page.addInitScript(recordTimerDelays);
    await page.addInitScript(() => {
      const w = window as unknown as { flipOn?: string; flipOff?: boolean };
      new MutationObserver(() => {
        const flip = document.querySelector("header .logo-flip");
        // While it flips: the animation's own length.
        if (flip && w.flipOn === undefined) w.flipOn = getComputedStyle(flip).animationDuration;
        if (!flip && w.flipOn !== undefined) w.flipOff = true;
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
    });
    await gotoHydrated(page, url("/offres"));
    await gotoHydrated(page, url("/offres")); // two entries, so a pushed entry would show
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBeNull();
    const before = await switchLanguage();
    expect(page.url()).toBe(url("/en/offers"));
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("en");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    // The logo plays its flip right after the switch, then stops after 600 ms: the animation lasts 0.6 s and a
    // 600 ms timer ends it (read in the page, see the init script above: the flip may start before this test
    // gets to look for it). It starts once the island has hydrated, which a busy machine may delay.
    await page.waitForFunction(() => (window as unknown as { flipOff?: boolean }).flipOff === true, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { flipOn?: string }).flipOn)).toBe("0.6s");
    expect(await timerDelays(page)).toContain(600);
    await page.waitForTimeout(100);
    expect(await page.locator(".logo-flip").count()).toBe(0);
    // Back leaves the site's previous page, not the French version of this one.
    expect(await page.evaluate(() => history.length)).toBe(before);

    await waitForHydration(page);
    await switchLanguage();
    expect(page.url()).toBe(url("/offres"));
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("fr");
    await page.waitForSelector("header .logo-flip", { timeout: 10_000 });
  });

  it("does not flip the logo on an ordinary page load", async () => {
    await gotoHydrated(page, url("/en/partners"));
    await page.waitForTimeout(200);
    expect(await page.locator(".logo-flip").count()).toBe(0);
  });

  it("goes to the equivalent page of every route, both ways", async () => {
    for (const key of ROUTE_KEYS) {
      await gotoHydrated(page, url(ROUTES[key].fr));
      await switchLanguage();
      expect(page.url(), key).toBe(url(ROUTES[key].en));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    }
    for (const key of ["home", "website", "social", "legal", "privacy"] as const) {
      await gotoHydrated(page, url(ROUTES[key].en));
      await switchLanguage();
      expect(page.url(), key).toBe(url(ROUTES[key].fr));
    }
  });

  it("keeps the blog slug, and works on a 404 page", async () => {
    await gotoHydrated(page, url(`/blog/${TEST_ARTICLE_SLUG}`));
    await switchLanguage();
    expect(page.url()).toBe(url(`/en/blog/${TEST_ARTICLE_SLUG}`));
    expect(await page.locator("h1").innerText()).toBe("Demonstration article");

    await gotoHydrated(page, url("/blog/article-absent"));
    expect(await page.getByTestId("not-found").isVisible()).toBe(true);
    await switchLanguage();
    expect(page.url()).toBe(url("/en/blog/article-absent"));
    expect(await page.locator("h1").innerText()).toBe(en["notFound.title"]);
  });

  it("a modified click (new tab) does not switch the current page", async () => {
    await gotoHydrated(page, url("/offres"));
    // The new tab is left to afterEach (each step here bounded): closing it could hang beside a busy machine.
    const opened = context.waitForEvent("page", { timeout: 30_000 });
    await page.getByTestId("language-switch").click({ modifiers: ["Control"] });
    await opened;
    expect(page.url()).toBe(url("/offres"));
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBeNull();
  });
});

describe("theme", () => {
  beforeEach(() => newPage({ width: 1440, height: 900 }));

  const rootTheme = () =>
    page.evaluate(() => ({
      cls: document.documentElement.className,
      attr: document.documentElement.getAttribute("data-theme"),
      stored: localStorage.getItem("theme"),
    }));

  /** The switch as a visitor meets it: its accessible name and the icon it displays. */
  const toggleLook = async () => {
    const toggle = page.getByTestId("theme-toggle");
    const name = /^- button "(.*)"$/.exec((await toggle.ariaSnapshot()).trim())?.[1] ?? "";
    const icon = await toggle.evaluate((b) => {
      const shown = [...b.querySelectorAll("svg")].filter((svg) => getComputedStyle(svg).display !== "none");
      return shown.length === 1 ? (shown[0].querySelector("circle") ? "sun" : "moon") : `${shown.length} icons`;
    });
    return { name, icon };
  };

  it("is light by default", async () => {
    await gotoHydrated(page, url("/"));
    const t = await rootTheme();
    expect(t.cls.split(" ")).toContain("light");
    expect(t.cls.split(" ")).not.toContain("dark");
    expect(t.attr).toBe("light");
    expect(t.stored).toBeNull();
    expect(await toggleLook()).toEqual({ name: fr["theme.toDark"], icon: "moon" });
  });

  it("toggles to dark, is stored, and the next page is dark from its first paint", async () => {
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { __themeAtDcl: string }).__themeAtDcl =
          `${document.documentElement.className}|${document.documentElement.getAttribute("data-theme")}`;
      });
    });
    await gotoHydrated(page, url("/"));
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByTestId("theme-toggle").click();
    let t = await rootTheme();
    expect(t.cls.split(" ")).toContain("dark");
    expect(t.cls.split(" ")).not.toContain("light");
    expect(t.attr).toBe("dark");
    expect(t.stored).toBe("dark");
    expect(await toggleLook()).toEqual({ name: fr["theme.toLight"], icon: "sun" });
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);

    for (const next of ["/", "/en/offers"]) {
      await page.goto(url(next));
      // Before any module script has run, the root already carries the dark theme.
      expect(await page.evaluate(() => (window as unknown as { __themeAtDcl: string }).__themeAtDcl)).toBe("dark|dark");
      await waitForHydration(page);
      t = await rootTheme();
      expect(t.cls.split(" ")).toContain("dark");
      expect(t.attr).toBe("dark");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBg);
    }
    expect(await toggleLook()).toEqual({ name: en["theme.toLight"], icon: "sun" });

    await page.getByTestId("theme-toggle").click();
    t = await rootTheme();
    expect(t).toEqual({ cls: "light", attr: "light", stored: "light" });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtDcl: string }).__themeAtDcl)).toBe("light|light");
  });

  it("a dark-theme visitor sees the sun and the light theme's name before the island runs, and after", async () => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // The island's chunk is held back: what shows first is the server's markup and the head script's class.
    const island = await holdIsland();
    await page.goto(url("/"), { waitUntil: "load" });
    await expect.poll(() => island.requested()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.className)).toBe("dark");
    expect(await toggleLook()).toEqual({ name: fr["theme.toLight"], icon: "sun" });
    island.release();
    await waitForHydration(page);
    expect(await toggleLook()).toEqual({ name: fr["theme.toLight"], icon: "sun" });
    await page.getByTestId("theme-toggle").click();
    expect(await toggleLook()).toEqual({ name: fr["theme.toDark"], icon: "moon" });
    await island.done();
  });

  it("a dark-theme visitor's tap on the switch before the island runs turns the light theme on once it does", async () => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    const island = await holdIsland();
    await page.goto(url("/"), { waitUntil: "load" });
    await expect.poll(() => island.requested()).toBe(true);
    await page.getByTestId("theme-toggle").click();
    expect(await rootTheme()).toMatchObject({ attr: "dark", stored: "dark" });
    island.release();
    await waitForHydration(page);
    await expect.poll(rootTheme).toEqual({ cls: "light", attr: "light", stored: "light" });
    expect(await toggleLook()).toEqual({ name: fr["theme.toDark"], icon: "moon" });
    await island.done();
  });

  it("a garbage stored value falls back to light", async () => {
    await page.addInitScript(() => localStorage.setItem("theme", '"><script>alert(1)</script>'));
    await gotoHydrated(page, url("/"));
    const t = await rootTheme();
    expect(t.attr).toBe("light");
    expect(t.cls).toBe("light");
  });
});

describe("scroll-to-top button", () => {
  beforeEach(() => newPage({ width: 375, height: 640 }));

  it("appears beyond 300 px of scroll only, and brings the page back to the top", async () => {
    await gotoHydrated(page, url("/"));
    // Make the page long enough whatever the seed copy is.
    await page.evaluate(() => document.body.style.setProperty("padding-bottom", "3000px"));
    const button = page.getByTestId("scroll-top");
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    };
    expect(await button.count()).toBe(0);
    await scrollTo(299);
    expect(await button.count()).toBe(0);
    await scrollTo(300);
    expect(await button.count()).toBe(0);
    await scrollTo(301);
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-label")).toBe(fr["scrollTop"]);
    await scrollTo(1200);
    expect(await button.isVisible()).toBe(true);
    await scrollTo(299);
    await expect.poll(() => button.count()).toBe(0);
    await scrollTo(900);
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => button.count()).toBe(0);
  });
});

describe("chat button", () => {
  beforeEach(() => newPage({ width: 375, height: 740 }));

  it.each([
    ["/solutions/reservation", "fr"],
    ["/en/solutions/reservation", "en"],
  ] as const)("on %s opens WhatsApp with the %s number and message", async (path, lang) => {
    await gotoHydrated(page, url(path));
    const button = page.getByTestId("chat-button");
    expect(await button.isVisible()).toBe(true);
    const href = (await button.getAttribute("href"))!;
    const dict = lang === "fr" ? fr : en;
    expect(href).toBe(chatLink(DEFAULT_SETTINGS.contact[lang].whatsapp, dict["chat.message"], () => {}));
    const u = new URL(href);
    expect(u.host).toBe("wa.me");
    expect(u.pathname).toBe(`/${DEFAULT_SETTINGS.contact[lang].whatsapp.replace(/\D/g, "")}`);
    expect(u.searchParams.get("text")).toBe(dict["chat.message"]);
    expect(href).toContain(`text=${encodeURIComponent(dict["chat.message"])}`);
    expect(await button.getAttribute("target")).toBe("_blank");
    expect(await button.getAttribute("rel")).toContain("noopener");
    expect(await button.getAttribute("aria-label")).toBe(dict["chat.label"]);
    // Fixed in the corner and inside the viewport.
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
  });
});

describe("footer", () => {
  beforeEach(() => newPage({ width: 1440, height: 900 }));

  it("shows the contact details of each language and the 2024 copyright", async () => {
    await gotoHydrated(page, url("/"));
    const frPhone = await page.getByTestId("footer-phone").innerText();
    const frAddress = await page.getByTestId("footer-address").innerText();
    expect(frPhone).toMatch(/^\+33 \d( \d{2}){4}$/);
    expect(frAddress).toContain("Paris");
    expect(await page.getByTestId("copyright").innerText()).toMatch(/© 2024/);
    await gotoHydrated(page, url("/en"));
    expect(await page.getByTestId("footer-phone").innerText()).toMatch(/^\+44/);
    expect(await page.getByTestId("footer-address").innerText()).toContain("London");
    expect(await page.getByTestId("copyright").innerText()).toMatch(/© 2024/);
  });
});
