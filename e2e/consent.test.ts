import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ENV, send, teamCookie } from "../tests/support/analytics";
import { engines, startServer, type TestServer } from "../tests/support/server";
import { dataLayer, isBeacon, isThirdParty, pixelQueue, waitForIsland, watchedContext } from "./analytics-support";
import { launchBrowser, releaseBrowser } from "./browser";

/**
 * Cookie consent in a real browser, network watched (seed 000 §2, §4, §7): no Google tag, Meta pixel or
 * page-view beacon before a choice; accepting loads them and updates consent; declining (also from the
 * footer link, and with the mobile close button) stops them. Each choice is recorded with its IP.
 */
const ENGINES = await engines();
const GA = "G-E2ETEST1";
const PIXEL = "9876543210";
const denied = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const granted = { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

describe.each(ENGINES)("cookie consent in the browser on %s", (engine) => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(engine, { ...ADMIN_ENV, GA_MEASUREMENT_ID: GA, META_PIXEL_ID: PIXEL }), launchBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  async function stats() {
    const cookie = await teamCookie(server, "127.0.3.1");
    const [a, c] = await Promise.all([send(server, "GET", "/api/analytics", { cookie }), send(server, "GET", "/api/consents?limit=200", { cookie })]);
    return {
      views: Object.fromEntries((a.json.ga.topPages as { path: string; views: number }[]).map((p) => [p.path, p.views])) as Record<string, number>,
      consents: c.json.consents as { ip_address: string; accepted: boolean }[],
    };
  }

  it("nothing loads before consent; accept loads the tags, grants consent and counts the view; decline from the footer stops it all", async () => {
    const { context, requests } = await watchedContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await waitForIsland(page);
    const banner = page.getByTestId("cookie-banner");
    await banner.waitFor();
    expect(await page.getByTestId("cookie-accept").textContent()).toBe("Accepter");
    expect(await page.getByTestId("cookie-decline").textContent()).toBe("Refuser");
    // The close button is the mobile way of declining; on a desktop the two buttons say it.
    expect(await page.getByTestId("cookie-close").isVisible()).toBe(false);

    // Scrolling and idling do not count as consent.
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(1500);
    expect(requests.filter(isThirdParty).map((r) => r.url())).toEqual([]);
    expect(requests.filter(isBeacon)).toHaveLength(0);
    expect(
      await page.evaluate(() => [localStorage.getItem("cookieConsent"), localStorage.getItem("visitorId"), typeof window.dataLayer, typeof window.fbq]),
    ).toEqual([null, null, "undefined", "undefined"]);

    const beaconSent = page.waitForRequest(isBeacon);
    const consentSaved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/consent");
    await page.getByTestId("cookie-accept").click();
    await banner.waitFor({ state: "detached" });
    expect((await consentSaved).status()).toBe(204);
    const beacon = await beaconSent;
    expect((await beacon.response())?.status()).toBe(204);
    const body = JSON.parse(beacon.postData() ?? "{}") as { p: string; v: string; r: string | null };
    expect(body).toEqual({ p: "/", v: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), r: null });

    await page.waitForFunction(
      () => (window as unknown as Record<string, unknown>).__gtagLoaded && (window as unknown as Record<string, unknown>).__pixelLoaded,
    );
    const third = requests.filter(isThirdParty).map((r) => r.url());
    expect(third).toEqual(expect.arrayContaining([`https://www.googletagmanager.com/gtag/js?id=${GA}`, "https://connect.facebook.net/en_US/fbevents.js"]));
    expect(await page.evaluate(() => [localStorage.getItem("cookieConsent"), localStorage.getItem("visitorId")])).toEqual(["accepted", body.v]);

    // Google: everything denied by default, then the stored choice as an update, before the config.
    const layer = await dataLayer(page);
    expect(layer.filter((a) => a[0] === "consent")).toEqual([
      ["consent", "default", denied],
      ["consent", "update", granted],
    ]);
    expect(layer.findIndex((a) => a[0] === "config" && a[1] === GA)).toBeGreaterThan(layer.findIndex((a) => a[1] === "update"));
    // Meta: consent granted, then init and a PageView.
    expect(await pixelQueue(page)).toEqual([
      ["consent", "grant"],
      ["init", PIXEL],
      ["track", "PageView"],
    ]);

    // A returning visitor: no banner; the view is counted and the tags load on their own.
    const again = page.waitForRequest(isBeacon);
    await page.reload();
    await waitForIsland(page);
    await again;
    await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__gtagLoaded === true);
    expect(await banner.count()).toBe(0);

    // The footer link reopens the banner, saying what was chosen; declining revokes on this page.
    await page.getByTestId("cookie-settings").click();
    await banner.waitFor();
    expect(await page.getByTestId("cookie-current").textContent()).toBe("Votre choix actuel\u202f: cookies acceptés.");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[data-testid=cookie-banner]"))).toBe(true);
    await page.getByTestId("cookie-decline").click();
    await banner.waitFor({ state: "detached" });
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some(
        (a) =>
          Array.from(a as ArrayLike<unknown>)[1] === "update" &&
          (Array.from(a as ArrayLike<unknown>)[2] as { analytics_storage?: string }).analytics_storage === "denied",
      ),
    );
    expect((await dataLayer(page)).filter((a) => a[0] === "consent").at(-1)).toEqual(["consent", "update", denied]);
    expect((await pixelQueue(page))?.at(-1)).toEqual(["consent", "revoke"]);
    expect(await page.evaluate(() => [localStorage.getItem("cookieConsent"), localStorage.getItem("visitorId")])).toEqual(["declined", null]);

    // From now on, nothing: no beacon, no tag, no banner.
    requests.length = 0;
    await page.goto(`${server.url}/offres`);
    await waitForIsland(page);
    await page.waitForTimeout(1500);
    expect(requests.filter(isThirdParty).map((r) => r.url())).toEqual([]);
    expect(requests.filter(isBeacon)).toHaveLength(0);
    expect(await banner.count()).toBe(0);
    await context.close();

    const { views, consents } = await stats();
    expect(views["/"]).toBe(2);
    expect(views["/offres"]).toBeUndefined();
    expect(consents.slice(0, 2)).toEqual([
      expect.objectContaining({ ip_address: "127.0.0.1", accepted: false }),
      expect.objectContaining({ ip_address: "127.0.0.1", accepted: true }),
    ]);
  });

  it("English page in English; on mobile the close button counts as decline", async () => {
    const before = (await stats()).consents.length;
    const { context, requests } = await watchedContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/offers`);
    await waitForIsland(page);
    await page.getByTestId("cookie-banner").waitFor();
    expect(await page.getByTestId("cookie-accept").textContent()).toBe("Accept");
    expect(await page.getByTestId("cookie-decline").textContent()).toBe("Decline");
    const close = page.getByTestId("cookie-close");
    expect(await close.isVisible()).toBe(true);
    expect(await close.getAttribute("aria-label")).toBe("Close and decline cookies");

    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/consent");
    await close.tap();
    await page.getByTestId("cookie-banner").waitFor({ state: "detached" });
    expect((await saved).status()).toBe(204);
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("declined");

    await page.reload();
    await waitForIsland(page);
    await page.waitForTimeout(1000);
    expect(await page.getByTestId("cookie-banner").count()).toBe(0);
    expect(requests.filter(isThirdParty)).toHaveLength(0);
    expect(requests.filter(isBeacon)).toHaveLength(0);
    await context.close();

    const { consents, views } = await stats();
    expect(consents.length).toBe(before + 1);
    expect(consents[0]).toMatchObject({ ip_address: "127.0.0.1", accepted: false });
    expect(views["/en/offers"]).toBeUndefined();
  });

  it("a headless crawler that accepts sends its beacon, but is not counted", async () => {
    const context = await browser.newContext(); // headless Chromium's own User-Agent
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/partenaires`);
    await waitForIsland(page);
    const sent = page.waitForRequest(isBeacon);
    await page.getByTestId("cookie-accept").click();
    expect((await (await sent).response())?.status()).toBe(204);
    await context.close();
    expect((await stats()).views["/partenaires"]).toBeUndefined();
  });
});
