import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import { Api, openBuilder, adminSuite, signedInContext, watchErrors } from "./builder-support";
import { gotoHydrated } from "./browser";

/**
 * /admin/design in a real browser: an admin sees a contrast warning for an unreadable text colour (and
 * cannot publish it), changes the brand yellow and the body size, publishes, and a visitor's page shows
 * the new colour on its buttons in both themes. SCREENSHOTS_DIR keeps the screen at the five widths.
 */
const suite = adminSuite();

const shots = process.env.SCREENSHOTS_DIR;

/** The background of the home page's first primary button (a seeded button using the brand yellow). */
const primaryBackground = (page: import("playwright-core").Page) =>
  page
    .locator("main a.el-button")
    .first()
    .evaluate((a) => getComputedStyle(a).backgroundColor);

describe("design settings", () => {
  it("warns about contrast, publishes a new brand colour and body size, and the public site shows them", async () => {
    const visitor = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const pub = await visitor.newPage();
    await gotoHydrated(pub, `${suite.server.url}/`);
    expect(await primaryBackground(pub)).toBe("rgb(255, 193, 4)");

    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${suite.server.url}/admin/design`);
    await page.getByTestId("design-editor").waitFor();
    const violations = (await new AxeBuilder({ page }).include("[data-testid=design-page]").analyze()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    expect(violations).toEqual([]);

    // An unreadable text colour: a French warning, and neither save nor publish is possible.
    await page.getByTestId("design-color-text-light").fill("#dddddd");
    await expect
      .poll(() => page.getByTestId("design-contrast").textContent())
      .toMatch(/Contraste insuffisant \(thème clair\)\u202f: «\u202fTexte\u202f» sur «\u202fFond\u202f»/);
    expect(await page.getByTestId("design-publish").isDisabled()).toBe(true);
    await page.getByTestId("design-color-text-light").fill("#14171c");
    await expect.poll(() => page.getByTestId("design-contrast").count()).toBe(0);

    // A hostile value cannot even be typed into a colour: it is refused where it is typed.
    await page.getByTestId("design-color-brand-light").fill("red;}</style>");
    expect(await page.getByTestId("design-color-brand-light").getAttribute("aria-invalid")).toBe("true");
    await page.getByTestId("design-color-brand-light").fill("#f5a300");
    await page.getByTestId("design-size-body-desktop").fill("19");
    await expect.poll(() => page.getByTestId("design-status").textContent()).toContain("non enregistrées");
    await page.getByTestId("design-publish").click();
    await expect.poll(() => page.getByTestId("design-notice").textContent()).toContain("Design publié");
    expect(await page.getByTestId("design-status").textContent()).toContain("Publié");

    // The visitor's page, reloaded: the seeded buttons follow the brand colour, in both themes.
    await gotoHydrated(pub, `${suite.server.url}/`);
    await expect.poll(() => primaryBackground(pub)).toBe("rgb(245, 163, 0)");
    const bodySize = await pub.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ds-size-body").trim());
    expect(bodySize).toBe("clamp(1.0625rem, 0.9875rem + 0.25cqi, 1.1875rem)");
    await pub.evaluate(() => localStorage.setItem("theme", "dark"));
    await gotoHydrated(pub, `${suite.server.url}/`);
    expect(await pub.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect.poll(() => primaryBackground(pub)).toBe("rgb(245, 163, 0)");
    expect(await pub.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 18, 22)");
    if (shots) await pub.screenshot({ path: `${shots}/public-home-dark-1440.png` });
    await visitor.close();

    // The builder's canvas uses the same variables: the seeded primary button is the new colour there too,
    // and a seeded h2 shows its named size, "Titre 2", instead of a clamp() string.
    await openBuilder(page, suite.server, await new Api(suite.server, suite.cookie).pageId("home"));
    const canvasButton = page.locator("[data-builder-element] a.el-button").first();
    await expect.poll(() => canvasButton.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe("rgb(245, 163, 0)");
    await page
      .locator("[data-builder-element]")
      .filter({ has: page.locator(".el-heading h2") })
      .first()
      .click();
    const settings = page.getByTestId("element-settings");
    expect(await settings.getByLabel("Taille du texte").locator("option:checked").innerText()).toBe("Titre 2");
    await settings.getByRole("button", { name: "Palette" }).click();
    expect(
      await settings
        .getByRole("listbox", { name: /couleurs du site/ })
        .getByRole("option")
        .count(),
    ).toBe(11);
    if (shots) await page.screenshot({ path: `${shots}/builder-settings-1440.png` });
    // White text on the (new) brand yellow: the element settings warn, in French, with the ratio.
    await page
      .locator("[data-builder-element]")
      .filter({ has: page.locator("a.el-button") })
      .first()
      .click();
    await settings.getByText("Élément : Bouton").waitFor();
    await settings.getByLabel("Couleur du texte", { exact: true }).fill("#ffffff");
    await expect.poll(() => settings.getByTestId("contrast-warning").textContent()).toMatch(/^Contraste insuffisant\u202f: 2,0:1 \(il faut au moins 4,5:1/);
    if (shots) await page.screenshot({ path: `${shots}/builder-contrast-1440.png` });

    for (const width of [320, 375, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${suite.server.url}/admin/design`);
      await page.getByTestId("design-editor").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBeLessThanOrEqual(width);
      if (shots) {
        await page.screenshot({ path: `${shots}/design-${width}-top.png` });
        for (const card of ["design-type", "design-buttons", "design-preview"]) {
          await page.getByTestId(card).evaluate((e) => e.scrollIntoView({ block: "start", behavior: "instant" }));
          await page.screenshot({ path: `${shots}/design-${width}-${card.slice(7)}.png` });
        }
      }
    }
    errors.expectNone();
    await context.close();
  });
  it("a save based on a stale version is refused in French and says to reload", async () => {
    const context = await signedInContext(suite.browser, suite.server, suite.cookie);
    const [mine, other] = [await context.newPage(), await context.newPage()];
    const errors = watchErrors(mine);
    for (const p of [mine, other]) {
      await p.goto(`${suite.server.url}/admin/design`);
      await p.getByTestId("design-editor").waitFor();
    }
    // Another tab saves first (the brand colour published above goes back to its default in the draft).
    await other.getByTestId("design-defaults").click();
    await other.getByTestId("design-save").click();
    await expect.poll(() => other.getByTestId("design-notice").textContent()).toContain("Brouillon enregistré");

    await mine.getByTestId("design-defaults").click();
    await mine.getByTestId("design-save").click();
    await expect.poll(() => mine.getByTestId("design-error").textContent()).toMatch(/modifiés ailleurs.*\(rechargez la page\)$/);
    expect(await mine.getByTestId("design-status").textContent()).toContain("non enregistrées");
    errors.expectOnly(/409/);
    // Unsaved changes: closing the tab asks first (and nothing asks once they are saved: see the structure test).
    const dialogs: string[] = [];
    const dismissed: Promise<void>[] = [];
    mine.on("dialog", (d) => {
      dialogs.push(d.type());
      dismissed.push(d.dismiss());
    });
    await mine.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(["beforeunload"]);
    // Closing the context while the dialog is still being dismissed fails ("Target … has been closed").
    await Promise.all(dismissed);
    expect(mine.isClosed()).toBe(false);
    await context.close();
  });
});
