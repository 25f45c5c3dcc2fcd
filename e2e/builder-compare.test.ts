import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, docOf, el, elementById, openBuilder, saveState, signedInContext, watchErrors, type Doc } from "./builder-support";

/**
 * Comparing versions (issue 25 §4 and §3, decision 050): a revision against the draft with its marks, one
 * block restored into the draft and nothing else changed; two editors on one page, the second save
 * conflicting, the per-block view keeping one block from each side, and the result stored.
 * COMPARE_SHOTS=folder keeps screenshots at 1024 and 1440 px in both themes, for a person to look at.
 */
const SHOTS = process.env.COMPARE_SHOTS;
const EDITOR = { email: "comparatrice@archimed.test", password: "editor-password-1" };

let server: TestServer;
let browser: Browser;
let admin: Api;
let editor: Api;
const open: BrowserContext[] = [];
let n = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
  admin = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  await addMember(server, admin.cookie, EDITOR.email, "editor", EDITOR.password);
  editor = await Api.signIn(server, EDITOR.email, EDITOR.password);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function newPage(api: Api, width = 1440, theme: "light" | "dark" = "light") {
  const ctx = await signedInContext(browser, server, api.cookie, { width, height: 900 });
  open.push(ctx);
  if (theme === "dark") await ctx.addInitScript(() => localStorage.setItem("theme", "dark"));
  const page = await ctx.newPage();
  return { page, watch: watchErrors(page) };
}

/** Three blocks as published: a title, a text, a closing text. */
const PUBLISHED = () =>
  docOf(
    ["a", [[[12, [el("ha", "heading", "Titre de la page", { level: 1 }), el("ta", "text", "<p>Introduction qui ne change pas.</p>")]]]]],
    ["b", [[[12, [el("tb", "text", "<p>Nos offres sont simples et claires.</p>")]]]]],
    ["c", [[[12, [el("tc", "text", "<p>Dernier bloc, supprimé ensuite.</p>")]]]]],
  );

async function pageWith(doc: Doc) {
  const slug = `comparaison-${++n}`;
  const id = await admin.createPage(slug, `Comparaison ${n}`);
  await admin.save(id, doc);
  return id;
}

const contentOf = (d: Doc, id: string) =>
  d.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements))).find((e) => e.id === `element-${id}`)?.content;
const waitState = (p: Page, state: string) => p.waitForSelector(`[data-testid=save-state][data-state=${state}]`);

/** Replaces a text or heading element's content through the inline editor. */
async function retype(p: Page, id: string, text: string) {
  const e = elementById(p, id);
  await e.dblclick();
  const editorBox = e.locator(".builder-inline-editor[contenteditable=true]");
  await editorBox.waitFor();
  await p.waitForFunction((node) => node?.contains(document.activeElement) ?? false, await editorBox.elementHandle());
  await p.keyboard.press("ControlOrMeta+a");
  await p.keyboard.type(text);
  await p.getByTestId("builder-canvas").click({ position: { x: 5, y: 5 } });
  await editorBox.waitFor({ state: "detached" });
}

