import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { announcer, columnOf, docOf, el, elementById, idsIn, keyboardDrag, mouseDrag, openBuilder, saveState, selectedIds } from "./builder-support";
import { api, editingSuite, freshSlug, openWith, otherPage, page, server, SHOTS, TWO_COLUMNS } from "./builder-editing-support";

/**
 * Finding your way in the builder (issue 11 §6): the Structure panel (names from content, selection that
 * scrolls the canvas, reordering by mouse and keyboard through the undo history), sections and columns
 * selected on their own, elements dragged from the palette, saved sections reused on another page,
 * starting layouts on a new page, and a top bar that fits from 1024 px.
 */
editingSuite();

const layer = (p: Page, id: string) => p.locator(`[data-layer="${id}"]`);
const layerIds = (p: Page) => p.locator("[data-layer]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-layer")!));
const openStructure = async (p: Page) => {
  await p.locator("[data-tab=layers]").click();
  await p.getByTestId("layers-panel").waitFor();
};

/** Twelve blocks: the last ones are far below the fold at 900 px. */
const LONG_PAGE = () =>
  docOf(
    ...Array.from({ length: 12 }, (_, i): [string, [number, ReturnType<typeof el>[]][][]] => [
      `l${i}`,
      [[[12, [el(`l${i}h`, "heading", `Titre du bloc numéro ${i + 1} avec beaucoup de mots`, { level: 2 }), el(`l${i}t`, "text", `<p>Texte ${i + 1}</p>`)]]]],
    ]),
  );

describe("the Structure panel", () => {
  it("lists the page as a tree named from its content, and selecting a row selects and reveals it in the canvas", async () => {
    await openWith(LONG_PAGE());
    await openStructure(page);
    // 24 elements: the tree opens unfolded.
    await expect.poll(() => layerIds(page)).toContain("element-l11h");
    expect(await layer(page, "block-l0").locator("[data-layer-select]").textContent()).toBe("Bloc 1 · Titre du bloc numéro 1…");
    expect(await layer(page, "element-l0h").locator("[data-layer-select]").textContent()).toBe("Titre · Titre du bloc numéro 1 avec…");
    expect(await layer(page, "section-l00").locator("[data-layer-select]").textContent()).toBe("Section 1 (12)");
    expect(await layer(page, "column-l000").locator("[data-layer-select]").textContent()).toBe("Colonne 1 · 12/12");

    await layer(page, "element-l11t").locator("[data-layer-select]").click();
    expect(await selectedIds(page)).toEqual(["element-l11t"]);
    // The panel stays on Structure, and the canvas scrolled to the element.
    await expect.poll(() => elementById(page, "element-l11t").evaluate((n) => n.getBoundingClientRect().top)).toBeLessThan(900);
    expect(await page.getByTestId("layers-panel").isVisible()).toBe(true);
    // A selection made in the canvas shows in the tree.
    await elementById(page, "element-l11h").click();
    await expect.poll(() => layer(page, "element-l11h").locator("[aria-current=true]").count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, "layers-panel-1440.png") });
  });

  it("reorders by mouse, by keyboard drag and with Alt + arrows, each one undoable step", async () => {
    await openWith(TWO_COLUMNS());
    await openStructure(page);
    const colA = columnOf(page, "column-a00");

    // Mouse: a1 dropped on a3's row.
    await mouseDrag(page, page.locator('[data-layer-handle="element-a1"]'), await centerOfRow(page, "element-a3", 4));
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a3", "element-a1"]);
    expect(await saveState(page)).toBe("dirty");
    await page.keyboard.press("ControlOrMeta+z");
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a1", "element-a2", "element-a3"]);

    // Keyboard drag: Space, ArrowDown (to a2's row), Space.
    await keyboardDrag(page, page.locator('[data-layer-handle="element-a1"]'), ["ArrowDown"]);
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a1", "element-a3"]);
    await expect
      .poll(async () => (await page.locator("[id^=DndLiveRegion]").allTextContents()).join(" "))
      .toMatch(/déposé à la place de Texte · Deuxième élément/);

    // Alt + ArrowDown on the row: one place down, announced.
    await page.locator('[data-layer-select="element-a1"]').focus();
    await page.keyboard.press("Alt+ArrowDown");
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a3", "element-a1"]);
    await expect.poll(() => announcer(page).textContent()).toBe("Élément déplacé en position 3 sur 3");
    // Focus follows the moved row, so Alt + arrows can be pressed again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-layer-select"))).toBe("element-a1");

    // Blocks too: the second block above the first.
    await page.locator('[data-layer-select="block-z"]').focus();
    await page.keyboard.press("Alt+ArrowUp");
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-block")).toEqual(["block-z", "block-a"]);
    await page.keyboard.press("ControlOrMeta+z");
    await page.keyboard.press("ControlOrMeta+z");
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-block")).toEqual(["block-a", "block-z"]);
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a1", "element-a3"]);
  });
});

