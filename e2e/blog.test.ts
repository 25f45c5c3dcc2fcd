import { describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { blogBrowserSuite, nextMonthDay } from "./blog-support";
import { centerOf, mouseDrag } from "./builder-support";

/**
 * The blog back-office in Chromium: creating an article in the editor (slug from the title, the
 * unsaved-changes warning), scheduling it, rescheduling it by dragging it in the calendar (and from the
 * keyboard: Entrée for the date, the arrow keys to move it), publishing it from the scheduler and seeing it
 * on /blog as a visitor, removing one language version.
 */
const { s, memberPage, visitorContext } = blogBrowserSuite();
const SHOTS = process.env.BLOG_SHOTS;

async function article(id: string) {
  const res = await call(s.server, "GET", `/api/articles/${id}`, { cookie: s.admin.cookie });
  expect(res.status).toBe(200);
  return res.json.article as { versions: Record<"fr" | "en", { status: string; publishAtLocal: string | null; slug: string; version: number } | undefined> };
}

describe("blog back-office", () => {
  let id: string;

  it("creates an article in the editor, warns before leaving with unsaved changes", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/admin/blog-scheduler`);
    await page.getByTestId("blog-scheduler").waitFor();
    await page.locator('[data-action="new-article"]').click();
    // Straight into the writing surface, the cursor in the (empty) title.
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    id = page.url().split("/").pop()!;
    await page.getByTestId("writing-fr").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fr-title");
    await page.keyboard.type("Nos conseils pour l'été");
    expect(await page.locator('[name="fr-slug"]').inputValue()).toBe("nos-conseils-pour-l-ete");
    await page.locator('[name="fr-excerpt"]').fill("Un été serein pour votre commerce.");
    await page.locator('[name="fr-tags"]').fill("Saison, Conseils");
    await page.locator('[data-tab="en"]').click();
    await page.locator('[name="en-title"]').fill("Our summer tips");
    // Leaving with changes not saved yet asks first.
    await page.getByRole("link", { name: "← Articles" }).click();
    await page.getByRole("dialog", { name: "Quitter sans enregistrer ?" }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
    await page.locator('[data-action="save"]').click();
    await page.getByTestId("notice").filter({ hasText: "Modifications enregistrées." }).waitFor();
    const a = await article(id);
    expect(a.versions.fr).toMatchObject({ status: "draft", slug: "nos-conseils-pour-l-ete" });
    expect(a.versions.en).toMatchObject({ status: "draft", slug: "our-summer-tips" });
    await page.getByTestId("editor-bar").locator('[data-status="draft"]').nth(1).waitFor();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/blog-editor-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/blog-editor-375.png`, fullPage: true });
    }
    watch.expectNone();
  });

  it("schedules it in the editor, then reschedules it by dragging it in the calendar", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/admin/blog/edit/${id}`);
    // The editor's bar acts on both languages unless told otherwise: French only here.
    const bar = page.getByTestId("editor-bar");
    await bar.getByLabel("Langues").selectOption("fr");
    await bar.locator('[data-action="bar-schedule"]').click();
    const when = page.getByRole("dialog");
    await when.locator('[name="publishDay"]').fill(nextMonthDay(15));
    await when.locator('[name="publishTime"]').fill("09:30");
    await when.locator('[data-action="confirm-schedule"]').click();
    await bar.locator('[data-status="scheduled"]').waitFor();
    expect((await article(id)).versions.en?.status).toBe("draft");
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(15)}T09:30`);

    await page.goto(`${s.server.url}/admin/blog-scheduler`);
    await page.getByTestId("blog-calendar").waitFor();
    await page.getByRole("button", { name: "Mois suivant" }).click();
    const chip = page.locator(`[data-testid="calendar-chip"][data-article-id="${id}"][data-lang="fr"]`);
    await chip.waitFor();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/blog-scheduler-1440.png`, fullPage: true });
    }
    await mouseDrag(page, chip, await centerOf(page.locator(`[data-day="${nextMonthDay(16)}"]`)));
    await page.getByTestId("notice").filter({ hasText: "déplacé" }).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(16)}T09:30`);
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"]`).waitFor();

    // From the keyboard: the chip is a button that opens "Programmer" with its date.
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"]`).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    // The same date dialog as the editor's bar (one component): a day, a time of the site's zone.
    expect(await dialog.locator('[name="publishDay"]').inputValue()).toBe(nextMonthDay(16));
    expect(await dialog.locator('[name="publishTime"]').inputValue()).toBe("09:30");
    await dialog.locator('[name="publishDay"]').fill(nextMonthDay(17));
    await dialog.locator('[name="publishTime"]').fill("08:00");
    await dialog.locator('[data-action="confirm-schedule"]').click();
    await page.locator(`[data-day="${nextMonthDay(17)}"] [data-article-id="${id}"]`).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(17)}T08:00`);

    // The arrow keys move a focused chip by a day (same time); it keeps the focus on its new day.
    await page.locator(`[data-day="${nextMonthDay(17)}"] [data-article-id="${id}"]`).focus();
    await page.keyboard.press("ArrowRight");
    // A keyboard move is confirmed first, like a drop that changes what visitors see (issue 20).
    await page.getByTestId("confirm-move").locator('[data-action="confirm"]').click();
    await page.locator(`[data-day="${nextMonthDay(18)}"] [data-article-id="${id}"]`).waitFor();
    expect((await article(id)).versions.fr?.publishAtLocal).toBe(`${nextMonthDay(18)}T08:00`);
    await page.waitForFunction((d) => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") === d, nextMonthDay(18));
    expect(await page.getByTestId("notice").innerText()).toContain("déplacé");
    if (SHOTS) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/blog-scheduler-375.png`, fullPage: true });
    }
    watch.expectNone();
  });

  it("publishes it now from the scheduler: visitors see it on /blog", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/admin/blog-scheduler`);
    const row = page.locator(`[data-testid="article-row"][data-article-id="${id}"]`);
    await row.locator('[data-lang="fr"] [data-action="publish"]').click();
    await row.locator('[data-lang="fr"] [data-status="published"]').waitFor();
    const visitor = await visitorContext();
    const v = await visitor.newPage();
    await v.goto(`${s.server.url}/blog`);
    expect(await v.locator("body").innerText()).toContain("Nos conseils pour l'été");
    const res = await v.goto(`${s.server.url}/blog/nos-conseils-pour-l-ete`);
    expect(res?.status()).toBe(200);
    // The English version is still a draft: a 404 for visitors.
    expect((await v.goto(`${s.server.url}/en/blog/our-summer-tips`))?.status()).toBe(404);

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
    expect((await call(s.server, "GET", `/api/articles/${id}`, { cookie: s.admin.cookie })).status).toBe(404);
    watch.expectNone();
  });

  it("a slug held by another article's 301 is refused, and « Supprimer la redirection » frees it on purpose", async () => {
    const created = await call(s.server, "POST", "/api/articles", { cookie: s.admin.cookie, body: { fr: { title: "Adresse reprise" } } });
    const movedId = created.json.article.id as string;
    expect((await call(s.server, "POST", `/api/articles/${movedId}/fr/publish`, { cookie: s.admin.cookie, body: { version: 1 } })).status).toBe(200);
    const renamed = await call(s.server, "PUT", `/api/articles/${movedId}`, {
      cookie: s.admin.cookie,
      body: { fr: { title: "Adresse déplacée", slug: "adresse-deplacee", version: 1 } },
    });
    expect(renamed.status, renamed.text).toBe(200);

    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/admin/blog/edit`);
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const takenId = page.url().split("/").pop()!;
    await page.getByTestId("writing-fr").waitFor();
    await page.locator('[name="fr-title"]').fill("Adresse reprise");
    // The autosave meets the 301 that holds the address.
    const refusal = page.getByTestId("editor-error");
    await refusal.filter({ hasText: "est l'ancienne adresse de « Adresse déplacée »" }).waitFor();
    if (SHOTS)
      for (const width of [320, 375, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await refusal.screenshot({ path: `${SHOTS}/blog-redirect-refusal-${width}.png` });
      }
    await page.locator('[data-action="remove-redirect"]').click();
    await page.getByTestId("notice").filter({ hasText: "Redirection de « /blog/adresse-reprise » supprimée" }).waitFor();
    await page.locator('[data-action="save"]').click();
    await expect.poll(async () => (await article(takenId)).versions.fr?.slug).toBe("adresse-reprise");
    // The browser logs the refused save (409) in its console: that one is expected.
    watch.expectOnly(/409/);
  });
});
