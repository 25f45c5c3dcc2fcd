import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, ADMIN_ENV, beacon, send, startGeoStub, visitor } from "../tests/support/analytics";
import { engines, startServer, type TestServer } from "../tests/support/server";
import { waitForIsland, waitForReact } from "./analytics-support";
import { launchBrowser, releaseBrowser } from "./browser";

/**
 * The statistics side panel (seed 000 §2, §7 calls 7 to 9), opened from the admin bar: loading text,
 * live current visitors, the viewer's geolocation from a local stand-in provider (working and failing),
 * top pages, the daily chart and the latest consents; each source fails on its own.
 */
const ENGINES = await engines();
const LOADING = "Chargement des données...";

describe.each(ENGINES)("statistics panel on %s", (engine) => {
  let server: TestServer;
  let browser: Browser;
  let geo: Awaited<ReturnType<typeof startGeoStub>>;

  beforeAll(async () => {
    geo = await startGeoStub();
    [server, browser] = await Promise.all([startServer(engine, { ...ADMIN_ENV, GEOLOCATION_URL: geo.url, GEOLOCATION_TIMEOUT_MS: "1000" }), launchBrowser()]);
    // Three visitors on the home page, one of them also on the offers page; one accept, one refusal.
    for (const [n, p] of [
      [1, "/"],
      [2, "/"],
      [3, "/"],
      [1, "/offres"],
    ] as const) {
      const res = await beacon(server, { p, v: visitor(n), r: "www.bing.com" }, { from: "127.0.4.1" });
      if (res.status !== 204) throw new Error(`beacon refusé : ${res.status} ${res.text}`);
    }
    await send(server, "POST", "/api/consent", { body: { accepted: true }, from: "127.0.4.2" });
    await send(server, "POST", "/api/consent", { body: { accepted: false }, from: "127.0.4.3" });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await geo?.close();
  });

  /** A signed-in team member's browser, with the cookie choice already made so the banner stays away. */
  async function signedIn(): Promise<{ context: BrowserContext; page: Page; warnings: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort(),
    );
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
    const login = await context.request.post(`${server.url}/api/auth/login`, { data: ADMIN });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    return { context, page, warnings };
  }

  async function openPanel(page: Page, path = "/") {
    await page.goto(`${server.url}${path}`);
    if (!path.startsWith("/admin")) await waitForIsland(page);
    await waitForReact(page, "[data-testid=stats-open]");
    await page.getByTestId("stats-open").click();
    await page.getByTestId("stats-panel").waitFor();
  }

  it("reads 'Chargement des données...' while loading, then shows every source", async () => {
    const { context, page } = await signedIn();
    // Hold the answers back until the loading state has been seen.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await context.route(/\/api\/(analytics\?|visitor-info|consents)/, async (route) => {
      await gate;
      await route.continue();
    });
    await openPanel(page);
    await page.getByTestId("stats-top-loading").waitFor();
    expect(await page.getByTestId("stats-top-loading").textContent()).toBe(LOADING);
    expect(await page.getByTestId("stats-visitor-loading").textContent()).toBe(LOADING);
    expect(await page.getByTestId("stats-consents-loading").textContent()).toBe(LOADING);
    release();

    await page.getByTestId("stats-top-list").waitFor();
    // Each source answers on its own: the visitor info (which asks the geolocation stub) and the consents
    // may still be loading once top pages are in.
    for (const id of ["stats-visitor-loading", "stats-consents-loading"]) await page.getByTestId(id).waitFor({ state: "detached" });
    await page.getByTestId("stats-consents-table").waitFor();
    const panel = page.getByTestId("stats-panel");
    expect(await panel.getAttribute("lang")).toBe("fr");
    expect(await page.getByTestId("stats-now-value").textContent()).toBe("3");

    const visitorText = (await page.getByTestId("stats-visitor").innerText()).replace(/\s+/g, " ");
    expect(visitorText).toContain("Adresse IP 127.0.0.1");
    expect(visitorText).toContain("Pays France");
    // The provider's markup is shown as text, never made into elements.
    expect(visitorText).toContain("Ville Paris <img src=x onerror=alert(1)>");
    expect(visitorText).toContain("Fournisseur d'accès (FAI) AS3215 Orange S.A.");
    expect(await panel.locator("img").count()).toBe(0);
    expect(geo.requests.at(-1)).toBe("/127.0.0.1/json/");

    const top = await page.getByTestId("stats-top-list").locator("li").allInnerTexts();
    expect(top.map((t) => t.replace(/\s+/g, " ").trim())).toEqual(["/ 3", "/offres 1"]);

    const bars = page.locator("[data-testid=daily-chart] rect[data-views]");
    expect(await bars.count()).toBe(30);
    expect(await bars.last().getAttribute("data-views")).toBe("4");
    expect(await page.getByTestId("daily-chart").getAttribute("aria-label")).toMatch(/4 au total/);

    const consents = (await page.getByTestId("stats-consents-table").locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    expect(consents[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} Refusé 127\.0\.4\.3$/);
    expect(consents[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} Accepté 127\.0\.4\.2$/);

    // Another period asks the server again.
    await page.getByTestId("stats-period").selectOption("7");
    await page.getByTestId("stats-top-list").waitFor();
    expect(await page.locator("[data-testid=daily-chart] rect[data-views]").count()).toBe(7);
    await context.close();
  });

  it("refreshes the current visitors live", async () => {
    const { context, page } = await signedIn();
    await openPanel(page);
    await page.getByTestId("stats-live").waitFor();
    const before = Number(await page.getByTestId("stats-now-value").textContent());
    expect((await beacon(server, { p: "/blog", v: visitor(50) }, { from: "127.0.4.4" })).status).toBe(204);
    await page.waitForFunction((n) => document.querySelector("[data-testid=stats-now-value]")?.textContent === String(n), before + 1, { timeout: 10_000 });
    await context.close();
  });

  it("a failing geolocation provider: its section says so, the others still show", async () => {
    geo.mode = "fail";
    try {
      const { context, page } = await signedIn();
      await openPanel(page);
      await page.getByTestId("stats-visitor-geo-unavailable").waitFor();
      const visitorText = await page.getByTestId("stats-visitor").innerText();
      expect(visitorText).toContain("127.0.0.1");
      expect(visitorText).toContain("Géolocalisation indisponible");
      expect(visitorText).not.toContain("France");
      await page.getByTestId("stats-top-list").waitFor();
      await page.getByTestId("stats-consents-table").waitFor();
      expect(server.logs()).toMatch(/géolocalisation indisponible pour 127\.0\.0\.1/);
      await context.close();
    } finally {
      geo.mode = "ok";
    }
  });

  it("each source fails on its own: a failing consents list is logged and marked unavailable", async () => {
    const { context, page, warnings } = await signedIn();
    await context.route(/\/api\/consents/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "Erreur interne du serveur." } }),
      }),
    );
    await openPanel(page);
    await page.getByTestId("stats-consents-unavailable").waitFor();
    expect(await page.getByTestId("stats-consents-unavailable").textContent()).toBe("Données indisponibles pour le moment.");
    await page.getByTestId("stats-top-list").waitFor();
    await page.getByTestId("stats-visitor").getByText("France").waitFor();
    expect(warnings.some((w) => w.includes("consentements indisponible"))).toBe(true);
    await context.close();
  });

  it("opens from the back-office admin bar too, and Escape closes it", async () => {
    const { context, page } = await signedIn();
    await openPanel(page, "/admin/archimed-pages");
    await page.getByTestId("stats-top-list").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("stats-panel").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("stats-open");
    await context.close();
  });

  it("is refused to a visitor: the APIs answer 401 and the page has no admin bar", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.getByTestId("stats-open").count()).toBe(0);
    for (const p of ["/api/analytics", "/api/consents", "/api/visitor-info", "/api/analytics/live"]) {
      expect((await context.request.get(`${server.url}${p}`)).status(), p).toBe(401);
    }
    await context.close();
  });
});
