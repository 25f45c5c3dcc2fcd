import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDay } from "~/lib/blog/time";
import { call } from "../tests/support/auth";
import { get } from "../tests/support/http";
import { blogBrowserSuite, nextMonthDay } from "./blog-support";
import { centerOf, mouseDrag } from "./builder-support";

/**
 * Issue 20 in Chromium: a scheduled article reads "Programmé pour le …" in the Pages list, the scheduler
 * and the calendar, visitors get a 404 until its time and the team's preview says so in a banner; the
 * calendar moves both languages at once, with a toast whose "Annuler" puts both back; a keyboard move is
 * confirmed before anything changes.
 */
const { s, memberPage } = blogBrowserSuite();
const SHOTS = process.env.BLOG_SHOTS;
const thisYear = String(new Date().getUTCFullYear());

async function localTimes(id: string) {
  const res = await call(s.server, "GET", `/api/articles/${id}`, { cookie: s.admin.cookie });
  expect(res.status).toBe(200);
  const v = res.json.article.versions;
  return { fr: v.fr?.publishAtLocal as string | null, en: v.en?.publishAtLocal as string | null };
}

/** A bilingual article scheduled next month: French at 09:00 on the 15th, English at 10:30 the same day. */
async function scheduledArticle(title: string, slug: string) {
  const res = await call(s.server, "POST", "/api/articles", { cookie: s.admin.cookie, body: { fr: { title, slug }, en: { title: `${title} EN`, slug } } });
  expect(res.status, res.text).toBe(201);
  const id = res.json.article.id as string;
  for (const [lang, at] of [
    ["fr", `${nextMonthDay(15)}T09:00`],
    ["en", `${nextMonthDay(15)}T10:30`],
  ]) {
    const scheduled = await call(s.server, "POST", `/api/articles/${id}/${lang}/schedule`, { cookie: s.admin.cookie, body: { version: 1, at } });
    expect(scheduled.status, scheduled.text).toBe(200);
  }
  return id;
}

async function openNextMonth(page: Page) {
  await page.goto(`${s.server.url}/admin/blog-scheduler`);
  await page.getByTestId("blog-calendar").waitFor();
  const month = await page.getByTestId("calendar-month").innerText();
  await page.getByRole("button", { name: "Mois suivant" }).click();
  await page.waitForFunction((m) => document.querySelector('[data-testid="calendar-month"]')?.textContent !== m, month);
}

