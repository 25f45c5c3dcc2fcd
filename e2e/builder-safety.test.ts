import path from "node:path";
import { describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { blocks, docOf, el, elementById, openBuilder, selectedIds } from "./builder-support";
import { api, editingSuite, freshSlug, openWith, page, server, SHOTS } from "./builder-editing-support";

/**
 * Safety nets that people see (issue 11 §5), in a real browser: the undo toast, Escape keeping typed
 * text, inline editing keeping the element's look, the unpublished-changes state on Publier and the
 * pre-publish checklist.
 */
editingSuite();

const FINISHED = () =>
  docOf(
    ["a", [[[12, [el("h1", "heading", "Nos offres", { level: 1, styles: { fontSize: "48px", fontWeight: "800", color: "#787878", textAlign: "center" } })]]]]],
    [
      "b",
      [
        [
          [6, [el("t", "text", "<p>Un texte de la page.</p>")]],
          [6, [el("go", "button", "Nous écrire", { href: "/contact" })]],
        ],
      ],
    ],
  );

describe("the undo toast", () => {
  it("Bloc supprimé · Annuler brings the block back in one click, from a polite status beside the canvas", async () => {
    await openWith(FINISHED());
    const block = page.locator('[data-builder-block="block-b"]');
    await block.hover();
    await block.locator("[data-action=delete-block]").click();
    expect(await blocks(page).count()).toBe(1);
    const toast = page.getByTestId("undo-toast");
    expect(await toast.getAttribute("role")).toBe("status");
    await toast.getByText("Bloc supprimé").waitFor();
    // Beside the canvas, never over it.
    const t = (await toast.locator("[data-offer]").boundingBox())!;
    const canvas = (await page.locator("section[aria-label='Canevas de la page']").boundingBox())!;
    expect(t.x + t.width).toBeLessThanOrEqual(canvas.x);
    await page.screenshot({ path: path.join(SHOTS, "safety-toast-1440.png") });
    // Reachable by keyboard: focus it and press Enter.
    await toast.getByRole("button", { name: "Annuler" }).focus();
    await page.keyboard.press("Enter");
    expect(await blocks(page).count()).toBe(2);
    expect(await elementById(page, "element-go").isVisible()).toBe(true);
    await toast.locator("[data-offer]").waitFor({ state: "detached" });
  });

  it("deleting an element offers its undo too, and a later change withdraws the offer", async () => {
    await openWith(FINISHED());
    await elementById(page, "element-t").click();
    await page.keyboard.press("Delete");
    const toast = page.getByTestId("undo-toast");
    await toast.getByText("Élément supprimé").waitFor();
    await toast.getByRole("button", { name: "Annuler" }).click();
    await elementById(page, "element-t").waitFor();
    await elementById(page, "element-go").click();
    await page.keyboard.press("Delete");
    await toast.getByText("Élément supprimé").waitFor();
    // Another change (a duplicate) withdraws the offer: Annuler never undoes something else.
    await elementById(page, "element-h1").click();
    await elementById(page, "element-h1").locator("[data-action=duplicate-element]").click();
    await toast.locator("[data-offer]").waitFor({ state: "detached" });
  });
});

describe("the undo toast for a gallery image", () => {
  it("Image supprimée · Annuler puts the removed image back at its position, with its alt text", async () => {
    const images = [
      { url: "/media/seed/atelier-equipe.jpg", alt: "L'équipe" },
      { url: "/media/seed/reseaux-sociaux.jpg", alt: "Réseaux" },
      { url: "/media/seed/boutique-click-collect.jpg", alt: "La boutique" },
    ];
    await openWith(docOf(["a", [[[12, [el("g", "gallery", JSON.stringify({ type: "grid", options: { columns: 3, gap: "10px" }, images }))]]]]]));
    await elementById(page, "element-g").click();
    const list = page.getByTestId("element-settings").getByTestId("gallery-images");
    const rows = () =>
      list
        .locator("[data-gallery-image]")
        .evaluateAll((n) => n.map((x) => [x.getAttribute("data-gallery-image"), (x.querySelector("input") as HTMLInputElement).value]));
    // An alt edit just before, then the removal: Annuler undoes the removal only.
    const alt1 = list.getByLabel("Texte alternatif de l'image 1");
    await alt1.fill("L'équipe au travail");
    await list.getByRole("button", { name: "Retirer l'image 2" }).click();
    await expect.poll(rows).toEqual([
      ["/media/seed/atelier-equipe.jpg", "L'équipe au travail"],
      ["/media/seed/boutique-click-collect.jpg", "La boutique"],
    ]);
    const toast = page.getByTestId("undo-toast");
    await toast.getByText("Image supprimée").waitFor();
    await toast.getByRole("button", { name: "Annuler" }).click();
    await expect.poll(rows).toEqual([
      ["/media/seed/atelier-equipe.jpg", "L'équipe au travail"],
      ["/media/seed/reseaux-sociaux.jpg", "Réseaux"],
      ["/media/seed/boutique-click-collect.jpg", "La boutique"],
    ]);
    expect(await elementById(page, "element-g").locator("img").count()).toBe(3);
    await toast.locator("[data-offer]").waitFor({ state: "detached" });
  });
});

describe("the undo toast for a saved model", () => {
  it("Modèle supprimé · Annuler puts the model back in the library, with its block", async () => {
    const block = docOf(["m", [[[12, [el("m1", "text", "<p>Bloc du modèle</p>")]]]]]).blocks[0];
    const saved = await call(server, "POST", "/api/saved-sections", { cookie: api.cookie, body: { name: "Modèle à rétablir", block } });
    expect(saved.status, saved.text).toBe(201);
    await openWith(FINISHED());
    const model = page.locator('[data-saved-model="Modèle à rétablir"]');
    await model.waitFor();
    await model.locator("[data-action=delete-model]").click();
    await page.getByTestId("confirm-delete-model").getByRole("button", { name: "Supprimer le modèle" }).click();
    await model.waitFor({ state: "detached" });
    const toast = page.getByTestId("undo-toast");
    await toast.getByText("Modèle supprimé").waitFor();
    await toast.getByRole("button", { name: "Annuler" }).click();
    await model.waitFor();
    // Back on the server too: inserting it gives the block's text.
    const list = await call(server, "GET", "/api/saved-sections", { cookie: api.cookie });
    expect(list.json.sections.map((x: { name: string }) => x.name)).toContain("Modèle à rétablir");
    await model.locator("[data-action=insert-model]").click();
    expect(await page.getByTestId("builder-canvas").textContent()).toContain("Bloc du modèle");
  });
});

describe("inline editing", () => {
  it("Escape keeps the typed text and leaves editing; the heading keeps its size, weight, colour and alignment", async () => {
    await openWith(FINISHED());
    const h = elementById(page, "element-h1");
    const look = (sel: string) =>
      h.locator(sel).evaluate((n) => {
        const s = getComputedStyle(n);
        return { size: s.fontSize, weight: s.fontWeight, color: s.color, align: s.textAlign, tag: n.tagName };
      });
    const before = await look(":scope > .el > h1");
    expect(before).toEqual({ size: "48px", weight: "800", color: "rgb(120, 120, 120)", align: "center", tag: "H1" });
    await h.dblclick();
    const editor = h.locator(".builder-inline-editor[contenteditable=true]");
    await editor.waitFor();
    await page.waitForFunction((e) => e?.contains(document.activeElement) ?? false, await editor.elementHandle());
    const editing = await editor.locator("p").evaluate((n) => {
      const s = getComputedStyle(n);
      return { size: s.fontSize, weight: s.fontWeight, color: s.color, align: s.textAlign, tag: n.closest("h1")?.tagName };
    });
    expect(editing).toEqual({ ...before, tag: "H1" });
    await page.screenshot({ path: path.join(SHOTS, "safety-inline-heading-1440.png") });
    await page.keyboard.press("End");
    await page.keyboard.type(" pour tous");
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    expect(await h.locator(":scope > .el").innerText()).toBe("Nos offres pour tous");
    expect(await selectedIds(page)).toEqual(["element-h1"]);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelectorAll("[data-selected=true]").length === 0);
    expect(await h.locator(":scope > .el").innerText()).toBe("Nos offres pour tous");
  });
});

