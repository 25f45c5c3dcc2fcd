import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser } from "./browser";
import { Api, centerOf, mouseDrag, signedInContext, watchErrors } from "./builder-support";

/**
 * The blog back-office in Chromium: creating an article in the editor (slug from the title, the
 * unsaved-changes warning), scheduling it, rescheduling it by dragging it in the calendar (and from the
 * keyboard: Entrée for the date, the arrow keys to move it), publishing it from the scheduler and seeing it
 * on /blog as a visitor, removing one language version.
 */
let server: TestServer;
let browser: Browser;
let admin: Api;
const open: BrowserContext[] = [];
const SHOTS = process.env.BLOG_SHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_TIMEZONE: "Europe/Paris" }), launchBrowser()]);
  admin = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function memberPage(width = 1440): Promise<{ page: Page; watch: ReturnType<typeof watchErrors> }> {
  const ctx = await signedInContext(browser, server, admin.cookie, { width, height: 900 });
  open.push(ctx);
  const page = await ctx.newPage();
  return { page, watch: watchErrors(page) };
}

async function article(id: string) {
  const res = await call(server, "GET", `/api/articles/${id}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.json.article as { versions: Record<"fr" | "en", { status: string; publishAtLocal: string | null; slug: string; version: number } | undefined> };
}

/** The 15th of next month, in "YYYY-MM-DD" (always inside next month's grid, as is the 16th). */
function nextMonthDay(day: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
  return d.toISOString().slice(0, 10);
}

describe("blog back-office", () => {
  let id: string;

  it("creates an article in the editor, warns before leaving with unsaved changes", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog-scheduler`);
    await page.getByTestId("blog-scheduler").waitFor();
    await page.locator('[data-action="new-article"]').click();
    await page.getByTestId("article-editor").waitFor();
    await page.locator('[name="fr-title"]').fill("Nos conseils pour l'été");
    expect(await page.locator('[name="fr-slug"]').inputValue()).toBe("nos-conseils-pour-l-ete");
    await page.locator('[name="fr-excerpt"]').fill("Un été serein pour votre commerce.");
    await page.locator('[name="fr-tags"]').fill("Saison, Conseils");
    await page.locator('[name="en-title"]').fill("Our summer tips");
    // Leaving with unsaved changes asks first.
    await page.getByRole("link", { name: "← Articles" }).click();
    await page.getByRole("dialog", { name: "Quitter sans enregistrer ?" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
    await page.locator('[data-action="save"]').click();
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    id = page.url().split("/").pop()!;
    const a = await article(id);
    expect(a.versions.fr).toMatchObject({ status: "draft", slug: "nos-conseils-pour-l-ete" });
    expect(a.versions.en).toMatchObject({ status: "draft", slug: "our-summer-tips" });
    await page.getByTestId("publication").first().waitFor();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/blog-editor-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/blog-editor-375.png`, fullPage: true });
    }
    watch.expectNone();
  });

  it("schedules it in the editor, then reschedules it by dragging it in the calendar", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${id}`);
    const fr = page.locator('fieldset[data-lang="fr"]');
    await fr.locator('[name="fr-publishAt"]').fill(`${nextMonthDay(15)}T09:30`);
    await fr.locator('[data-action="schedule"]').click();
    await fr.locator('[data-status="scheduled"]').waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(15)}T09:30`);

    await page.goto(`${server.url}/admin/blog-scheduler`);
    await page.getByTestId("blog-calendar").waitFor();
    await page.getByRole("button", { name: "Mois suivant" }).click();
    const chip = page.locator(`[data-testid="calendar-chip"][data-article-id="${id}"][data-lang="fr"]`);
    await chip.waitFor();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/blog-scheduler-1440.png`, fullPage: true });
    }
    await mouseDrag(page, chip, await centerOf(page.locator(`[data-day="${nextMonthDay(16)}"]`)));
    await page.getByTestId("notice").filter({ hasText: "reprogrammé" }).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(16)}T09:30`);
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"]`).waitFor();

    // From the keyboard: the chip is a button that opens "Programmer" with its date.
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"]`).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator('[name="publishAt"]').inputValue()).toBe(`${nextMonthDay(16)}T09:30`);
    await dialog.locator('[name="publishAt"]').fill(`${nextMonthDay(17)}T08:00`);
    await dialog.locator('[data-action="confirm-schedule"]').click();
    await page.locator(`[data-day="${nextMonthDay(17)}"] [data-article-id="${id}"]`).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(17)}T08:00`);

    // The arrow keys move a focused chip by a day (same time); it keeps the focus on its new day.
    await page.locator(`[data-day="${nextMonthDay(17)}"] [data-article-id="${id}"]`).focus();
    await page.keyboard.press("ArrowRight");
    await page.locator(`[data-day="${nextMonthDay(18)}"] [data-article-id="${id}"]`).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(18)}T08:00`);
    await page.waitForFunction((d) => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") === d, nextMonthDay(18));
    expect(await page.getByTestId("notice").innerText()).toContain("reprogrammé");
    if (SHOTS) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/blog-scheduler-375.png`, fullPage: true });
    }
    watch.expectNone();
  });

  it("publishes it now from the scheduler: visitors see it on /blog", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog-scheduler`);
    const row = page.locator(`[data-testid="article-row"][data-article-id="${id}"]`);
    await row.locator('[data-lang="fr"] [data-action="publish"]').click();
    await row.locator('[data-lang="fr"] [data-status="published"]').waitFor();
    const visitor = await browser.newContext();
    open.push(visitor);
    const v = await visitor.newPage();
    await v.goto(`${server.url}/blog`);
    expect(await v.locator("body").innerText()).toContain("Nos conseils pour l'été");
    const res = await v.goto(`${server.url}/blog/nos-conseils-pour-l-ete`);
    expect(res?.status()).toBe(200);
    // The English version is still a draft: a 404 for visitors.
    expect((await v.goto(`${server.url}/en/blog/our-summer-tips`))?.status()).toBe(404);

    // Removing one language version is confirmed and keeps the other.
    await row.locator('[data-lang="en"] [data-action="remove-lang"]').click();
    await page.getByRole("dialog", { name: "Retirer la version anglaise" }).locator('[data-action="confirm-remove-lang"]').click();
    await page.getByTestId("notice").filter({ hasText: "retirée" }).waitFor();
    expect((await article(id)).versions.en).toBeUndefined();
    expect((await article(id)).versions.fr?.status).toBe("published");

    // Deleting is confirmed.
    await row.locator('[data-action="delete"]').click();
    await page.getByRole("dialog", { name: "Supprimer l'article" }).locator('[data-action="confirm-delete"]').click();
    await page.getByTestId("notice").filter({ hasText: "supprimé" }).waitFor();
    expect((await call(server, "GET", `/api/articles/${id}`, { cookie: admin.cookie })).status).toBe(404);
    watch.expectNone();
  });

  it("a slug held by another article's 301 is refused, and « Supprimer la redirection » frees it on purpose", async () => {
    const created = await call(server, "POST", "/api/articles", { cookie: admin.cookie, body: { fr: { title: "Adresse reprise" } } });
    const movedId = created.json.article.id as string;
    expect((await call(server, "POST", `/api/articles/${movedId}/fr/publish`, { cookie: admin.cookie, body: { version: 1 } })).status).toBe(200);
    const renamed = await call(server, "PUT", `/api/articles/${movedId}`, {
      cookie: admin.cookie,
      body: { fr: { title: "Adresse déplacée", slug: "adresse-deplacee", version: 1 } },
    });
    expect(renamed.status, renamed.text).toBe(200);

    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit`);
    await page.getByTestId("article-editor").waitFor();
    await page.locator('[name="en-enabled"]').uncheck();
    await page.locator('[name="fr-title"]').fill("Adresse reprise");
    await page.locator('[data-action="save"]').click();
    const refusal = page.getByTestId("editor-error");
    await refusal.filter({ hasText: "est l'ancienne adresse de « Adresse déplacée »" }).waitFor();
    if (SHOTS)
      for (const width of [320, 375, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await refusal.screenshot({ path: `${SHOTS}/blog-redirect-refusal-${width}.png` });
      }
    await page.locator('[data-action="remove-redirect"]').click();
    await page.getByTestId("notice").filter({ hasText: "Redirection de « /blog/adresse-reprise » supprimée" }).waitFor();
    await page.locator('[data-action="save"]').click();
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const taken = await article(page.url().split("/").pop()!);
    expect(taken.versions.fr).toMatchObject({ slug: "adresse-reprise" });
    // The browser logs the refused save (409) in its console: that one is expected.
    watch.expectOnly(/409/);
  });
});
