import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, sql } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { startSmtp } from "../tests/support/smtp";
import { gotoHydrated, launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * The contact form in a real browser: with JavaScript (checked in the page, sent without a reload), without
 * JavaScript (a plain form post), each through to the back-office list and the SMTP server; the offers'
 * Souscrire preselecting the plan; axe on the page in both languages and themes, and on the "Demandes" page.
 */
let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer("sqlite", {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      CONTACT_MIN_FILL_MS: "300",
      CONTACT_PER_HOUR: "50",
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  await smtp?.stop();
});

async function fill(page: Page, who: string, lang: "fr" | "en" = "fr") {
  await page
    .getByLabel(lang === "fr" ? "Nom" : "Name", { exact: false })
    .first()
    .fill(who);
  await page.locator("#contact-business").fill("Fleuriste des Lilas");
  await page.locator("#contact-email").fill(`${who.toLowerCase().replace(/\W+/g, ".")}@fleurs.test`);
  await page.locator("#contact-message").fill("Bonjour, nous voulons vendre nos bouquets en click & collect.");
  await page.locator("#contact-consent").check();
}

const stored = (name: string) =>
  sql<{ name: string; offer: string | null; lang: string }>(server, "select name, offer, lang from contact_requests where name = ?", [name]);

describe("with JavaScript", () => {
  it("errors show in the page in the visitor's language, then the request goes without a reload", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
    const page = await context.newPage();
    const errors = watchErrors(page, [/status of 400/]);
    await gotoHydrated(page, `${server.url}/en/contact`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByTestId("contact-submit").click();
    await expect.poll(() => page.getByTestId("contact-error").textContent()).toBe("Your request was not sent: please correct the fields marked.");
    expect(await page.locator("#contact-name-error").textContent()).toBe("Please enter your name.");
    expect(await page.locator("#contact-name").getAttribute("aria-invalid")).toBe("true");
    await fill(page, "Avec Script", "en");
    await page.locator("#contact-email").fill("avec.script@fleurs.test\r\nBcc: x@y.test");
    await page.getByTestId("contact-submit").click();
    await expect.poll(() => page.locator("#contact-email-error").textContent()).toBe("This email address is not valid.");
    await page.locator("#contact-email").fill("avec.script@fleurs.test");
    const mails = smtp.mails.length;
    await page.getByTestId("contact-submit").click();
    await page.getByTestId("contact-sent").waitFor();
    expect(await page.getByTestId("contact-sent").textContent()).toContain("Thank you, your request has arrived");
    // Same document: nothing was reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(page.url()).toBe(`${server.url}/en/contact`);
    expect(await stored("Avec Script")).toEqual([{ name: "Avec Script", offer: null, lang: "en" }]);
    await expect.poll(() => smtp.mails.length).toBe(mails + 1);
    errors.expectNone();
    await context.close();
  });

  it("the offers page's Souscrire opens the form with that plan chosen", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "declined"));
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/offres`);
    await page.getByRole("link", { name: /Souscrire à Croissance/ }).click();
    await page.waitForURL(/\/contact\?offre=croissance$/);
    expect(await page.locator("#contact-offer").inputValue()).toBe("croissance");
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("a plain form post shows the errors with the values kept, then the thank-you after a redirect", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact?offre=360`);
    await page.locator("#contact-name").fill("Sans Script");
    // Slower than a robot: a form sent within the minimum fill time is refused as too fast, whatever else it lacks.
    await page.waitForTimeout(300);
    await page.getByTestId("contact-submit").click();
    await page.waitForLoadState();
    expect(await page.getByTestId("contact-error").textContent()).toBe("Votre demande n'est pas partie : corrigez les champs signalés.");
    expect(await page.locator("#contact-email-error").textContent()).toBe("Indiquez votre adresse e-mail.");
    expect(await page.locator("#contact-name").inputValue()).toBe("Sans Script");
    expect(await page.locator("#contact-offer").inputValue()).toBe("360");
    await fill(page, "Sans Script");
    await page.waitForTimeout(300); // the minimum fill time of this server
    await page.getByTestId("contact-submit").click();
    await page.waitForURL(/\/contact\?envoye=1$/);
    expect(await page.getByTestId("contact-sent").textContent()).toContain("Merci, votre demande est bien arrivée");
    expect(await stored("Sans Script")).toEqual([{ name: "Sans Script", offer: "360", lang: "fr" }]);
    await context.close();
  });
});

describe("back-office", () => {
  it("'Demandes' lists both requests, searches, marks one handled; linked from the admin bar; fits 375 px", async () => {
    const cookie = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const context = await signedInContext(browser, server, cookie, { width: 375, height: 800 });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/archimed-pages`);
    await page.getByTestId("admin-menu").click();
    await page.getByTestId("admin-bar").getByRole("link", { name: "Demandes" }).click();
    await page.waitForURL(/\/admin\/contact-requests$/);
    // The bar shows where you are.
    expect(await page.getByTestId("admin-bar").getByRole("link", { name: "Demandes", includeHidden: true }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("admin-bar-here").innerText()).toBe("Demandes");
    await expect.poll(() => page.getByTestId("contact-request").count()).toBe(2);
    await page.getByTestId("contact-search").fill("sans script");
    await expect.poll(() => page.getByTestId("contact-request").count()).toBe(1);
    await page.getByTestId("contact-request").getByRole("button", { name: "Marquer comme traitée" }).click();
    await expect.poll(() => page.getByTestId("contact-request").getAttribute("data-status")).toBe("done");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    errors.expectNone();
    await context.close();
  });
});

describe.each(["light", "dark"] as const)("axe on the contact page, %s theme", (theme) => {
  it.each(["/contact", "/en/contact"])("%s has no violation, errors shown included", async (path) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}${path}`);
    await page.getByTestId("contact-submit").click();
    await page.getByTestId("contact-error").waitFor();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const report = violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(" ")} — ${n.failureSummary}`).join("\n")}`,
    );
    expect(report).toEqual([]);
    await context.close();
  });
});