describe("Publier", () => {
  const state = () => page.locator("[data-action=publish]").getAttribute("data-state");

  it("shows Modifications non publiées after a change, and not after publishing", async () => {
    const id = await api.createPage(freshSlug("etat"), undefined, "Nos offres du moment.");
    await api.save(id, FINISHED());
    await api.publish(id);
    await api.save(id, FINISHED(), "en");
    await api.publish(id, "en");
    await openBuilder(page, server, id);
    expect(await state()).toBe("published");
    expect(await page.locator("[data-action=publish]").getAttribute("aria-describedby")).toBeTruthy();
    await page.locator("[data-action=add-layout-full]").click();
    expect(await state()).toBe("unpublished");
    expect(await page.getByTestId("publish-state").innerText()).toBe("Modifications non publiées");
    // Undone: the page is the published one again.
    await page.keyboard.press("ControlOrMeta+z");
    expect(await state()).toBe("published");
    await elementById(page, "element-t").click();
    await page.keyboard.press("Delete");
    expect(await state()).toBe("unpublished");
    await page.screenshot({ path: path.join(SHOTS, "safety-unpublished-1440.png") });
    // A finished page in both languages: no checklist, published at once.
    await page.locator("[data-action=publish]").click();
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    expect(await page.getByTestId("publish-checklist").count()).toBe(0);
    await page.waitForFunction(() => document.querySelector("[data-action=publish]")?.getAttribute("data-state") === "published");
    // The pages list agrees.
    await page.goto(`${server.url}/admin/archimed-pages`);
    const row = page.locator(`[data-testid=page-row][data-page-id="${id}"]`);
    await row.locator("[data-status]").first().waitFor();
    expect(await row.locator("[data-status]").allInnerTexts()).toEqual(["Publié", "Publié"]);
  });

  it("the checklist names each problem, a click selects the element, Publier quand même publishes", async () => {
    const slug = freshSlug("liste");
    const id = await api.createPage(slug);
    await api.save(
      id,
      docOf([
        "c",
        [
          [
            [
              12,
              [
                el("h", "heading", "Nouveau titre", { level: 2 }),
                el("b", "button", "Cliquez ici", { href: "#" }),
                el("i", "image", "/media/seed/atelier-equipe.jpg", { alt: "" }),
              ],
            ],
          ],
        ],
      ]),
    );
    await openBuilder(page, server, id);
    expect(await state()).toBe("unpublished");
    await page.locator("[data-action=publish]").click();
    const dialog = page.getByTestId("publish-checklist");
    await dialog.waitFor();
    const kinds = await dialog.locator("[data-kind]").evaluateAll((n) => n.map((x) => x.getAttribute("data-kind")));
    expect(kinds).toEqual(["placeholder", "placeholder", "empty-link", "missing-alt", "no-h1", "description", "language"]);
    expect(await dialog.innerText()).toContain("Bouton « Cliquez ici » : le bouton ne mène nulle part");
    await page.screenshot({ path: path.join(SHOTS, "safety-checklist-1440.png") });
    // A click selects the image in the canvas (its settings open, where the alt text is typed).
    await dialog.locator('[data-element-id="element-i"] [data-action=checklist-fix]').click();
    await dialog.waitFor({ state: "detached" });
    expect(await selectedIds(page)).toEqual(["element-i"]);
    // Nothing blocks: Publier quand même.
    await page.locator("[data-action=publish]").click();
    await dialog.locator("[data-action=publish-anyway]").click();
    await page
      .getByTestId("builder-message")
      .getByText(/Page publiée/)
      .waitFor();
    await page.waitForFunction(() => document.querySelector("[data-action=publish]")?.getAttribute("data-state") === "published");
    expect((await fetch(`${server.url}/page/${slug}`)).status).toBe(200);
  });
});

