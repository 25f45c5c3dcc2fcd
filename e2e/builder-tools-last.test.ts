import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { centerOf, columnOf, docOf, el, elementById, idsIn, openBuilder } from "./builder-support";
import { api, editingSuite, freshSlug, page, publicHtml, publish, server } from "./builder-editing-support";

/**
 * Issue 12's last gaps (decision 026): the hero taken from the page on the first open of an empty page,
 * the drop placeholder of an element dragged into another block, and inline editing in the live preview
 * (archimed-element-update), each up to the published page.
 */
editingSuite();

async function save(p: Page) {
  await p.keyboard.press("ControlOrMeta+s");
  await p.waitForSelector("[data-testid=save-state][data-state=saved]");
}

describe("first open of an empty page: a hero taken from the page", () => {
  it("offers the other language's hero, copied with fresh ids, up to the published page", async () => {
    const slug = freshSlug("dernier");
    const id = await api.createPage(slug, "Nos ateliers");
    await api.save(id, docOf(["en", [[[12, [el("en1", "heading", "Our workshops", { level: 1 }), el("en2", "text", "<p>Hands-on sessions.</p>")]]]]]), "en");
    await openBuilder(page, server, id);
    const offer = page.getByTestId("empty-page-offer");
    const fromPage = offer.locator("[data-action=use-page-hero]");
    await fromPage.waitFor();
    expect(await fromPage.getAttribute("data-hero-source")).toBe("other-language");
    expect(await fromPage.innerText()).toContain("version anglaise");
    // The seed's default stays offered beside it; axe finds nothing in the offer.
    await offer.locator("[data-action=use-hero]").waitFor();
    expect((await new AxeBuilder({ page }).include("[data-testid=empty-page-offer]").analyze()).violations.map((v) => v.id)).toEqual([]);
    await fromPage.click();
    await offer.waitFor({ state: "detached" });
    await page.getByTestId("builder-canvas").getByRole("heading", { level: 1, name: "Our workshops" }).waitFor();
    expect(await page.getByTestId("builder-announcer").innerText()).toBe("Bloc d'accueil ajouté");
    await save(page);
    const doc = (await api.draft(id)).doc;
    const els = doc.blocks[0].sections[0].columns[0].elements;
    expect(els.map((e) => [e.type, e.content])).toEqual([
      ["heading", "Our workshops"],
      ["text", "<p>Hands-on sessions.</p>"],
    ]);
    expect(els.map((e) => e.id)).not.toContain("element-en1");
    expect(doc.blocks[0].id).not.toBe("block-en");
    await publish(page);
    expect(await publicHtml(`/page/${slug}`)).toContain("Our workshops");
    // Undo takes it back: the page is empty again and both offers return.
    await page.keyboard.press("ControlOrMeta+z");
    await offer.locator("[data-action=use-page-hero]").waitFor();
  });

  it("with nothing in the other language, offers the seed's hero headed by the page title", async () => {
    const id = await api.createPage(freshSlug("dernier"), "Cours & <stages>");
    await openBuilder(page, server, id);
    const fromPage = page.getByTestId("empty-page-offer").locator("[data-action=use-page-hero]");
    await fromPage.waitFor();
    expect(await fromPage.getAttribute("data-hero-source")).toBe("title");
    await fromPage.click();
    await page.getByTestId("builder-canvas").getByRole("heading", { level: 1, name: "Cours & <stages>" }).waitFor();
    await save(page);
    const els = (await api.draft(id)).doc.blocks[0].sections[0].columns[0].elements;
    expect(els.map((e) => e.type)).toEqual(["heading", "text", "button"]);
    expect(els[0].content).toBe("Cours &amp; &lt;stages&gt;");
  });
});

