import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/design/contrast";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login } from "../tests/support/auth";
import { startServerWithArticle } from "../tests/support/fixtures";
import type { TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";
import { overflows, overflowsAtWidths } from "./overflow-support";

/**
 * The widths rule on the back-office: every screen, from a 320 px phone to a 1440 px desktop, never scrolls
 * sideways, keeps everything inside the viewport and every field and button inside its card's padding. Each
 * screen is loaded once at 1440 px and resized, as on a device rotation or a window dragged narrower.
 */
const SCREENS: [string, string][] = [
  ["Pages", "/admin/archimed-pages"],
  ["Médiathèque", "/admin/media-library"],
  ["Structure du site", "/admin/site-structure"],
  ["Design", "/admin/design"],
  ["Articles", "/admin/blog-scheduler"],
  ["Nouvel article", "/admin/blog/edit"],
  ["Article", "/admin/blog/edit/test-article-demo"],
  ["Générer avec l'IA", "/admin/ai-blog-generator"],
  ["Équipe", "/admin/team"],
  ["Journal d'activité", "/admin/activity"],
  ["Relectures", "/admin/reviews"],
  ["Mentions", "/admin/mentions"],
  ["Sécurité", "/admin/security"],
  ["Demandes de contact", "/admin/contact-requests"],
  ["Sauvegardes", "/admin/backups"],
  ["Écran inconnu", "/admin/nulle-part"],
];

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: ReturnType<typeof watchErrors>;
let cookie: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServerWithArticle("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  context = await signedInContext(browser, server, cookie, { width: 1440, height: 900 });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.stop();
});

/** The screen has its heading and has loaded what it lists. */
async function loaded(p: Page) {
  await p.locator("main h1").first().waitFor();
  await p.waitForFunction(() => !/Chargement…/.test(document.querySelector("main")?.textContent ?? ""), null, { timeout: 15_000 });
}

describe("back-office screens at 320, 375, 768, 1024 and 1440 px", () => {
  it.each(SCREENS)("%s (%s)", async (_name, path) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}${path}`);
    await loaded(page);
    expect(await overflowsAtWidths(page, { cards: true })).toEqual({});
    errors.expectNone();
  });

  it("the rule can fail: a field wider than its card is caught", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/admin/team`);
    await loaded(page);
    expect(await overflows(page, { cards: true })).toEqual([]);
    await page
      .locator("main input")
      .first()
      .evaluate((input) => ((input as HTMLElement).style.width = "calc(100% + 24px)"));
    expect((await overflows(page, { cards: true })).join("\n")).toMatch(/outside its card/);
  });
});

describe("a member who chose the dark theme on the public site", () => {
  it("gets light native controls in the back-office and the builder's chrome, the page's theme in the canvas, and readable canvas toolbars", async () => {
    const dark = await signedInContext(browser, server, cookie, { width: 1440, height: 900 });
    await dark.addInitScript(() => localStorage.setItem("theme", "dark"));
    const p = await dark.newPage();
    await p.goto(`${server.url}/admin/backups`);
    await loaded(p);
    const scheme = (selector: string) =>
      p
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).colorScheme);
    expect(await p.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await scheme("main input[type=checkbox]")).toBe("light");
    expect(await scheme("main input[type=time]")).toBe("light");

    const pages = await call(server, "GET", "/api/pages", { cookie });
    const id = (pages.json.pages as { id: string }[])[0].id;
    await p.goto(`${server.url}/admin/archimed-editor?page=${id}&lang=fr`);
    await p.getByTestId("builder-canvas").locator("[data-action=duplicate-section]").first().waitFor();
    expect(await scheme("[data-testid=builder]")).toBe("light");
    expect(await scheme("[data-testid=builder-canvas]")).toBe("dark");
    // The canvas is dark: a toolbar button without its own text colour would take the page's light text.
    for (const action of ["duplicate-section", "add-block"]) {
      const button = p.getByTestId("builder-canvas").locator(`[data-action=${action}]`).first();
      const [text, background] = await button.evaluate(textAndBackground);
      expect(contrastRatio(text, background), `${action}: ${text} sur ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    await dark.close();
  });
});

/**
 * An element's text colour and the first background behind it, as rgb() (colours may be oklch(), Tailwind's
 * palette: a canvas pixel gives their sRGB values); the ratio is then the design settings' own contrastRatio.
 */
function textAndBackground(el: Element): [string, string] {
  const rgb = (c: string) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return { css: `rgb(${r}, ${g}, ${b})`, transparent: a === 0 };
  };
  let behind: Element | null = el;
  while (behind && rgb(getComputedStyle(behind).backgroundColor).transparent) behind = behind.parentElement;
  return [rgb(getComputedStyle(el).color).css, behind ? rgb(getComputedStyle(behind).backgroundColor).css : "rgb(255, 255, 255)"];
}