async function centerOfRow(p: Page, id: string, dy = 0) {
  const b = (await p.locator(`[data-layer="${id}"]`).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 + dy };
}

describe("selecting sections and columns in the canvas", () => {
  it("a click on a column selects the column, on the section's own area the section, each with its settings", async () => {
    await openWith(TWO_COLUMNS());
    const col = columnOf(page, "column-a01");
    const box = (await col.boundingBox())!;
    // Below the column's only element: the column itself.
    await col.click({ position: { x: box.width / 2, y: box.height - 4 } });
    expect(await col.getAttribute("data-selected")).toBe("true");
    await page.getByTestId("column-settings").waitFor();
    expect(await page.getByTestId("column-settings").textContent()).toMatch(/Colonne 2.*1 élément.*colonne 2 sur 2/);
    expect(await page.locator('[data-builder-block="block-a"]').getAttribute("data-selected")).toBeNull();

    await page.getByTestId("column-settings").getByRole("button", { name: "Réduire la largeur" }).click();
    expect(await page.getByTestId("column-settings-width").textContent()).toBe("5/12");

    const section = page.locator('[data-builder-section="section-a0"]');
    const sbox = (await section.boundingBox())!;
    // The strip above the columns, right of the section's toolbar.
    await section.click({ position: { x: sbox.width - 20, y: 12 } });
    expect(await section.getAttribute("data-selected")).toBe("true");
    expect(await page.getByTestId("section-settings").textContent()).toMatch(/Section 1.*2 colonnes/);
    await page.getByTestId("section-settings").locator("[data-action=select-parent]").click();
    expect(await page.locator('[data-builder-block="block-a"]').getAttribute("data-selected")).toBe("true");
  });
});

describe("the palette", () => {
  it("drags an element onto the canvas, into a column at the drop position", async () => {
    await openWith(TWO_COLUMNS());
    const target = elementById(page, "element-a2");
    const tbox = (await target.boundingBox())!;
    const cbox = (await columnOf(page, "column-a00").boundingBox())!;
    // Dropped on the upper half of a2: lands before it, at index 1.
    await page.dragAndDrop("[data-add-element=button]", '[data-builder-column="column-a00"]', {
      targetPosition: { x: tbox.x - cbox.x + tbox.width / 2, y: tbox.y - cbox.y + 3 },
    });
    const ids = await idsIn(columnOf(page, "column-a00"), "data-builder-element");
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe("element-a1");
    expect(ids[2]).toBe("element-a2");
    const added = ids[1];
    expect(await selectedIds(page)).toEqual([added]);
    expect(await elementById(page, added).textContent()).toMatch(/Cliquez ici|\S/);
    await page.keyboard.press("ControlOrMeta+z");
    expect(await idsIn(columnOf(page, "column-a00"), "data-builder-element")).toEqual(["element-a1", "element-a2", "element-a3"]);
  });
});

describe("saved sections", () => {
  it("saves a block as a model and reuses it on another page, with new ids; a model can be deleted", async () => {
    await openWith(TWO_COLUMNS());
    await page.locator('[data-builder-block="block-z"]').click({ position: { x: 8, y: 8 } });
    const blockBox = (await page.locator('[data-builder-block="block-z"]').boundingBox())!;
    await page.locator('[data-builder-block="block-z"]').click({ position: { x: blockBox.width / 2, y: blockBox.height - 4 } });
    await page.locator("[data-action=save-as-model]").click();
    const dialog = page.getByTestId("save-model-dialog");
    await dialog.locator("[data-action=confirm-save-model]").click();
    expect(await dialog.getByRole("alert").textContent()).toMatch(/nom du modèle est obligatoire/);
    await page.getByTestId("model-name").fill("Dernier bloc réutilisable");
    await dialog.locator("[data-action=confirm-save-model]").click();
    await dialog.waitFor({ state: "hidden" });

    // Another page, empty: the Blocs tab lists the model; inserting it copies the block with new ids.
    const other = await api.createPage(freshSlug("modele"));
    await openBuilder(page, server, other);
    const model = page.locator('[data-saved-model="Dernier bloc réutilisable"]');
    await model.waitFor();
    await model.locator("[data-action=insert-model]").click();
    const ids = await idsIn(page.getByTestId("builder-canvas"), "data-builder-element");
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe("element-z1");
    expect(await page.getByTestId("builder-canvas").textContent()).toContain("Dernier bloc");
    await page.keyboard.press("ControlOrMeta+s");
    await expect.poll(() => saveState(page)).toBe("saved");
    const stored = await api.draft(other);
    expect(stored.doc.blocks[0].sections[0].columns[0].elements[0].content).toBe("<p>Dernier bloc</p>");
    expect(stored.doc.blocks[0].id).not.toBe("block-z");

    // Deleting the model (confirmed) removes it from the library, not from the page.
    await page.getByRole("tab", { name: "Blocs" }).click();
    await model.locator("[data-action=delete-model]").click();
    await page.getByTestId("confirm-delete-model").getByRole("button", { name: "Supprimer le modèle" }).click();
    await model.waitFor({ state: "detached" });
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-element")).toEqual(ids);
  });
});

