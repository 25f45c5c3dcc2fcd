import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, login } from "../tests/support/auth";
import { get } from "../tests/support/http";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { signedInContext, watchErrors } from "./builder-support";

/**
 * Review before publishing in real browsers (issue 25 §1): a contributor edits a page in Archimed, has no
 * "Publier" but "Demander une relecture"; the editor sees the count in the admin bar, asks for changes
 * once (the contributor reads the message on the page), then approves the next request, and visitors get
 * the page. The same for an article written in the article editor, whose bar asks instead of publishing.
 */
const SHOTS = process.env.REVIEW_SHOTS; // a folder: screenshots for a person to look at (kept out of git)
let server: TestServer;
let browser: Browser;
let editor: string;
let writer: string;
let pageId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const e = await addMember(server, admin, "editrice@archimed.test", "editor", "editor-password-1");
  editor = await login(server, e.email, e.password);
  const c = await call(server, "POST", "/api/team", {
    cookie: admin,
    body: { email: "camille@archimed.test", role: "contributor", password: "writer-password-1" },
  });
  expect(c.status).toBe(201);
  writer = await login(server, "camille@archimed.test", "writer-password-1");
  const created = await call(server, "POST", "/api/pages", {
    cookie: admin,
    body: { fr: { title: "Nouvelle offre", slug: "nouvelle-offre" }, en: { title: "New offer", slug: "new-offer" } },
  });
  pageId = created.json.page.id;
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe("review before publishing", () => {
  it("goes from a contributor's request to a published page through the editor's answers", async () => {
    const writerContext = await signedInContext(browser, server, writer, { width: 1440, height: 900 });
    const page = await writerContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/archimed-editor?page=${pageId}&lang=fr`);
    await page.locator('[data-action="request-review"]').waitFor();
    expect(await page.locator('[data-action="publish"]').count()).toBe(0);
    await page.locator('[data-action="request-review"]').click();
    await page.getByTestId("review-message").fill("Première version, dis-moi.");
    await page.locator('[data-action="send-review"]').click();
    await expect.poll(() => page.getByTestId("review-state").getAttribute("data-status")).toBe("pending");

    const editorContext = await signedInContext(browser, server, editor, { width: 1440, height: 900 });
    const reviewer = await editorContext.newPage();
    await reviewer.goto(`${server.url}/admin/reviews`);
    await expect.poll(() => reviewer.getByTestId("reviews-count").first().innerText()).toMatch(/^1/);
    await reviewer.getByTestId("review-request").waitFor();
    expect(await reviewer.getByTestId("review-request").innerText()).toContain("Première version, dis-moi.");
    await reviewer.locator('[data-action="ask-changes"]').click();
    await reviewer.getByTestId("changes-message").fill("Ajoute le prix dans le titre.");
    await reviewer.locator('[data-action="send-changes"]').click();
    await reviewer.getByTestId("reviews-empty").waitFor();

    // The contributor reads the answer on the page.
    await page.reload();
    await expect.poll(() => page.getByTestId("review-state").getAttribute("data-status")).toBe("changes_requested");
    await page.getByTestId("review-state").click();
    expect(await page.getByTestId("review-answer-dialog").innerText()).toContain("Ajoute le prix dans le titre.");
    await page.keyboard.press("Escape");

    // Asked again; approved and published.
    await page.locator('[data-action="request-review"]').click();
    await page.locator('[data-action="send-review"]').click();
    await expect.poll(() => page.getByTestId("review-state").getAttribute("data-status")).toBe("pending");
    await reviewer.reload();
    await reviewer.locator('[data-action="approve-review"]').click();
    await reviewer.getByTestId("reviews-empty").waitFor();
    await expect.poll(async () => (await get(server.url, "/page/nouvelle-offre")).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId("review-state").getAttribute("data-status")).toBe("approved");
    errors.expectNone();
    await writerContext.close();
    await editorContext.close();
  });

  it("a contributor writes an article and asks from the editor's bar; the editor approves it from À relire and it is public", async () => {
    const writerContext = await signedInContext(browser, server, writer, { width: 1440, height: 900 });
    const page = await writerContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/blog-scheduler`);
    await page.locator('[data-action="new-article"]').click();
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await page.getByTestId("writing-fr").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fr-title");
    await page.keyboard.type("Relu avant publication");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Un texte de Camille, à relire.");
    await page.locator('[data-testid="save-state"]', { hasText: "Enregistré" }).waitFor();

    // No Publier, no Programmer: the bar asks for a review instead.
    const bar = page.getByTestId("editor-bar");
    await bar.locator('[data-action="request-review"]').waitFor();
    expect(await bar.locator('[data-action="bar-publish"], [data-action="bar-schedule"]').count()).toBe(0);
    expect(await page.locator('[data-action="unpublish"], [data-action="remove-lang"]').count()).toBe(0);
    await bar.locator('[data-action="request-review"]').click();
    await page.getByTestId("review-message").fill("Mon premier article.");
    await page.locator('[data-action="send-review"]').click();
    await expect.poll(() => bar.getByTestId("review-state").getAttribute("data-status")).toBe("pending");
    if (SHOTS) {
      for (const width of [375, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await bar.screenshot({ path: `${SHOTS}/editor-bar-contributor-${width}.png` });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    const editorContext = await signedInContext(browser, server, editor, { width: 1440, height: 900 });
    const reviewer = await editorContext.newPage();
    await reviewer.goto(`${server.url}/admin/reviews`);
    const card = reviewer.locator(`[data-testid="review-request"][data-page="${id}"]`);
    await card.waitFor();
    // Only the French version was written: the untitled English one is not asked for.
    expect(await card.innerText()).toContain("article · FR");
    expect(await card.innerText()).not.toContain("FR + EN");
    expect(await card.innerText()).toContain("Mon premier article.");
    await card.locator('[data-action="approve-review"]').click();
    await reviewer.getByTestId("reviews-empty").waitFor();

    const article = (await call(server, "GET", `/api/articles/${id}`, { cookie: editor })).json.article;
    expect(article.versions.fr.state.kind).toBe("published");
    expect(article.versions.en.state.kind).toBe("draft");
    const publicPage = await get(server.url, article.versions.fr.path);
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain("Un texte de Camille, à relire.");
    await page.reload();
    await expect.poll(() => page.getByTestId("editor-bar").getByTestId("review-state").getAttribute("data-status")).toBe("approved");
    await page.getByTestId("editor-bar").locator('[data-lang="fr"][data-state="published"]').waitFor();
    errors.expectNone();
    await writerContext.close();
    await editorContext.close();
  });
});
