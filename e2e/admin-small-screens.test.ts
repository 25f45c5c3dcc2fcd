import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * The back-office on a phone (issue 15 §6): the admin bar collapses into a "Menu" at 375 px and still says where
 * you are; "Voir le site" returns to the public page you came from; a new page is highlighted in the list; the
 * pages list and the team table are cards that fit the screen.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  await addMember(server, cookie, "redaction@example.com", "editor");
  context = await signedInContext(browser, server, cookie, { width: 375, height: 800 });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.stop();
});

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the admin bar at 375 px", () => {
  it("collapses into a Menu that opens by keyboard, names where you are, and closes with Escape", async () => {
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/team`);
    const bar = page.getByTestId("admin-bar");
    const menu = bar.getByRole("button", { name: "Menu" });
    await menu.waitFor();
    expect(await bar.getByTestId("admin-bar-here").innerText()).toBe("Équipe");
    // Collapsed: the links are not shown, and the bar fits the width.
    expect(await bar.getByRole("link", { name: "Pages", exact: true }).isVisible()).toBe(false);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await noSidewaysScroll()).toBe(true);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.width).toBeLessThanOrEqual(375);
    expect(barBox.height).toBeLessThanOrEqual(48);

    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    for (const label of ["Sauvegardes", "Médiathèque", "Pages", "Articles", "Demandes", "Équipe", "Constructeur de page", "Voir le site"]) {
      const link = bar.getByRole("link", { name: label, exact: true });
      expect(await link.isVisible(), label).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375, label).toBe(true);
    }
    expect(await bar.getByRole("link", { name: "Équipe", exact: true }).getAttribute("aria-current")).toBe("page");
    // Tab moves into the opened links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sauvegardes");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await bar.getByRole("link", { name: "Pages", exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("admin-menu");

    // Opened, a link goes where it says.
    await menu.click();
    await bar.getByRole("link", { name: "Pages", exact: true }).click();
    await page.waitForURL(/\/admin\/archimed-pages$/);
    await page.getByTestId("admin-bar-here").getByText("Pages").waitFor();
    errors.expectNone();
  });

  it("is a row of links again from 768 px", async () => {
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto(`${server.url}/admin/backups`);
    const bar = page.getByTestId("admin-bar");
    await bar.getByRole("link", { name: "Pages", exact: true }).waitFor({ state: "visible" });
    expect(await bar.getByTestId("admin-menu").isVisible()).toBe(false);
    expect(await bar.getByTestId("admin-bar-here").isVisible()).toBe(false);
    await page.setViewportSize({ width: 375, height: 800 });
  });

  it("an article's editor and the AI generator are in Articles: named so on a phone, marked in the row", async () => {
    for (const path of ["/admin/blog/edit", "/admin/ai-blog-generator"]) {
      await page.goto(`${server.url}${path}`);
      const bar = page.getByTestId("admin-bar");
      expect(await bar.getByTestId("admin-bar-here").innerText(), path).toBe("Articles");
      await page.setViewportSize({ width: 1440, height: 800 });
      const articles = bar.getByRole("link", { name: "Articles", exact: true });
      await articles.waitFor({ state: "visible" });
      // Part of Articles, not the Articles page itself.
      expect(await articles.getAttribute("aria-current"), path).toBe("true");
      expect(await bar.locator("[aria-current=page]").count(), path).toBe(0);
      await page.setViewportSize({ width: 375, height: 800 });
    }
    await page.goto(`${server.url}/admin/blog-scheduler`);
    // Behind "Menu" at this width: read from the link itself.
    expect(await page.getByTestId("admin-bar").locator('a[href="/admin/blog-scheduler"]').getAttribute("aria-current")).toBe("page");
  });

  it("'Voir le site' returns to the last public page viewed, and to / before any", async () => {
    await page.goto(`${server.url}/admin/backups`);
    await expect.poll(() => page.getByTestId("view-site").getAttribute("href")).toBe("/");
    await page.goto(`${server.url}/offres?x=1`);
    await page.getByTestId("admin-bar").waitFor();
    // On a public page the bar's place-name is the page's state in each language (decision record 051).
    await page.getByTestId("admin-bar-here").getByTestId("admin-bar-states").waitFor();
    expect(await page.getByTestId("admin-bar-states").locator("[data-testid=publication-state]").allInnerTexts()).toEqual(["Publié", "Publié"]);
    await page.goto(`${server.url}/admin/backups`);
    await expect.poll(() => page.getByTestId("view-site").getAttribute("href")).toBe("/offres?x=1");
    await page.getByTestId("admin-menu").click();
    await page.getByTestId("view-site").click();
    await page.waitForURL((u) => u.pathname === "/offres");
    expect(new URL(page.url()).search).toBe("?x=1");
    await page.getByTestId("admin-bar-here").getByTestId("admin-bar-states").waitFor({ state: "attached" });
    // Something that is not one of our paths is never followed. It is written from an admin page (where
    // the bar only reads), so that no late write by a public page's bar can replace it.
    await page.goto(`${server.url}/admin/backups`);
    await page.getByTestId("admin-menu").waitFor();
    await page.evaluate(() => sessionStorage.setItem("archimed:last-public-path", "//evil.example/"));
    await page.reload();
    await page.getByTestId("admin-menu").waitFor();
    await expect.poll(() => page.getByTestId("view-site").getAttribute("href")).toBe("/");
  });
});

describe("lists on a phone", () => {
  it("the pages list is cards; after 'Nouvelle page' the new page is highlighted and its Éditer focused", async () => {
    await page.goto(`${server.url}/admin/archimed-pages`);
    const rows = page.getByTestId("page-row");
    await rows.first().waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    for (const box of await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // A filter that hides every page: the new page must still show.
    await page.getByTestId("pages-search").fill("zzz-rien");
    await page.getByTestId("pages-empty").waitFor();
    await page.locator("[data-action=new-page]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Titre \(français\)/).fill("Atelier mobile");
    await dialog.getByLabel(/Title \(English\)/).fill("Mobile workshop");
    await dialog.getByRole("button", { name: "Créer" }).click();
    await dialog.waitFor({ state: "detached" });
    const created = page.locator("[data-testid=page-row][data-created=true]");
    await created.waitFor();
    expect(await created.innerText()).toContain("Atelier mobile");
    expect(await rows.count()).toBeGreaterThan(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("edit-fr");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-created=true]") !== null)).toBe(true);
    expect(await created.isVisible()).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("the team table is cards with labelled dates and reachable buttons", async () => {
    await page.goto(`${server.url}/admin/team`);
    const rows = page.getByTestId("team-row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await noSidewaysScroll()).toBe(true);
    const row = rows.filter({ hasText: "redaction@example.com" });
    expect(await row.innerText()).toContain("Ajouté le");
    for (const name of ["Réinitialiser le mot de passe", "Retirer"]) {
      const box = (await row.getByRole("button", { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    }
    expect(await row.getByRole("combobox").isVisible()).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