describe("dragging an element into another block", () => {
  it("shows a drop placeholder in the other block's column during the drag, and the element lands there, up to the published page", async () => {
    const slug = freshSlug("dernier");
    const id = await api.createPage(slug);
    await api.save(
      id,
      docOf(
        ["a", [[[12, [el("a1", "text", "<p>Voyageur</p>"), el("a2", "text", "<p>Reste ici</p>")]]]]],
        ["b", [[[12, [el("b1", "text", "<p>Premier de B</p>"), el("b2", "text", "<p>Second de B</p>")]]]]],
      ),
    );
    await openBuilder(page, server, id);
    const placeholder = page.getByTestId("cross-block-placeholder");
    expect(await placeholder.count()).toBe(0);
    const source = elementById(page, "element-a1");
    await source.hover();
    const handle = source.locator("[data-drag-handle=element]");
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 10, box.y + 14, { steps: 4 });
    // Over the lower half of B's first element: the placeholder outlines B's column, its bar between b1 and b2.
    const target = await centerOf(elementById(page, "element-b1"), 6);
    await page.mouse.move(target.x, target.y, { steps: 16 });
    await placeholder.waitFor();
    expect(await placeholder.getAttribute("data-column")).toBe("column-b00");
    expect(await placeholder.getAttribute("data-index")).toBe("1");
    const col = (await columnOf(page, "column-b00").boundingBox())!;
    const ph = (await placeholder.boundingBox())!;
    expect(Math.abs(ph.y - col.y)).toBeLessThan(2);
    expect(Math.abs(ph.height - col.height)).toBeLessThan(2);
    const bar = (await placeholder.locator("[data-placeholder-bar]").boundingBox())!;
    const b1 = (await elementById(page, "element-b1").boundingBox())!;
    const b2 = (await elementById(page, "element-b2").boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(b1.y + b1.height - 8);
    expect(bar.y + bar.height).toBeLessThanOrEqual(b2.y + 8);
    expect(await placeholder.isVisible()).toBe(true);
    // Back over its own block: the block's own list shows the place, this placeholder goes.
    const home = await centerOf(elementById(page, "element-a2"));
    await page.mouse.move(home.x, home.y, { steps: 8 });
    await placeholder.waitFor({ state: "detached" });
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await placeholder.waitFor();
    await page.waitForTimeout(100);
    await page.mouse.up();
    await placeholder.waitFor({ state: "detached" });
    await expect.poll(() => idsIn(columnOf(page, "column-b00"), "data-builder-element")).toEqual(["element-b1", "element-a1", "element-b2"]);
    expect(await idsIn(columnOf(page, "column-a00"), "data-builder-element")).toEqual(["element-a2"]);
    // Escape during a drag over another block: the placeholder goes, nothing moves.
    await elementById(page, "element-a2").hover();
    const h2 = (await elementById(page, "element-a2").locator("[data-drag-handle=element]").boundingBox())!;
    await page.mouse.move(h2.x + h2.width / 2, h2.y + h2.height / 2);
    await page.mouse.down();
    await page.mouse.move(h2.x + 10, h2.y + 14, { steps: 4 });
    const over = await centerOf(elementById(page, "element-b2"));
    await page.mouse.move(over.x, over.y, { steps: 12 });
    await placeholder.waitFor();
    await page.keyboard.press("Escape");
    await placeholder.waitFor({ state: "detached" });
    await page.mouse.up();
    expect(await idsIn(columnOf(page, "column-a00"), "data-builder-element")).toEqual(["element-a2"]);

    await save(page);
    const doc = (await api.draft(id)).doc;
    expect(doc.blocks[1].sections[0].columns[0].elements.map((e) => e.id)).toEqual(["element-b1", "element-a1", "element-b2"]);
    await publish(page);
    const html = await publicHtml(`/page/${slug}`);
    expect(html.indexOf("Premier de B")).toBeLessThan(html.indexOf("Voyageur"));
    expect(html.indexOf("Voyageur")).toBeLessThan(html.indexOf("Second de B"));
    expect(html.indexOf("Reste ici")).toBeLessThan(html.indexOf("Premier de B"));
  });
});