describe("starting layouts", () => {
  it("an empty new page offers the site's layouts; one inserts a pricing block, another the whole page", async () => {
    await openWith();
    const offer = page.getByTestId("starter-layouts");
    await offer.waitFor();
    await offer.locator("[data-starter=pricing]").click();
    await expect.poll(() => page.locator("[data-builder-block]").count()).toBe(1);
    expect(await page.getByTestId("builder-canvas").textContent()).toContain("Croissance");
    expect(await page.locator("[data-builder-column]").count()).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: path.join(SHOTS, "starter-pricing-1440.png") });
    await page.keyboard.press("ControlOrMeta+z");
    await page.getByTestId("starter-layouts").locator("[data-starter=all]").click();
    await expect.poll(() => page.locator("[data-builder-block]").count()).toBe(5);
    expect(await page.getByTestId("builder-canvas").locator("h1").count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, "starter-all-1440.png"), fullPage: true });
  });
});

describe("the top bar", () => {
  it.each([1024, 1280, 1440])("fits at %i px in both themes: nothing overlaps, nothing is cut off", async (width) => {
    // The widest case: a long page title and unsaved changes (the longest save state).
    const id = await api.createPage(freshSlug("barre"), "Une page au titre particulièrement long pour la barre du haut");
    await api.save(id, TWO_COLUMNS());
    for (const theme of ["light", "dark"] as const) {
      const p = await otherPage();
      await p.setViewportSize({ width, height: 800 });
      await p.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await openBuilder(p, server, id);
      await p.locator('[data-builder-block="block-a"] [data-action=duplicate-block]').click({ force: true });
      await expect.poll(() => p.getByTestId("save-state").getAttribute("data-state")).toBe("dirty");
      const boxes = await p.getByTestId("builder-topbar").evaluate((bar) => {
        const b = bar.getBoundingClientRect();
        const box = (n: Element) => {
          const r = n.getBoundingClientRect();
          const name = n.getAttribute("data-action") ?? n.getAttribute("aria-label") ?? n.textContent?.trim().slice(0, 24) ?? n.tagName;
          return { name, l: r.left, r: r.right, t: r.top, b: r.bottom, w: r.width };
        };
        // The bar's own items, and the buttons inside its groups (tabs, devices).
        const items = [...bar.children].filter((n) => (n as HTMLElement).offsetParent !== null).map(box);
        const inner = [...bar.querySelectorAll("[role=tablist] > button, [role=group] > button")].map(box);
        const titleLines = [...bar.querySelectorAll("h1 > span")].map(box);
        return { bar: { l: b.left, r: b.right, scroll: bar.scrollWidth, client: bar.clientWidth }, items, inner, titleLines };
      });
      expect(boxes.bar.scroll, "la barre ne défile pas").toBeLessThanOrEqual(boxes.bar.client);
      for (const it of [...boxes.items, ...boxes.inner]) {
        expect(it.w, `${it.name} visible`).toBeGreaterThan(8);
        expect(it.l, `${it.name} dans la barre`).toBeGreaterThanOrEqual(boxes.bar.l - 0.5);
        expect(it.r, `${it.name} dans la barre`).toBeLessThanOrEqual(boxes.bar.r + 0.5);
      }
      const overlaps = (list: typeof boxes.items) => {
        const out: string[] = [];
        for (let i = 0; i < list.length; i++)
          for (let j = i + 1; j < list.length; j++) {
            const a = list[i];
            const c = list[j];
            if (Math.min(a.r, c.r) - Math.max(a.l, c.l) > 0.5 && Math.min(a.b, c.b) - Math.max(a.t, c.t) > 0.5) out.push(`${a.name} / ${c.name}`);
          }
        return out;
      };
      expect(overlaps(boxes.items), `à ${width} px (${theme})`).toEqual([]);
      // The title's lines stay inside the title: nothing runs under the tabs.
      const title = boxes.items[0];
      for (const line of boxes.titleLines) expect(line.r, `${line.name} dépasse du titre`).toBeLessThanOrEqual(title.r + 0.5);
      await p.screenshot({ path: path.join(SHOTS, `topbar-${width}-${theme}.png`), clip: { x: 0, y: 0, width, height: 120 } });
      await p.close();
    }
  });
});