describe("dates and states in the back-office", () => {
  it("shows a scheduled article as Programmé everywhere, a 404 to visitors and a banner to the team", async () => {
    const id = await scheduledArticle("Vitrine de fin d'année", "vitrine-fin-annee");
    const label = `Programmé pour le ${formatDay(nextMonthDay(15), thisYear)} à 09:00`;
    const { page, watch } = await memberPage();

    await page.goto(`${s.server.url}/admin/archimed-pages`);
    const row = page.locator(`[data-testid="page-row"][data-page-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId("publication-state").allInnerTexts()).toEqual([label, `Programmé pour le ${formatDay(nextMonthDay(15), thisYear)} à 10:30`]);
    expect(await row.locator('[data-status="published"]').count()).toBe(0);

    await openNextMonth(page);
    const version = page.locator(`[data-testid="article-row"][data-article-id="${id}"] [data-testid="version"][data-lang="fr"]`);
    expect(await version.getByTestId("publication-state").innerText()).toBe(label);
    const chip = page.locator(`[data-testid="calendar-chip"][data-article-id="${id}"][data-lang="fr"]`);
    expect(await chip.getAttribute("data-status")).toBe("scheduled");
    expect(await chip.getAttribute("aria-label")).toContain(label);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dates-scheduler-1440.png`, fullPage: true });

    expect((await get(s.server.url, "/blog/vitrine-fin-annee")).status).toBe(404);
    await page.goto(`${s.server.url}/blog/vitrine-fin-annee`);
    const banner = page.getByTestId("team-preview-banner");
    await banner.waitFor();
    expect(await banner.innerText()).toContain(`Les visiteurs voient une page introuvable (404) jusqu'au ${formatDay(nextMonthDay(15), thisYear)} à 09:00`);
    // The preview claims no publication date it does not have yet.
    expect(await page.locator("main").innerText()).not.toContain("Publié le");
    if (SHOTS) {
      for (const width of [320, 768, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/dates-preview-${width}.png` });
      }
    }
    watch.expectNone();
  });

  it("says each language's state in the admin bar of the public page, at 320, 768 and 1440 px, and in the builder's preview", async () => {
    const res = await call(s.server, "POST", "/api/articles", {
      cookie: s.admin.cookie,
      body: { fr: { title: "États dans la barre", slug: "etats-barre" }, en: { title: "States in the bar", slug: "states-bar" } },
    });
    const id = res.json.article.id as string;
    const at = `${nextMonthDay(15)}T09:00`;
    expect((await call(s.server, "POST", `/api/articles/${id}/fr/schedule`, { cookie: s.admin.cookie, body: { version: 1, at } })).status).toBe(200);
    const label = `Programmé pour le ${formatDay(nextMonthDay(15), thisYear)} à 09:00`;
    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/blog/etats-barre`);
    const states = page.getByTestId("admin-bar-states");
    await states.waitFor();
    // The same words as the lists, from the server's one rule.
    expect(await states.locator('[data-lang="fr"]').getAttribute("data-state")).toBe("scheduled");
    expect(await states.locator('[data-lang="fr"] [data-testid="publication-state"]').innerText()).toBe(label);
    expect(await states.locator('[data-lang="en"] [data-testid="publication-state"]').innerText()).toBe("Brouillon");
    for (const width of [320, 768, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => states.isVisible()).toBe(true);
      // Inside the screen, and nothing of the bar pushed past its right edge.
      const right = await page
        .getByTestId("admin-bar")
        .locator("a, button, [data-testid=admin-bar-states]")
        .evaluateAll((els) => Math.max(...els.filter((e) => e.getClientRects().length > 0).map((e) => e.getBoundingClientRect().right)));
      expect(right, `${width} px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The menu says them in full (the bar may cut a long one short on a phone).
      const menu = page.getByTestId("admin-bar").locator("[aria-controls=admin-bar-links]");
      await menu.click();
      const full = page.getByTestId("admin-bar-states-menu");
      await full.waitFor({ state: "visible" });
      expect(await full.locator('[data-lang="fr"] [data-testid="publication-state"]').innerText()).toBe(label);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-bar-states-${width}-open.png`, clip: { x: 0, y: 0, width, height: 400 } });
      await menu.click();
      await full.waitFor({ state: "hidden" });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-bar-states-${width}.png`, clip: { x: 0, y: 0, width, height: 200 } });
    }
    // A published page: Publié in both languages.
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(`${s.server.url}/offres`);
    await states.waitFor();
    expect(await states.locator("[data-testid=publication-state]").allInnerTexts()).toEqual(["Publié", "Publié"]);

    // The builder's preview says them too, above the page.
    await page.goto(`${s.server.url}/admin/archimed-editor?page=${id}&lang=fr`);
    await page.locator("[data-action=toggle-mode]").click();
    const frame = page.frameLocator("iframe[title='Aperçu de la page']");
    const previewStates = frame.getByTestId("preview-states");
    await previewStates.waitFor();
    expect(await previewStates.locator('[data-lang="fr"] [data-testid="publication-state"]').innerText()).toBe(label);
    expect(await previewStates.locator('[data-lang="en"] [data-testid="publication-state"]').innerText()).toBe("Brouillon");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-states-1440.png` });
    // Opened on its own (À relire's Aperçu), the preview shows the stored draft with the same states.
    await page.goto(`${s.server.url}/admin/archimed-preview?page=${id}&lang=en`);
    await page.getByTestId("preview-document").waitFor();
    expect(await page.getByTestId("preview-states").locator('[data-lang="en"]').getAttribute("data-state")).toBe("draft");
    watch.expectNone();
  });

  it("drags an article to another day: both languages move, each at its time, and Annuler puts both back", async () => {
    const id = await scheduledArticle("Déplacé en entier", "deplace-en-entier");
    const { page, watch } = await memberPage();
    await openNextMonth(page);
    const chip = page.locator(`[data-testid="calendar-chip"][data-article-id="${id}"][data-lang="fr"]`);
    await chip.waitFor();
    await mouseDrag(page, chip, await centerOf(page.locator(`[data-day="${nextMonthDay(16)}"]`)));
    const toast = page.getByTestId("move-toast");
    await toast.getByText(`Article déplacé au ${formatDay(nextMonthDay(16), thisYear)}`).waitFor();
    expect(await localTimes(id)).toEqual({ fr: `${nextMonthDay(16)}T09:00`, en: `${nextMonthDay(16)}T10:30` });
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"][data-lang="en"]`).waitFor();

    await toast.locator('[data-action="undo-move"]').click();
    await page.locator(`[data-day="${nextMonthDay(15)}"] [data-article-id="${id}"][data-lang="en"]`).waitFor();
    expect(await localTimes(id)).toEqual({ fr: `${nextMonthDay(15)}T09:00`, en: `${nextMonthDay(15)}T10:30` });
    expect(await page.getByTestId("notice").innerText()).toContain("Déplacement annulé");

    // One language on purpose: only the French version moves.
    await page.getByTestId("move-scope").getByLabel("seulement FR").check();
    await mouseDrag(page, chip, await centerOf(page.locator(`[data-day="${nextMonthDay(17)}"]`)));
    await toast.getByText("version française seulement").waitFor();
    expect(await localTimes(id)).toEqual({ fr: `${nextMonthDay(17)}T09:00`, en: `${nextMonthDay(15)}T10:30` });
    watch.expectNone();
  });

  it("asks before a keyboard move, and moves nothing when the member cancels", async () => {
    const id = await scheduledArticle("Au clavier", "au-clavier");
    const { page, watch } = await memberPage();
    await openNextMonth(page);
    const chip = page.locator(`[data-day="${nextMonthDay(15)}"] [data-article-id="${id}"][data-lang="fr"]`);
    await chip.focus();
    await page.keyboard.press("ArrowRight");
    const confirm = page.getByTestId("confirm-move");
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(`Déplacer « Au clavier » au ${formatDay(nextMonthDay(16))} dans les deux langues`);
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    expect(await localTimes(id)).toEqual({ fr: `${nextMonthDay(15)}T09:00`, en: `${nextMonthDay(15)}T10:30` });

    await chip.focus();
    await page.keyboard.press("ArrowRight");
    await confirm.locator('[data-action="confirm"]').click();
    await page.locator(`[data-day="${nextMonthDay(16)}"] [data-article-id="${id}"][data-lang="en"]`).waitFor();
    expect(await localTimes(id)).toEqual({ fr: `${nextMonthDay(16)}T09:00`, en: `${nextMonthDay(16)}T10:30` });
    // The moved chip keeps the focus on its new day.
    await page.waitForFunction((d) => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") === d, nextMonthDay(16));
    watch.expectNone();
  });

  it("marks the English version à revoir when the French one changes, in the list and the editor, until marked up to date", async () => {
    const res = await call(s.server, "POST", "/api/articles", { cookie: s.admin.cookie, body: { fr: { title: "Au pas" }, en: { title: "In step" } } });
    const id = res.json.article.id as string;
    const fr = res.json.article.versions.fr;
    const saved = await call(s.server, "PUT", `/api/articles/${id}`, {
      cookie: s.admin.cookie,
      body: { fr: { title: "Au pas, toujours", version: fr.version } },
    });
    expect(saved.status, saved.text).toBe(200);
    const { page, watch } = await memberPage();
    await page.goto(`${s.server.url}/admin/blog-scheduler`);
    const mark = page.locator(`[data-testid="article-row"][data-article-id="${id}"] [data-lang="en"] [data-testid="translation-stale-mark"]`);
    await mark.waitFor();
    expect(await mark.innerText()).toMatch(/^Version anglaise à revoir \(version française modifiée le \d{1,2} [a-zéû]+\.?( \d{4})?\)$/);

    await page.goto(`${s.server.url}/admin/blog/edit/${id}`);
    const notice = page.locator('[data-testid="translation-stale"][data-lang="en"]');
    // The editor shows one language at a time (issue 20 §1): the English tab holds the notice.
    await page.locator("#tab-en").click();
    await notice.waitFor();
    expect(await page.locator('[data-testid="translation-stale"][data-lang="fr"]').count()).toBe(0);
    await notice.getByRole("button", { name: "Traduire depuis le français" }).waitFor();
    await notice.locator('[data-action="mark-synced"]').click();
    await notice.waitFor({ state: "detached" });
    await page.getByTestId("notice").filter({ hasText: "marquée comme à jour" }).waitFor();
    const after = await call(s.server, "GET", `/api/articles/${id}`, { cookie: s.admin.cookie });
    expect(after.json.article.versions.en.stale).toBeNull();
    watch.expectNone();
  });
});
