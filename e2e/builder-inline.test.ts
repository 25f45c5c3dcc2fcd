import { describe, expect, it } from "vitest";
import { announcer, blocks, columnOf, docOf, el, elementById, idsIn, saveState, selectedIds } from "./builder-support";
import { editingSuite, openWith, page, TWO_COLUMNS } from "./builder-editing-support";

/**
 * The builder in a real browser: inline editing (Tiptap for headings and texts, inputs for labels and
 * addresses, the link editor) and undo/redo.
 */
editingSuite();

describe("inline editing", () => {
  it("a heading: double-click opens Tiptap; the floating toolbar formats the selection; blur commits", async () => {
    await openWith(TWO_COLUMNS());
    const h = elementById(page, "element-a1");
    await h.dblclick();
    const editor = h.locator(".builder-inline-editor[contenteditable=true]");
    await editor.waitFor();
    // The editor focuses itself once mounted; keys sent before would land elsewhere.
    await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Titre modifié en ligne");
    // Select the last word: the floating toolbar appears with its seven buttons.
    for (let i = 0; i < "ligne".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    const toolbar = page.locator("[data-bubble-toolbar]");
    await toolbar.waitFor({ state: "visible" });
    expect(await toolbar.getByRole("button").evaluateAll((b) => b.map((x) => x.getAttribute("aria-label")))).toEqual([
      "Gras",
      "Italique",
      "Souligné",
      "Lien",
      "Aligner à gauche",
      "Centrer",
      "Aligner à droite",
    ]);
    await toolbar.getByRole("button", { name: "Gras" }).click();
    await toolbar.getByRole("button", { name: "Italique" }).click();
    await toolbar.getByRole("button", { name: "Souligné" }).click();
    expect(await toolbar.getByRole("button", { name: "Gras" }).getAttribute("class")).toContain("bg-brand-yellow");
    // Still editing after the toolbar clicks.
    expect(await editor.count()).toBe(1);
    // Blur: click on another element.
    await elementById(page, "element-b1").click();
    await editor.waitFor({ state: "detached" });
    const html = await h.locator(":scope > .el > *").innerHTML();
    expect(html).toBe("Titre modifié en <strong><em><u>ligne</u></em></strong>");
    expect(await saveState(page)).toBe("dirty");
    // One undoable step.
    await page.keyboard.press("ControlOrMeta+z");
    expect(await h.locator(":scope > .el").innerText()).toBe("Premier titre");

    // A heading is one line: Enter commits instead of opening a paragraph inside the heading.
    await h.dblclick();
    await editor.waitFor();
    // The editor focuses itself once mounted; keys sent before would land elsewhere.
    await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
    await page.keyboard.press("End");
    await page.keyboard.type(" court");
    await page.keyboard.press("Enter");
    await editor.waitFor({ state: "detached" });
    expect(await h.locator(":scope > .el > *").innerHTML()).toBe("Premier titre court");
  });

  it("a text: select then Enter (or Modifier) edits; link and alignment from the toolbar; Escape keeps the text", async () => {
    await openWith(TWO_COLUMNS());
    const t = elementById(page, "element-a2");
    await t.click();
    await page.keyboard.press("Enter");
    const editor = t.locator(".builder-inline-editor[contenteditable=true]");
    await editor.waitFor();
    // The editor focuses itself once mounted; keys sent before would land elsewhere.
    await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
    await page.keyboard.press("End");
    for (let i = 0; i < "élément".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    const toolbar = page.locator("[data-bubble-toolbar]");
    await toolbar.waitFor({ state: "visible" });
    await toolbar.getByRole("button", { name: "Lien" }).click();
    // The Éditeur de lien (its full journey is in builder-tools.test.ts).
    const linkDialog = page.getByTestId("link-editor");
    const address = linkDialog.getByLabel("URL");
    // An address the server would drop is refused here, with a message, and sets no link.
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    expect(await linkDialog.getByRole("alert").innerText()).toMatch(/^Adresse invalide/);
    expect(await editor.locator("a").count()).toBe(0);
    // Escape goes back to the editor without a link; the selection is still there.
    await address.press("Escape");
    await linkDialog.waitFor({ state: "detached" });
    await toolbar.getByRole("button", { name: "Lien" }).click();
    expect(await address.inputValue()).toBe("");
    expect(await linkDialog.getByLabel("Texte du lien").inputValue()).toBe("élément");
    await address.fill("https://exemple.fr/offre");
    await address.press("Enter");
    await linkDialog.waitFor({ state: "detached" });
    await toolbar.waitFor({ state: "visible" });
    await toolbar.getByRole("button", { name: "Centrer" }).click();
    await page.locator("[data-testid=builder-canvas]").click({ position: { x: 5, y: 5 } });
    await editor.waitFor({ state: "detached" });
    const html = await t.locator(":scope > .el > *").innerHTML();
    expect(html).toMatch(/<p style="text-align: ?center;?">Deuxième <a [^>]*href="https:\/\/exemple\.fr\/offre"[^>]*>élément<\/a><\/p>/);

    // Escape keeps what was typed (issue 11 §5) and leaves the editing; a second Escape deselects.
    await t.click();
    await t.getByRole("button", { name: "Modifier" }).click();
    await editor.waitFor();
    // The editor focuses itself once mounted; keys sent before would land elsewhere.
    await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
    await page.keyboard.type(" — texte gardé");
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    expect(await t.locator(":scope > .el").innerText()).toBe("Deuxième élément — texte gardé");
    expect(await selectedIds(page)).toEqual(["element-a2"]);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelectorAll("[data-selected=true]").length === 0);
    // One undo step brings the text back as it was.
    await page.keyboard.press("ControlOrMeta+z");
    expect(await t.locator(":scope > .el > *").innerHTML()).toBe(html);
  });

  it("the link editor: shows the current address, Retirer le lien takes the link off, Annuler changes nothing", async () => {
    await openWith(docOf(["l", [[[12, [el("l1", "text", '<p>Voir <a href="https://exemple.fr/ancien">nos offres</a> maintenant</p>')]]]]]));
    const t = elementById(page, "element-l1");
    await t.click();
    await page.keyboard.press("Enter");
    const editor = t.locator(".builder-inline-editor[contenteditable=true]");
    await editor.waitFor();
    await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await editor.elementHandle());
    // Select "offres", inside the link.
    await editor.locator("a").dblclick();
    const toolbar = page.locator("[data-bubble-toolbar]");
    await toolbar.waitFor({ state: "visible" });
    await toolbar.getByRole("button", { name: "Lien" }).click();
    const linkDialog = page.getByTestId("link-editor");
    const address = linkDialog.getByLabel("URL");
    expect(await address.inputValue()).toBe("https://exemple.fr/ancien");
    expect(await linkDialog.getByLabel("Ouvrir dans un nouvel onglet").isChecked()).toBe(false);
    await linkDialog.getByRole("button", { name: "Retirer le lien" }).click();
    await linkDialog.waitFor({ state: "detached" });
    expect(await editor.locator("a").count()).toBe(0);

    // Annuler in the link editor changes nothing; the editing goes on, and a click elsewhere ends it.
    await page.keyboard.press("End");
    for (let i = 0; i < "maintenant".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await toolbar.waitFor({ state: "visible" });
    await toolbar.getByRole("button", { name: "Lien" }).click();
    await address.fill("/offres");
    await linkDialog.getByRole("button", { name: "Annuler" }).click();
    await linkDialog.waitFor({ state: "detached" });
    await page.locator("[data-testid=builder-canvas]").click({ position: { x: 5, y: 5 } });
    await editor.waitFor({ state: "detached" });
    expect(await t.locator(":scope > .el > *").innerHTML()).toBe("<p>Voir nos offres maintenant</p>");
  });

  it("a button label, an image URL and a video URL: an input that commits on Enter, Escape or blur", async () => {
    await openWith(
      docOf([
        "m",
        [
          [
            [
              12,
              [
                el("btn", "button", "Réserver", { href: "/offres" }),
                el("img", "image", "/media/seed/atelier-equipe.jpg", { alt: "Atelier" }),
                el("vid", "video", "https://www.youtube.com/embed/aqz-KE-bpKQ"),
              ],
            ],
          ],
        ],
      ]),
    );
    const btn = elementById(page, "element-btn");
    await btn.dblclick();
    const input = btn.getByLabel("Texte du bouton");
    expect(await input.inputValue()).toBe("Réserver");
    await input.fill("Prendre rendez-vous");
    await input.press("Enter");
    await input.waitFor({ state: "detached" });
    expect(await btn.locator(":scope > .el").innerText()).toBe("Prendre rendez-vous");

    const img = elementById(page, "element-img");
    await img.click();
    await img.getByRole("button", { name: "Modifier" }).click();
    const url = img.getByLabel("URL de l'image");
    await url.fill("/media/seed/reseaux-sociaux.jpg");
    await elementById(page, "element-btn").click(); // blur
    await url.waitFor({ state: "detached" });
    expect(await img.locator("img").getAttribute("src")).toContain("/media/seed/reseaux-sociaux");

    const vid = elementById(page, "element-vid");
    // A click selects the video; it must not start it (the player would then swallow the double-click).
    await vid.click();
    expect(await selectedIds(page)).toEqual(["element-vid"]);
    expect(await vid.locator("iframe").count()).toBe(0);
    // A double-click opens the Médiathèque for this video; its address is edited with Modifier.
    await vid.dblclick();
    const picker = page.getByTestId("media-picker");
    await picker.waitFor();
    await picker.getByRole("button", { name: "Fermer", exact: true }).first().click();
    await picker.waitFor({ state: "detached" });
    await vid.click();
    await vid.getByRole("button", { name: "Modifier" }).click();
    const vurl = vid.getByLabel("URL de la vidéo");
    expect(await vid.innerText()).toContain("Utilisez l'URL d'intégration YouTube ou Vimeo");
    await vurl.fill("https://player.vimeo.com/video/1");
    // Escape keeps what was typed (issue 11 §5) and leaves the editing; the video stays selected.
    await vurl.press("Escape");
    await vurl.waitFor({ state: "detached" });
    expect(await selectedIds(page)).toEqual(["element-vid"]);
    await vid.getByRole("button", { name: "Modifier" }).click();
    expect(await vid.getByLabel("URL de la vidéo").inputValue()).toBe("https://player.vimeo.com/video/1");
    await page.keyboard.press("Escape");
    await vid.getByLabel("URL de la vidéo").waitFor({ state: "detached" });

    // Three committed changes, three undo steps.
    await page.keyboard.press("ControlOrMeta+z");
    await vid.getByRole("button", { name: "Modifier" }).click();
    expect(await vid.getByLabel("URL de la vidéo").inputValue()).toBe("https://www.youtube.com/embed/aqz-KE-bpKQ");
    await page.keyboard.press("Escape");
    await vid.getByLabel("URL de la vidéo").waitFor({ state: "detached" });
    await page.keyboard.press("ControlOrMeta+z");
    expect(await img.locator("img").getAttribute("src")).toContain("atelier-equipe");
    await page.keyboard.press("ControlOrMeta+z");
    expect(await btn.locator(":scope > .el").innerText()).toBe("Réserver");
  });
});

describe("undo and redo", () => {
  it("Ctrl+Z / Ctrl+Shift+Z and the buttons walk the history; the buttons are disabled at its ends", async () => {
    await openWith(TWO_COLUMNS());
    const undoBtn = page.locator("[data-action=undo]");
    const redoBtn = page.locator("[data-action=redo]");
    const colA = columnOf(page, "column-a00");
    await page.locator("[data-action=add-layout-two]").click();
    await elementById(page, "element-a2").click();
    await elementById(page, "element-a2").locator("[data-action=delete-element]").click();
    // A full row (6 + 6) cannot grow a column (issue 11 §3): the gesture is a narrowing.
    await columnOf(page, "column-a00").locator("[data-action=width-decrease]").click();
    expect(await blocks(page).count()).toBe(3);
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a1", "element-a3"]);
    expect(await colA.locator("[data-column-width]").innerText()).toBe("5/12");
    expect(await undoBtn.isEnabled()).toBe(true);
    expect(await redoBtn.isDisabled()).toBe(true);

    await page.keyboard.press("ControlOrMeta+z");
    expect(await colA.locator("[data-column-width]").innerText()).toBe("6/12");
    expect(await announcer(page).innerText()).toBe("Modification annulée");
    await undoBtn.click();
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a1", "element-a2", "element-a3"]);
    await page.keyboard.press("ControlOrMeta+z");
    expect(await blocks(page).count()).toBe(2);
    expect(await undoBtn.isDisabled()).toBe(true);
    expect(await saveState(page)).toBe("dirty");

    await page.keyboard.press("ControlOrMeta+Shift+z");
    expect(await blocks(page).count()).toBe(3);
    expect(await announcer(page).innerText()).toBe("Modification rétablie");
    await redoBtn.click();
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a1", "element-a3"]);
    await page.keyboard.press("ControlOrMeta+y");
    expect(await colA.locator("[data-column-width]").innerText()).toBe("5/12");
    expect(await redoBtn.isDisabled()).toBe(true);

    // A new change after an undo drops the redo branch.
    await undoBtn.click();
    await columnOf(page, "column-a01").locator("[data-action=width-decrease]").click();
    expect(await redoBtn.isDisabled()).toBe(true);
  });

  it("Ctrl+Z inside an inline editor is the editor's own undo, not the page's", async () => {
    await openWith(TWO_COLUMNS());
    await page.locator("[data-action=add-layout-full]").click();
    const t = elementById(page, "element-a2");
    await t.dblclick();
    await t.locator(".builder-inline-editor").waitFor();
    // The editor takes the focus a frame after it shows: keys typed before would go to the page.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest(".builder-inline-editor"))).toBe(true);
    await page.keyboard.type(" X");
    await page.keyboard.press("ControlOrMeta+z");
    expect(await blocks(page).count()).toBe(3);
  });
});