describe("comparing a revision with the draft", () => {
  it("marks added, removed and changed blocks and words; Restaurer ce bloc puts one block back and nothing else changes", async () => {
    const id = await pageWith(PUBLISHED());
    await admin.publish(id);
    const published = (await admin.draft(id)).doc;
    // The draft since: block b retyped, block c deleted, a block d added.
    const draft = PUBLISHED();
    draft.blocks[1].sections[0].columns[0].elements[0].content = "<p>Nos offres sont désormais complètes et claires.</p>";
    draft.blocks.splice(2, 1);
    draft.blocks.push(docOf(["d", [[[12, [el("td", "text", "<p>Un bloc tout neuf.</p>")]]]]]).blocks[0]);
    await admin.save(id, draft);
    const drafted = (await admin.draft(id)).doc;
    // The English version, published then changed.
    await admin.save(id, docOf(["en", [[[12, [el("te", "text", "<p>English text as published.</p>")]]]]]), "en");
    await admin.publish(id, "en");
    await admin.save(id, docOf(["en", [[[12, [el("te", "text", "<p>English text, changed since.</p>")]]]]]), "en");

    const { page, watch } = await newPage(admin);
    await openBuilder(page, server, id);
    await page.locator("[data-action=revisions]").click();
    await page.getByTestId("revision-list").locator("[data-action=compare-revision]").first().click();
    const dialog = page.getByTestId("compare-dialog");
    const rows = dialog.getByTestId("compare-block");
    await expect.poll(() => rows.count()).toBe(4);
    expect(await dialog.getByTestId("compare-summary").innerText()).toContain("Blocs\u00A0: 1 modifié, 1 ajouté, 1 supprimé.");
    const row = (block: string) => dialog.locator(`[data-compare-row="block-${block}"]`);
    expect(await row("a").getAttribute("data-kind")).toBe("same");
    expect(await row("a").innerText()).toContain("identique");
    // Each mark says what it is, not only by its colour.
    expect(await row("b").getAttribute("data-kind")).toBe("changed");
    expect(await row("b").locator("[data-mark]").first().innerText()).toBe("Modifié");
    expect(await row("c").locator("[data-mark]").first().innerText()).toBe("Supprimé");
    expect(await row("d").locator("[data-mark]").first().innerText()).toBe("Ajouté");
    // Removed where it was: between b and d.
    expect(await rows.evaluateAll((nodes) => nodes.map((x) => x.getAttribute("data-compare-row")))).toEqual(["block-a", "block-b", "block-c", "block-d"]);
    // Both sides rendered with the page's renderers; the changed words marked.
    expect(await row("b").locator("[data-side=before]").innerText()).toContain("Nos offres sont simples et claires.");
    expect(await row("b").locator("[data-side=after]").innerText()).toContain("désormais complètes");
    const words = row("b").getByTestId("text-diff");
    expect(await words.locator("ins").allInnerTexts()).toEqual([expect.stringContaining("désormais complètes")]);
    expect(await words.locator("del").allInnerTexts()).toEqual([expect.stringContaining("simples")]);
    // A deleted block can be restored; a block only in the draft has nothing to restore.
    expect(await row("d").locator("[data-action=restore-block]").count()).toBe(0);

    // Labels, names and contrast of the view itself (the renderings inside are the page's, checked elsewhere).
    const { violations } = await new AxeBuilder({ page }).include("[data-testid=compare-dialog]").exclude("[data-side] > div").analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);

    await row("b").locator("[data-action=restore-block]").click();
    await expect.poll(() => row("b").getAttribute("data-kind")).toBe("same");
    expect(await dialog.getByTestId("compare-summary").innerText()).toContain("Bloc restauré dans le brouillon.");
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await elementById(page, "element-tb").innerText()).toContain("Nos offres sont simples et claires.");
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    // Stored: block b as published, everything else as the draft was (c still deleted, d still there).
    const stored = (await admin.draft(id)).doc;
    expect(stored.blocks).toEqual([drafted.blocks[0], published.blocks[1], drafted.blocks[2]]);

    // A deleted block comes back where it was.
    await page.locator("[data-action=revisions]").click();
    await page.getByTestId("revision-list").locator("[data-action=compare-revision]").first().click();
    await row("c").waitFor();
    await row("c").locator("[data-action=restore-block]").click();
    await expect.poll(() => row("c").getAttribute("data-kind")).toBe("same");
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    expect((await admin.draft(id)).doc.blocks.map((b) => b.id)).toEqual(["block-a", "block-b", "block-c", "block-d"]);
    // The other language: its revision against its draft, compared only (restoring happens in its own builder).
    await page.locator("[data-action=revisions]").click();
    await page.getByTestId("revision-list").locator("[data-action=compare-revision]").first().click();
    await dialog.locator("[data-action=compare-lang]").selectOption("en");
    await expect.poll(() => dialog.locator("[data-action=compare-left] option").count()).toBe(2);
    await dialog.locator("[data-action=compare-left]").selectOption({ index: 1 });
    await expect.poll(() => dialog.locator('[data-compare-row="block-en"]').getAttribute("data-kind")).toBe("changed");
    expect(await dialog.locator('[data-compare-row="block-en"] [data-side=before]').innerText()).toContain("English text as published.");
    expect(await dialog.getByTestId("compare-summary").innerText()).toContain("Version anglaise\u00A0: ouvrez-la dans le constructeur");
    expect(await dialog.locator("[data-action=restore-block]").count()).toBe(0);
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await dialog.waitFor({ state: "detached" });

    // Undoable like any edit: Ctrl+Z takes the block out again.
    await page.getByTestId("builder-canvas").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => page.locator("[data-builder-block]").count()).toBe(3);
    watch.expectNone();
  });
});