describe("at 1024 and 1440 px, light and dark", () => {
  it("the toast stays beside the canvas and the checklist fits; screenshots for review", async () => {
    const id = await openWith(FINISHED());
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("theme", t), theme);
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await openBuilder(page, server, id);
        const block = page.locator('[data-builder-block="block-b"]');
        await block.hover();
        await block.locator("[data-action=delete-block]").click();
        const offer = page.getByTestId("undo-toast").locator("[data-offer]");
        await offer.waitFor();
        const t = (await offer.boundingBox())!;
        const canvas = (await page.locator("section[aria-label='Canevas de la page']").boundingBox())!;
        expect(t.x + t.width, `${theme} ${width}`).toBeLessThanOrEqual(canvas.x);
        expect(await page.locator("[data-action=publish]").getAttribute("data-state")).toBe("unpublished");
        await page.screenshot({ path: path.join(SHOTS, `safety-toast-${width}-${theme}.png`) });
        await offer.getByRole("button", { name: "Annuler" }).click();
        await elementById(page, "element-h1").click();
        await page.locator("[data-action=publish]").click();
        const dialog = page.getByTestId("publish-checklist");
        // This page has an H1, no default text and readable colours: only its missing description and the
        // unpublished English version are named.
        await dialog.waitFor();
        expect(await dialog.locator("[data-kind]").evaluateAll((n) => n.map((x) => x.getAttribute("data-kind")))).toEqual(["description", "language"]);
        const box = (await dialog.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(800);
        await page.screenshot({ path: path.join(SHOTS, `safety-checklist-${width}-${theme}.png`) });
        await dialog.locator("[data-action=checklist-back]").click();
        await dialog.waitFor({ state: "detached" });
      }
    }
  });
});
