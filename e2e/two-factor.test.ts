import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, login } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { codeAt } from "../tests/support/two-factor";
import { launchBrowser, releaseBrowser } from "./browser";

/**
 * Two-factor sign-in in a real browser (issue 25 §6, decision 045): enrol from "Sécurité du compte" with
 * the key the screen shows, sign out, sign in with the password and a code computed from that key, then
 * with a recovery code; then a passkey (decision 047) added from the same screen with Chromium's virtual
 * authenticator and used as the second step.
 */
let server: TestServer;
let browser: Browser;
/** A folder: screenshots of "Sécurité du compte" at 375 and 1440 px in both themes, for a person to look at (kept out of git). */
const SHOTS = process.env.SECURITY_SHOTS;
const KEY_MEMBER = { email: "cles@archimed.test", password: "mot-de-passe-des-cles-1" };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  // Added before the admin enrols (after that, the admin's API calls would need a code).
  await addMember(server, await login(server, ADMIN_EMAIL, ADMIN_PASSWORD), KEY_MEMBER.email, "editor", KEY_MEMBER.password);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const url = (p: string) => `${server.url}${p}`;
/** The code of the time step `steps` from now (the server accepts one either side, each once). */

async function password(page: Page, who = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, at = url) {
  await page.goto(at("/admin/login"));
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function signOut(page: Page) {
  await page.evaluate(() => fetch("/api/auth/logout", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
}

describe("two-factor sign-in in the browser", () => {
  it("enrols from the security screen, then signs in with a code and with a recovery code", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
    const page = await context.newPage();
    await password(page);
    await page.waitForURL(/\/admin\/archimed-pages/);

    await page.goto(url("/admin/security"));
    await expect.poll(() => page.getByTestId("two-factor-off").isVisible()).toBe(true);
    await page.getByTestId("two-factor-start").click();
    const secret = (await page.getByTestId("enrol-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByTestId("enrol-qr").getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    await page.getByLabel("Code de l'application d'authentification").fill(await codeAt(secret, 0));
    await page.getByRole("button", { name: "Activer" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    const codes = await page.getByTestId("recovery-code").allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByTestId("recovery-done").click();
    await page.getByTestId("two-factor-on").waitFor();

    await signOut(page);
    await password(page);
    await page.getByTestId("second-step-form").waitFor();
    // A wrong code: a French message, still on the step.
    await page.getByLabel("Code de l'application d'authentification").fill("000000");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("Code incorrect.");
    await page.getByLabel("Code de l'application d'authentification").fill(await codeAt(secret, 1));
    await page.getByRole("button", { name: "Valider" }).click();
    await page.waitForURL(/\/admin\/archimed-pages/);

    await signOut(page);
    await password(page);
    await page.getByTestId("second-step-switch").click();
    await page.getByLabel("Code de secours").fill(codes[0]);
    await page.getByRole("button", { name: "Valider" }).click();
    await page.waitForURL(/\/admin\/archimed-pages/);

    await signOut(page);
    await password(page);
    await page.getByTestId("second-step-switch").click();
    await page.getByLabel("Code de secours").fill(codes[0]);
    await page.getByRole("button", { name: "Valider" }).click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("Ce code de secours a déjà servi.");
    await context.close();
  }, 120_000);

  it("adds a passkey from the security screen, then signs in with the password and the passkey (virtual authenticator)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "fr-FR" });
    const page = await context.newPage();
    // Chromium's virtual authenticator: a platform passkey (internal, resident keys) that verifies its user.
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable", { enableUI: false });
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // Browsers refuse an IP address as a passkey's domain: the member uses the site at localhost.
    const local = (p: string) => `http://localhost:${new URL(server.url).port}${p}`;
    await password(page, KEY_MEMBER, local);
    await page.waitForURL(/\/admin\/archimed-pages/);

    await page.goto(local("/admin/security"));
    await page.getByTestId("two-factor-off").waitFor();
    await page.getByLabel("Nom de la nouvelle clé").fill("Chromium du test");
    await page.getByTestId("passkey-add").click();
    // The account's first second factor comes with its recovery codes, shown once.
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-code").count()).toBe(10);
    await page.getByTestId("recovery-done").click();
    await page.getByTestId("two-factor-on").waitFor();
    await expect.poll(() => page.getByTestId("passkey-name").allTextContents()).toEqual(["Chromium du test"]);
    const stored = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0].isResidentCredential).toBe(true);
    expect(stored.credentials[0].rpId).toBe("localhost");

    await signOut(page);
    await password(page, KEY_MEMBER, local);
    await page.getByTestId("second-step-form").waitFor();
    // A member with a passkey only is not asked for an app's code.
    expect(await page.getByLabel("Code de l'application d'authentification").count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-step-passkey.png` });
    await page.getByTestId("second-step-passkey").click();
    await page.waitForURL(/\/admin\/archimed-pages/);
    const used = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(used.credentials[0].signCount).toBeGreaterThan(stored.credentials[0].signCount);

    await page.goto(local("/admin/security"));
    await expect.poll(() => page.getByTestId("passkey-row").first().textContent()).toMatch(/dernière utilisation le/);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    if (SHOTS) {
      for (const theme of ["light", "dark"]) {
        for (const width of [375, 1440]) {
          await page.setViewportSize({ width, height: 1000 });
          await page.evaluate((t) => localStorage.setItem("theme", t), theme);
          await page.reload();
          await page.getByTestId("passkey-row").first().waitFor();
          await page.screenshot({ path: `${SHOTS}/security-${width}-${theme}.png`, fullPage: true });
        }
      }
    }
    // New recovery codes, confirmed with the passkey: shown once, ten of them.
    await page.getByTestId("recovery-renew").click();
    await page.getByTestId("prove-dialog").waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/security-prove-1440.png` });
    await page.getByTestId("prove-passkey").click();
    await page.getByTestId("recovery-codes").waitFor();
    expect(await page.getByTestId("recovery-code").count()).toBe(10);
    await page.getByTestId("recovery-done").click();
    await page.getByTestId("recovery-left").waitFor();
    await context.close();
  }, 120_000);
});