describe("an article's body", () => {
  it("has revisions too: its builder compares one with the draft and restores a section of it", async () => {
    const created = await call(server, "POST", "/api/articles", { cookie: admin.cookie, body: { fr: { title: "Article comparé", slug: "article-compare" } } });
    expect(created.status).toBe(201);
    const id: string = created.json.article.id;
    await admin.save(id, PUBLISHED());
    const version = (await admin.draft(id)).version;
    const published = await call(server, "POST", `/api/articles/${id}/fr/publish`, { cookie: admin.cookie, body: { version } });
    expect(published.status).toBe(200);
    const draft = PUBLISHED();
    draft.blocks[1].sections[0].columns[0].elements[0].content = "<p>Un paragraphe réécrit.</p>";
    await admin.save(id, draft);

    const { page, watch } = await newPage(admin);
    await openBuilder(page, server, id);
    await page.locator("[data-action=revisions]").click();
    await page.getByTestId("revision-list").locator("[data-action=compare-revision]").first().click();
    const row = page.getByTestId("compare-dialog").locator('[data-compare-row="block-b"]');
    await expect.poll(() => row.getAttribute("data-kind")).toBe("changed");
    await row.locator('[data-testid=section-change] [data-action="restore-section"]').click();
    await expect.poll(() => row.getAttribute("data-kind")).toBe("same");
    expect(await page.getByTestId("compare-summary").innerText()).toContain("Section restaurée dans le brouillon.");
    await page.getByTestId("compare-dialog").getByRole("button", { name: "Fermer" }).click();
    await page.keyboard.press("ControlOrMeta+s");
    await waitState(page, "saved");
    expect(contentOf((await admin.draft(id)).doc, "tb")).toBe("<p>Nos offres sont simples et claires.</p>");
    watch.expectNone();
  });
});

