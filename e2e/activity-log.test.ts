import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * "Journal d'activité" in a real browser: an admin reaches it from the admin bar, sees the lines of what
 * the team did (a publication, a role change, a failed sign-in), narrows them with the filters, downloads
 * the CSV; an editor has no link (the admin bar's own test reaches the link at every width) and is told the page is for admins. Read at 375 and 1440 px.
 */
let server: TestServer;
let browser: Browser;
let admin: string;
let editor: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const e = await addMember(server, admin, "camille@archimed.test", "editor", "camille-password-1");
  // A role change ends the member's sessions: sign in after it.
  await call(server, "PATCH", `/api/team/${e.id}`, { cookie: admin, body: { role: "editor" } });
  editor = await login(server, e.email, e.password);
  await call(server, "POST", "/api/auth/login", { body: { email: "camille@archimed.test", password: "pas-le-bon-1" }, from: "127.0.0.23" });
  const design = (await call(server, "GET", "/api/design", { cookie: admin })).json;
  await call(server, "POST", "/api/design/publish", { cookie: admin, body: { version: design.version } });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe("the activity log screen", () => {
  it("shows what the team did, filters it and exports it, for admins", async () => {
    const context = await signedInContext(browser, server, admin, { width: 1440, height: 900 });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/activity`);
    await page.getByTestId("activity-log").waitFor();
    await expect.poll(() => page.getByTestId("activity-entry").count()).toBeGreaterThan(3);
    const design = page.locator('[data-testid="activity-entry"][data-action="design.publish"]');
    await expect.poll(() => design.count()).toBe(1);
    expect(await design.innerText()).toContain(ADMIN_EMAIL);
    const failed = page.locator('[data-testid="activity-entry"][data-outcome="failure"]');
    expect(await failed.first().innerText()).toMatch(/Échec[\s\S]*camille@archimed\.test · 127\.0\.0\.23/);

    await page.getByLabel("Actions").selectOption("team");
    await expect
      .poll(async () => (await page.getByTestId("activity-entry").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")))).sort())
      .toEqual(["team.add", "team.role"]);
    await page.getByLabel("Actions").selectOption("");
    await page.getByTestId("activity-search").fill("Design du site");
    await expect.poll(() => page.getByTestId("activity-entry").count()).toBe(1);
    await page.getByTestId("activity-search").fill("aucune ligne ne parle de ceci");
    await expect.poll(() => page.getByTestId("activity-empty").isVisible()).toBe(true);
    await page.getByTestId("activity-search").fill("");

    const download = page.waitForEvent("download");
    await page.locator('[data-action="export-activity-csv"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^journal-activite-\d{4}-\d{2}-\d{2}\.csv$/);

    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    errors.expectNone();
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("is not offered to editors, and says so when they open it", async () => {
    const context = await signedInContext(browser, server, editor, { width: 1440, height: 900 });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/activity`);
    await page.getByTestId("admin-bar").waitFor();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("réservé aux administrateurs");
    expect(await page.getByTestId("admin-activity-link").count()).toBe(0);
    await context.close();
  });
});
