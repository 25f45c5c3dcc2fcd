import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, login, sql } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * Sauvegardes in Chromium: create a backup with its progress, download it (the bytes are the listed
 * archive), change the site, restore the backup through the confirmation that names what is replaced, and
 * find the site as it was. An editor sees why the page is not theirs. SHOTS=folder keeps 375/1440 px screenshots.
 */
let server: TestServer;
let browser: Browser;
let admin: string;
const SHOTS = process.env.BACKUP_SHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

it("creates, downloads and restores a backup from the page", async () => {
  const ctx = await signedInContext(browser, server, admin, { width: 1440, height: 900 });
  const page = await ctx.newPage();
  const watch = watchErrors(page);
  await page.goto(`${server.url}/admin/backups`);
  await expect.poll(() => page.getByTestId("backups-empty").isVisible()).toBe(true);

  await page.getByRole("button", { name: "Créer une sauvegarde" }).click();
  await expect.poll(() => page.getByTestId("backups-notice").textContent(), { timeout: 30_000 }).toMatch(/Sauvegarde .* créée/);
  await expect.poll(() => page.getByTestId("backup-row").count()).toBe(1);

  const [dl] = await Promise.all([page.waitForEvent("download"), page.getByTestId("backup-download").first().click()]);
  expect(dl.suggestedFilename()).toMatch(/^archimed-sauvegarde-.*\.zip$/);
  const bytes = readFileSync((await dl.path())!);
  expect(bytes.subarray(-87).toString("latin1")).toMatch(/^archimed-backup-sha256:[0-9a-f]{64}$/);

  // Change the site after the backup, then restore it.
  await sql(
    server,
    "insert into contact_requests (id, created_at, lang, name, email, business, message, status) values ('apres', ?, 'fr', 'Après', 'a@b.fr', 'X', 'Ajoutée après la sauvegarde', 'new')",
    [new Date().toISOString()],
  );
  await page.reload();
  await page.getByRole("button", { name: "Restaurer" }).first().click();
  const dialog = page.getByTestId("restore-confirm");
  await expect.poll(() => dialog.textContent()).toMatch(/sera remplacé.*1 demande de contact/s);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/backups-restore-1440.png` });
  await dialog.getByRole("button", { name: "Remplacer le site" }).click();
  await expect.poll(() => page.getByTestId("backups-notice").textContent(), { timeout: 30_000 }).toMatch(/restaurée/);
  expect(await sql(server, "select id from contact_requests where id = 'apres'")).toEqual([]);
  // The state before the restore was kept as a backup.
  await expect.poll(() => page.getByTestId("backup-row").count()).toBe(2);
  await expect.poll(() => page.getByText(/Automatique avant restauration/).count()).toBe(1);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/backups-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/backups-375.png`, fullPage: true });
  }
  watch.expectNone();
  await ctx.close();

  const ed = await addMember(server, await login(server, ADMIN_EMAIL, ADMIN_PASSWORD), "editrice@archimed.test", "editor", "editor-password-1");
  const edCtx = await signedInContext(browser, server, await login(server, ed.email, ed.password), { width: 375, height: 800 });
  const edPage = await edCtx.newPage();
  await edPage.goto(`${server.url}/admin/backups`);
  await expect.poll(() => edPage.getByTestId("backups-forbidden").textContent()).toMatch(/réservées aux administrateurs/);
  await edCtx.close();
});

it("a refused archive shows the server's words; a request that never reaches the server is said in French, on loading and on sending", async () => {
  const ctx = await signedInContext(browser, server, admin, { width: 1440, height: 900 });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/admin/backups`);
  await expect.poll(() => page.getByTestId("backup-upload").count()).toBe(1);
  // The browser's own words would be "Failed to fetch" (apiFetch and reach() in ~/lib/admin/api-client).
  const offline = "Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.";
  // A refusal from the server still shows the server's own French words (the API's error shape).
  await page.getByTestId("backup-upload").setInputFiles({ name: "archive.zip", mimeType: "application/zip", buffer: Buffer.from("PK") });
  await expect.poll(() => page.getByTestId("backups-error").textContent()).toBe("Ce fichier n'est pas une sauvegarde Archimed (archive vide ou tronquée).");
  await page.route("**/api/backups/upload", (route) => route.abort("internetdisconnected"));
  await page.getByTestId("backup-upload").setInputFiles({ name: "archive.zip", mimeType: "application/zip", buffer: Buffer.from("PK") });
  await expect.poll(() => page.getByTestId("backups-error").textContent()).toBe(offline);
  await page.route("**/api/backups", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect.poll(() => page.getByTestId("backups-error").textContent()).toBe(offline);
  await ctx.close();
});