describe("a save that conflicts", () => {
  it("shows their version and mine block by block; one block kept from each side is what is stored", async () => {
    const id = await pageWith(
      docOf(["a", [[[12, [el("ha", "heading", "Titre d'origine", { level: 1 })]]]]], ["b", [[[12, [el("tb", "text", "<p>Texte d'origine</p>")]]]]]),
    );
    const mine = await newPage(admin);
    await openBuilder(mine.page, server, id);

    // The other member saves meanwhile through the API: one member at a time holds a page in the builder
    // (decision 049), and a save from outside an editor is judged by the version lock alone.
    await editor.save(
      id,
      docOf(["a", [[[12, [el("ha", "heading", "Titre de l'éditrice", { level: 1 })]]]]], ["b", [[[12, [el("tb", "text", "<p>Texte de l'éditrice</p>")]]]]]),
    );

    await retype(mine.page, "element-ha", "Titre de l'administrateur");
    await retype(mine.page, "element-tb", "Texte de l'administrateur");
    await mine.page.keyboard.press("ControlOrMeta+s");
    await waitState(mine.page, "conflict");

    await mine.page.getByTestId("builder-message").locator("[data-action=conflict-compare]").click();
    const dialog = mine.page.getByTestId("conflict-dialog");
    const rows = dialog.getByTestId("compare-block");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await dialog.getByTestId("conflict-summary").innerText()).toMatch(/comparatrice@archimed\.test a enregistré cette page le .+2 blocs diffèrent/);
    const row = (block: string) => dialog.locator(`[data-compare-row="block-${block}"]`);
    expect(await row("a").locator("[data-side=before]").innerText()).toContain("Titre de l'éditrice");
    expect(await row("a").locator("[data-side=after]").innerText()).toContain("Titre de l'administrateur");
    // Both changed since the last save: it says so, and starts on mine.
    expect(await row("a").innerText()).toContain("Modifié des deux côtés");
    expect(await row("a").getByRole("radio", { name: "Garder la mienne" }).isChecked()).toBe(true);
    const { violations } = await new AxeBuilder({ page: mine.page }).include("[data-testid=conflict-dialog]").exclude("[data-side] > div").analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(" ")).join(", ")}`)).toEqual([]);

    if (SHOTS)
      for (const width of [1440, 1024])
        for (const theme of ["light", "dark"]) {
          await mine.page.setViewportSize({ width, height: 900 });
          await mine.page.evaluate((t) => {
            document.documentElement.classList.remove("light", "dark");
            document.documentElement.classList.add(t);
            document.documentElement.setAttribute("data-theme", t);
          }, theme);
          await mine.page.screenshot({ path: `${SHOTS}/conflict-${width}-${theme}.png` });
        }

    await row("a").getByText("Garder la leur").click();
    expect(await row("a").getByRole("radio", { name: "Garder la leur" }).isChecked()).toBe(true);
    await dialog.locator("[data-action=conflict-save]").click();
    await dialog.waitFor({ state: "detached" });
    await waitState(mine.page, "saved");
    const stored = (await admin.draft(id)).doc;
    expect(contentOf(stored, "ha")).toBe("Titre de l'éditrice");
    expect(contentOf(stored, "tb")).toBe("<p>Texte de l'administrateur</p>");
    expect((await admin.draft(id)).updatedBy).toBe(ADMIN_EMAIL);
    expect(await elementById(mine.page, "element-ha").innerText()).toContain("Titre de l'éditrice");
    expect(await saveState(mine.page)).toBe("saved");
    // Working on saves normally on the merged version.
    await retype(mine.page, "element-tb", "Suite après la fusion");
    await mine.page.keyboard.press("ControlOrMeta+s");
    await waitState(mine.page, "saved");
    expect(contentOf((await admin.draft(id)).doc, "tb")).toBe("<p>Suite après la fusion</p>");
    // The browser logs the refused saves (an autosave may have met the conflict before Ctrl+S did): those only.
    expect(mine.watch.expectOnly(/status of 409 \(Conflict\)/)).toBeGreaterThan(0);
  });
});

describe.runIf(SHOTS)("screenshots", () => {
  it("the compare and conflict views at 1024 and 1440 px, light and dark", async () => {
    const id = await pageWith(PUBLISHED());
    await admin.publish(id);
    const draft = PUBLISHED();
    draft.blocks[1].sections[0].columns[0].elements[0].content = "<p>Nos offres sont désormais complètes et claires.</p>";
    draft.blocks.splice(2, 1);
    await admin.save(id, draft);
    for (const width of [1024, 1440])
      for (const theme of ["light", "dark"] as const) {
        const { page } = await newPage(admin, width, theme);
        await openBuilder(page, server, id);
        // Below 1440 px, Révisions is in the Outils menu.
        if (width < 1440) {
          await page.locator("[data-action=tools-menu]").click();
          await page.getByRole("menuitem", { name: "Révisions" }).click();
        } else await page.locator("[data-action=revisions]").click();
        await page.getByTestId("revision-list").locator("[data-action=compare-revision]").first().click();
        await page.getByTestId("compare-block").first().waitFor();
        await page.screenshot({ path: `${SHOTS}/compare-${width}-${theme}.png` });
      }
  });
});
