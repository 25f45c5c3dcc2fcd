import { describe, expect, it } from "vitest";
import { announcer, centerOf, columnOf, docOf, el, elementById, idsIn, keyboardDrag, mouseDrag, saveState, selectedIds } from "./builder-support";
import { clickBlockPadding, EMPTY_PANEL, openWith, page, TWO_COLUMNS, editingSuite } from "./builder-editing-support";

/**
 * The builder in a real browser: moving blocks, sections and elements by mouse (dnd-kit), by keyboard drag
 * and with Alt+arrows.
 */
editingSuite();

describe("drag and drop by mouse", () => {
  it("reorders elements within a column and moves one to another column", async () => {
    await openWith(TWO_COLUMNS());
    const colA = columnOf(page, "column-a00");
    await elementById(page, "element-a1").hover();
    const handle = elementById(page, "element-a1").locator("[data-drag-handle=element]");
    await mouseDrag(page, handle, await centerOf(elementById(page, "element-a3"), 8));
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a3", "element-a1"]);

    await elementById(page, "element-a2").hover();
    await mouseDrag(page, elementById(page, "element-a2").locator("[data-drag-handle=element]"), await centerOf(elementById(page, "element-b1"), -6));
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a3", "element-a1"]);
    expect(await idsIn(columnOf(page, "column-a01"), "data-builder-element")).toContain("element-a2");
    expect(await saveState(page)).toBe("dirty");
    // Each drop is one undoable step.
    await page.keyboard.press("ControlOrMeta+z");
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a3", "element-a1"]);
  });

  it("reorders blocks and sections within a block", async () => {
    await openWith(
      docOf(
        ["p", [[[12, [el("p1", "text", "<p>Section une</p>")]]], [[12, [el("p2", "text", "<p>Section deux</p>")]]]]],
        ["q", [[[12, [el("q1", "text", "<p>Bloc deux</p>")]]]]],
      ),
    );
    const canvas = page.getByTestId("builder-canvas");
    await clickBlockPadding(page, "block-q");
    const blockHandle = page.locator('[data-builder-block="block-q"] [data-drag-handle=block]');
    await mouseDrag(page, blockHandle, await centerOf(page.locator('[data-builder-block="block-p"]'), -40));
    expect(await idsIn(canvas, "data-builder-block")).toEqual(["block-q", "block-p"]);

    const sectionHandle = page.locator('[data-builder-section="section-p0"] [data-drag-handle=section]');
    await mouseDrag(page, sectionHandle, await centerOf(page.locator('[data-builder-section="section-p1"]'), 20));
    expect(await idsIn(page.locator('[data-builder-block="block-p"]'), "data-builder-section")).toEqual(["section-p1", "section-p0"]);
  });

  it("a drop outside any target changes nothing", async () => {
    await openWith(TWO_COLUMNS());
    const before = await idsIn(page.getByTestId("builder-canvas"), "data-builder-element");
    await elementById(page, "element-a1").hover();
    // Released over the side panel, far from every column.
    await mouseDrag(page, elementById(page, "element-a1").locator("[data-drag-handle=element]"), { x: 150, y: 820 });
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-element")).toEqual(before);
    expect(await page.locator("[data-action=undo]").isDisabled()).toBe(true);
    expect(await saveState(page)).toBe("saved");
  });

  it("is off in Aperçu: no handles, nothing moves", async () => {
    await openWith(TWO_COLUMNS());
    const before = await idsIn(page.getByTestId("builder-canvas"), "data-builder-element");
    await page.locator("[data-action=toggle-mode]").click();
    // Aperçu is the live preview (an iframe of the page): no canvas, no handles.
    await page.getByTestId("preview-spinner").waitFor({ state: "detached" });
    expect(await page.locator("[data-drag-handle]").count()).toBe(0);
    const a1 = page.frameLocator("iframe[title='Aperçu de la page']").locator('[data-element-id="element-a1"]');
    const from = await centerOf(a1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 200, { steps: 10 });
    await page.mouse.up();
    await page.locator("[data-action=toggle-mode]").click();
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-element")).toEqual(before);
    expect(await saveState(page)).toBe("saved");
  });
});

