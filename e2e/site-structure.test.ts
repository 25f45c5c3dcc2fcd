import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_EMAIL } from "../tests/support/auth";
import { adminSuite, signedInContext, watchErrors } from "./builder-support";
import { gotoHydrated } from "./browser";

/**
 * /admin/site-structure in a real browser: an admin renames a menu entry, moves it with the keyboard
 * (dnd-kit's sensor: Space, arrow, Space), publishes, and a visitor's header shows the new menu; at
 * 375 px the page does not scroll sideways. SCREENSHOTS_DIR, when set, keeps screenshots at 375 and 1440 px.
 */
const suite = adminSuite();

const shots = process.env.SCREENSHOTS_DIR;

describe("site structure", () => {
  it("edits the menu, reorders it from the keyboard, publishes, and the public header changes", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${suite.server.url}/admin/site-structure`);
    await page.getByTestId("structure-editor").waitFor();
    if (shots) await page.screenshot({ path: `${shots}/structure-1440.png`, fullPage: false });
    const axe = async () =>
      (await new AxeBuilder({ page }).include("[data-testid=site-structure-page]").analyze()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    expect(await axe()).toEqual([]);

    // Rename "Partenaires" (5th entry) and move it up two places with the keyboard.
    const entries = page.getByTestId("menu-entry");
    await expect.poll(() => entries.count()).toBe(6);
    await page.getByTestId("menu-label-4-fr").fill("Nos partenaires");
    await page.getByTestId("menu-label-4-en").fill("Our partners");
    const handle = page.getByRole("button", { name: "Déplacer « Nos partenaires »" });
    // One step per drag, each checked: the keyboard's moves do not depend on the machine's speed.
    const liveRegions = () =>
      page
        .locator("[id^=DndLiveRegion]")
        .allTextContents()
        .then((t) => t.join(" "));
    const order = () => page.locator("[data-testid=menu-entries] > li").evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
    for (const [from, expected] of [
      [5, ["home", "solutions", "blog", "partners", "offers", "recruitment"]],
      [4, ["home", "solutions", "partners", "blog", "offers", "recruitment"]],
    ] as const) {
      // Instant: a smooth scroll still under way would move the rows dnd-kit has just measured.
      await handle.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
      await page.waitForTimeout(150);
      // Space picks up, ArrowUp moves; the drop waits until dnd-kit has announced where the entry is.
      await handle.focus();
      await page.keyboard.press("Space");
      // Not "saisie": dnd-kit says it before it has measured the rows, and an arrow pressed before that
      // is ignored (sortableKeyboardCoordinates finds no row above). "Au-dessus de sa propre position"
      // comes once they are measured. Waiting for "saisie" failed now and then on a loaded machine.
      await expect.poll(() => liveRegions()).toMatch(new RegExp(`au-dessus de la position ${from} `));
      // Even then dnd-kit now and then ignores the arrow on a loaded machine (the announcement stays at the
      // old position): press again only while nothing has moved, so the entry never moves twice.
      const moved = new RegExp(`au-dessus de la position ${expected.indexOf("partners") + 1} `);
      for (let tries = 0; tries < 5 && !moved.test(await liveRegions()); tries++) {
        await page.keyboard.press("ArrowUp");
        await expect
          .poll(() => liveRegions(), { timeout: 1_000 })
          .toMatch(moved)
          .catch(() => undefined);
      }
      await expect.poll(() => liveRegions()).toMatch(moved);
      await page.keyboard.press("Space");
      await expect.poll(order).toEqual(expected);
    }
    await expect.poll(() => page.getByTestId("structure-status").textContent()).toContain("non enregistrées");

    // A hostile address is refused in French and nothing typed is lost.
    await page.getByTestId("menu-add").click();
    await page.getByTestId("menu-link-6-type").selectOption("url");
    await page.getByTestId("menu-link-6-target").fill("javascript:alert(1)");
    await page.getByTestId("structure-publish").click();
    await expect.poll(() => page.getByTestId("structure-error").textContent()).toContain("http(s)");
    expect(await page.getByTestId("menu-label-2-fr").inputValue()).toBe("Nos partenaires");
    errors.expectOnly(/400/);
    await page.locator("[data-testid=menu-entry]").nth(6).getByTestId("menu-remove").click();

    await page.getByTestId("structure-publish").click();
    await expect.poll(() => page.getByTestId("structure-notice").textContent()).toContain("Structure publiée");
    expect(await page.getByTestId("structure-status").textContent()).toContain("Publié");

    // A visitor (no session) sees the published menu, in both languages.
    const visitor = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();
    await gotoHydrated(pub, `${suite.server.url}/offres`);
    const labels = await pub.getByTestId("desktop-menu").locator(":scope > ul > li > a, :scope > ul > li > div > button").allTextContents();
    expect(labels.slice(0, 4)).toEqual(["Accueil", "Solutions", "Nos partenaires", "Blog"]);
    await gotoHydrated(pub, `${suite.server.url}/en/offers`);
    expect(await pub.getByTestId("desktop-menu").textContent()).toContain("Our partners");
    if (shots) {
      await pub.getByTestId("site-footer").scrollIntoViewIfNeeded();
      await pub.getByTestId("site-footer").screenshot({ path: `${shots}/public-footer-1440.png` });
      await pub.setViewportSize({ width: 375, height: 800 });
      await pub.getByTestId("site-footer").screenshot({ path: `${shots}/public-footer-375.png` });
    }
    await visitor.close();

    // At 375 px the screen fits without scrolling sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await page.getByTestId("structure-editor").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (shots) {
      await page.screenshot({ path: `${shots}/structure-375.png`, fullPage: false });
      await page.getByTestId("structure-settings").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/structure-375-settings.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId("structure-pages-card").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/structure-1440-pages.png` });
    }
    errors.expectNone();
    await context.close();
    // Generous: axe over the whole screen and five page loads take long on a loaded two-core machine.
  }, 90_000);
  it("moves a system page's address in both languages, then restores an earlier publication from the history", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${suite.server.url}/admin/site-structure`);
    await page.getByTestId("structure-editor").waitFor();
    // The home page's address is fixed, and says so.
    expect(await page.getByTestId("structure-pages").textContent()).toContain("L'adresse de l'accueil (« / » et « /en ») ne change pas.");
    // A reserved address is refused in French and what was typed stays.
    await page.getByTestId("page-path-partners-fr").fill("/admin/partenaires");
    await page.getByTestId("structure-publish").click();
    await expect.poll(() => page.getByTestId("structure-error").textContent()).toContain("réservée");
    expect(await page.getByTestId("page-path-partners-fr").inputValue()).toBe("/admin/partenaires");
    errors.expectOnly(/400/);
    await page.getByTestId("page-path-partners-fr").fill("/nos-partenaires");
    await page.getByTestId("page-path-partners-en").fill("/en/our-partners");
    await page.getByTestId("structure-publish").click();
    await expect.poll(() => page.getByTestId("structure-notice").textContent()).toContain("Structure publiée");

    // A visitor on the old address lands on the new one; the menu and the language switch follow.
    const visitor = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();
    await gotoHydrated(pub, `${suite.server.url}/partenaires`);
    expect(new URL(pub.url()).pathname).toBe("/nos-partenaires");
    expect(await pub.getByTestId("desktop-menu").locator('a[href="/nos-partenaires"]').count()).toBe(1);
    expect(await pub.getByTestId("language-switch").getAttribute("href")).toBe("/en/our-partners");

    // The history lists the publications; the one before the move comes back as a draft, then goes live.
    await page.getByTestId("structure-history").scrollIntoViewIfNeeded();
    const rows = page.getByTestId("structure-revision");
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().textContent()).toContain(`par ${ADMIN_EMAIL}`);
    await rows.nth(1).getByTestId("revision-restore").click();
    await page.getByTestId("revision-confirm").getByRole("button", { name: "Restaurer comme brouillon" }).click();
    await expect.poll(() => page.getByTestId("structure-notice").textContent()).toContain("restaurée comme brouillon");
    expect(await page.getByTestId("page-path-partners-fr").inputValue()).toBe("/partenaires");
    expect(await page.getByTestId("structure-status").textContent()).toContain("pas encore publié");
    await page.getByTestId("structure-publish").click();
    await expect.poll(() => page.getByTestId("structure-notice").textContent()).toContain("Structure publiée");
    await gotoHydrated(pub, `${suite.server.url}/nos-partenaires`);
    expect(new URL(pub.url()).pathname).toBe("/partenaires");
    await visitor.close();
    for (const width of shots ? [320, 375, 768, 1024, 1440] : []) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId("structure-history").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/structure-${width}-history.png` });
      await page.getByTestId("page-path-blog-fr").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/structure-${width}-blog-address.png` });
    }
    errors.expectNone();
    await context.close();
  });
  it("a save based on a stale version is refused in French, and reloading shows the other save", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const [mine, other] = [await context.newPage(), await context.newPage()];
    const errors = watchErrors(mine);
    for (const p of [mine, other]) {
      await p.goto(`${suite.server.url}/admin/site-structure`);
      await p.getByTestId("structure-editor").waitFor();
    }
    // Another tab saves first.
    await other.getByTestId("menu-label-0-fr").fill("Accueil (autre onglet)");
    await other.getByTestId("structure-save").click();
    await expect.poll(() => other.getByTestId("structure-notice").textContent()).toContain("Brouillon enregistré");

    await mine.getByTestId("menu-label-1-fr").fill("Nos solutions");
    await mine.getByTestId("structure-save").click();
    await expect.poll(() => mine.getByTestId("structure-error").textContent()).toContain("modifiée ailleurs");
    expect(await mine.getByTestId("menu-label-1-fr").inputValue()).toBe("Nos solutions");
    errors.expectOnly(/409/);
    await mine.getByRole("button", { name: /Recharger la structure/ }).click();
    await expect.poll(() => mine.getByTestId("structure-notice").textContent()).toContain("Structure rechargée");
    expect(await mine.getByTestId("menu-label-0-fr").inputValue()).toBe("Accueil (autre onglet)");
    expect(await mine.getByTestId("structure-status").textContent()).toContain("pas encore publié");
    expect(await mine.getByTestId("structure-error").count()).toBe(0);
    // Nothing unsaved after the reload: closing the tab does not ask.
    const dialogs: string[] = [];
    mine.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await mine.close({ runBeforeUnload: true });
    await expect.poll(() => mine.isClosed()).toBe(true);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