describe("inline editing in the live preview (archimed-element-update)", () => {
  it("a heading edited in the preview reaches the canvas as one undoable edit, up to the published page; hostile markup is stripped", async () => {
    const slug = freshSlug("dernier");
    const id = await api.createPage(slug);
    await api.save(
      id,
      docOf([
        "a",
        [
          [
            [
              12,
              [
                el("h", "heading", "Titre d'origine", { level: 1 }),
                el("t", "text", "<p>Un texte</p>"),
                el("b", "button", "Réserver", { href: "/contact" }),
                el("d", "divider", ""),
              ],
            ],
          ],
        ],
      ]),
    );
    await openBuilder(page, server, id);
    await page.locator("[data-action=toggle-mode]").click();
    await page.getByTestId("preview-spinner").waitFor({ state: "detached" });
    const frame = page.frameLocator("iframe[title='Aperçu de la page']");
    const heading = frame.getByRole("heading", { level: 1 });
    await heading.waitFor();

    // Escape cancels: nothing is sent, the preview shows the stored text again.
    await heading.dblclick();
    await frame.locator("[data-preview-editing]").waitFor();
    await page.keyboard.type("Jeté");
    await page.keyboard.press("Escape");
    await frame.locator("[data-preview-editing]").waitFor({ state: "detached" });
    expect(await frame.getByRole("heading", { level: 1 }).innerText()).toBe("Titre d'origine");

    // Double-click, type, Enter: the builder applies it and the preview shows it.
    await frame.getByRole("heading", { level: 1 }).dblclick();
    await frame.locator("[data-preview-editing]").waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Titre modifié dans l'aperçu");
    await page.keyboard.press("Enter");
    await expect.poll(() => frame.getByRole("heading", { level: 1 }).innerText()).toBe("Titre modifié dans l'aperçu");
    await page.getByTestId("element-settings").getByText("Élément : Titre").waitFor();

    // A button's label, committed by leaving it.
    await frame.getByText("Réserver").dblclick();
    await frame.locator("[data-preview-editing]").waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Réserver une table");
    await frame.getByText("Un texte").click();
    await expect.poll(() => frame.locator("a.el-button").innerText()).toBe("Réserver une table");

    // A text: Enter makes a new paragraph, Ctrl/Cmd+Enter commits.
    await frame.getByText("Un texte").dblclick();
    await frame.locator("[data-preview-editing]").waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Ligne une");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Ligne deux");
    await page.keyboard.press("ControlOrMeta+Enter");
    await frame.locator("[data-preview-editing]").waitFor({ state: "detached" });
    await expect.poll(() => frame.locator(".el-text:not(.el) p").allInnerTexts()).toEqual(["Ligne une", "Ligne deux"]);

    // A hostile payload posted by the preview's window: the markup that could run is dropped.
    const iframe = await page.locator("iframe[title='Aperçu de la page']").elementHandle();
    const win = (await iframe!.contentFrame())!;
    await win.evaluate(() => {
      window.parent.postMessage(
        {
          type: "archimed-element-update",
          elementId: "element-t",
          content: '<p>Propre <img src=x onerror="parent.__pwned=1"><script>parent.__pwned=2</script><a href="javascript:parent.__pwned=3">lien</a></p>',
        },
        location.origin,
      );
    });
    await expect.poll(() => frame.locator(".el-text:not(.el)").innerText()).toContain("Propre");
    // For an element not edited in place (a divider), or posted by another window than the preview: ignored.
    await win.evaluate(() => window.parent.postMessage({ type: "archimed-element-update", elementId: "element-d", content: "Pirate" }, location.origin));
    await page.evaluate(() => window.postMessage({ type: "archimed-element-update", elementId: "element-h", content: "Pirate" }, "*"));
    await page.waitForTimeout(200);
    expect(await frame.getByRole("heading", { level: 1 }).innerText()).toBe("Titre modifié dans l'aperçu");

    await page.locator("[data-action=toggle-mode]").click();
    const canvas = page.getByTestId("builder-canvas");
    await canvas.getByRole("heading", { level: 1, name: "Titre modifié dans l'aperçu" }).waitFor();
    expect(await elementById(page, "element-b").innerText()).toContain("Réserver une table");
    const textHtml = await elementById(page, "element-t").locator(".el-text:not(.el)").innerHTML();
    expect(textHtml).toContain("Propre");
    expect(textHtml).not.toMatch(/<img|<script|onerror|javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Each preview edit is one undoable step.
    await page.keyboard.press("Escape");
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => elementById(page, "element-t").innerText()).toContain("Ligne deux");
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect.poll(() => elementById(page, "element-t").innerText()).toContain("Propre");

    await save(page);
    const els = (await api.draft(id)).doc.blocks[0].sections[0].columns[0].elements;
    expect(els[0].content).toBe("Titre modifié dans l'aperçu");
    expect(els[2].content).toBe("Réserver une table");
    expect(els[1].content).not.toMatch(/<img|<script|onerror|javascript:/i);
    expect(els[3]).toMatchObject({ type: "divider", content: "" });
    await publish(page);
    const html = await publicHtml(`/page/${slug}`);
    expect(html).toContain("Titre modifié dans l'aperçu");
    expect(html).toContain("Réserver une table");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("__pwned");
  });
});