describe("moving with the keyboard", () => {
  it("dnd-kit: focus an element's drag handle, Space, arrow, Space", async () => {
    await openWith(TWO_COLUMNS());
    const colA = columnOf(page, "column-a00");
    const handle = elementById(page, "element-a1").locator("[data-drag-handle=element]");
    // Reachable without a mouse: the handle takes focus even before anything is selected.
    await handle.focus();
    expect(await handle.evaluate((h) => h === document.activeElement)).toBe(true);
    await keyboardDrag(page, handle, ["ArrowDown"]);
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a1", "element-a3"]);
    // dnd-kit's own live region said where it went.
    // (one drag-and-drop scope per block, so one live region each: the block's own one speaks)
    // It names both by their content, as the layers panel does.
    expect(await page.locator("[id^=DndLiveRegion]", { hasText: /déposé sur/ }).count()).toBe(1);
    expect(await page.locator("[id^=DndLiveRegion]", { hasText: /déposé sur/ }).textContent()).toBe(
      "Élément Titre · Premier titre déposé sur Élément Texte · Deuxième élément.",
    );
  });

  it("dnd-kit: a block and a section by their handles; Escape cancels a keyboard drag", async () => {
    await openWith(
      docOf(
        ["p", [[[12, [el("p1", "text", "<p>Section une</p>")]]], [[12, [el("p2", "text", "<p>Section deux</p>")]]]]],
        ["q", [[[12, [el("q1", "text", "<p>Bloc deux</p>")]]]]],
      ),
    );
    const canvas = page.getByTestId("builder-canvas");
    const section = page.locator('[data-builder-section="section-p0"] [data-drag-handle=section]');
    await keyboardDrag(page, section, ["ArrowDown"]);
    expect(await idsIn(page.locator('[data-builder-block="block-p"]'), "data-builder-section")).toEqual(["section-p1", "section-p0"]);

    const blockHandle = page.locator('[data-builder-block="block-p"] [data-drag-handle=block]');
    await blockHandle.focus();
    expect(await blockHandle.evaluate((h) => h === document.activeElement)).toBe(true);
    await keyboardDrag(page, blockHandle, ["ArrowDown"], "Escape");
    expect(await idsIn(canvas, "data-builder-block")).toEqual(["block-p", "block-q"]);
    await keyboardDrag(page, blockHandle, ["ArrowDown"]);
    expect(await idsIn(canvas, "data-builder-block")).toEqual(["block-q", "block-p"]);

    // An element goes up into the previous section's column (sections are now p1, p0).
    const p1 = elementById(page, "element-p1").locator("[data-drag-handle=element]");
    await keyboardDrag(page, p1, ["ArrowUp"]);
    expect(await idsIn(page.locator('[data-builder-section="section-p0"]'), "data-builder-element")).toEqual([]);
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-element")).toEqual(["element-q1", "element-p1", "element-p2"]);
  });

  it("Alt+arrows move the selection and the move is announced", async () => {
    await openWith(TWO_COLUMNS());
    const colA = columnOf(page, "column-a00");
    await elementById(page, "element-a1").click();
    await page.keyboard.press("Alt+ArrowDown");
    expect(await idsIn(colA, "data-builder-element")).toEqual(["element-a2", "element-a1", "element-a3"]);
    expect(await announcer(page).innerText()).toBe("Élément déplacé en position 2 sur 3");
    expect(await announcer(page).getAttribute("aria-live")).toBe("polite");
    await page.keyboard.press("Alt+ArrowRight");
    expect(await idsIn(columnOf(page, "column-a01"), "data-builder-element")).toEqual(["element-b1", "element-a1"]);
    expect(await announcer(page).innerText()).toBe("Élément déplacé dans la colonne 2 sur 2");
    expect(await selectedIds(page)).toEqual(["element-a1"]);
    await page.keyboard.press("Alt+ArrowUp");
    expect(await idsIn(columnOf(page, "column-a01"), "data-builder-element")).toEqual(["element-a1", "element-b1"]);

    // A block: Alt+ArrowDown moves it after the next one.
    await clickBlockPadding(page, "block-a");
    expect(await selectedIds(page)).toEqual(["block-a"]);
    await page.keyboard.press("Alt+ArrowDown");
    expect(await idsIn(page.getByTestId("builder-canvas"), "data-builder-block")).toEqual(["block-z", "block-a"]);
    expect(await announcer(page).innerText()).toBe("Bloc déplacé en position 2 sur 2");

    // A section: Alt+arrows on its handle.
    await page.locator('[data-builder-block="block-a"] [data-action=duplicate-section]').click();
    const secs = await idsIn(page.locator('[data-builder-block="block-a"]'), "data-builder-section");
    await page.locator(`[data-builder-section="${secs[0]}"] [data-drag-handle=section]`).focus();
    await page.keyboard.press("Alt+ArrowDown");
    expect(await idsIn(page.locator('[data-builder-block="block-a"]'), "data-builder-section")).toEqual([secs[1], secs[0]]);
    expect(await announcer(page).innerText()).toBe("Section déplacée en position 2 sur 2");

    // Escape clears the selection.
    await elementById(page, "element-a1").click();
    await page.keyboard.press("Escape");
    expect(await selectedIds(page)).toEqual([]);
    expect(await page.getByTestId("panel-empty").innerText()).toBe(EMPTY_PANEL);
  });
});
