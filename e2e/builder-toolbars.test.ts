import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { columnOf, docOf, el, elementById, elements } from "./builder-support";
import { editingSuite, openWith, page } from "./builder-editing-support";

/**
 * Issue 22 item 7: the canvas's floating toolbars (the element's actions, the inline formatting bar) sit
 * outside the element they act on, never over the column's "+ Élément", flip below when there is no room
 * above, and stay inside the canvas's visible area (never under the side panel) in a narrow left column.
 */
editingSuite();

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const scroller = (p: Page) => p.locator("[data-builder-scroller]");
const elementToolbar = (p: Page) => p.locator("[data-element-toolbar]");
const bubble = (p: Page) => p.locator("[data-bubble-toolbar]");

/** The toolbar lies wholly inside the canvas's visible box, and its first and last buttons are what a click there reaches. */
async function expectReachable(p: Page, toolbar: Locator) {
  const t = await box(toolbar);
  const view = await box(scroller(p));
  expect(t.x).toBeGreaterThanOrEqual(view.x);
  expect(t.x + t.width).toBeLessThanOrEqual(view.x + view.width);
  expect(t.y).toBeGreaterThanOrEqual(view.y);
  expect(t.y + t.height).toBeLessThanOrEqual(view.y + view.height);
  for (const b of [toolbar.getByRole("button").first(), toolbar.getByRole("button").last()]) {
    const r = await box(b);
    const hit = await p.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null, [r.x + r.width / 2, r.y + r.height / 2]);
    expect(hit).toBe(await b.textContent());
  }
}

/** Double-clicks a heading into its inline editor and selects its last word, which shows the formatting bar. */
async function editAndSelect(p: Page, frame: Locator) {
  await frame.dblclick();
  const editor = frame.locator(".builder-inline-editor[contenteditable=true]");
  await editor.waitFor();
  await p.waitForFunction((e) => e?.contains(document.activeElement) ?? false, await editor.elementHandle());
  await p.keyboard.press("End");
  for (let i = 0; i < 5; i++) await p.keyboard.press("Shift+ArrowLeft");
  await bubble(p).waitFor({ state: "visible" });
  // Positioned a frame after it shows.
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A page whose second block has a narrow left column (2/12), narrow on a tablet and a phone too (3/12), so it is narrow in a 1024 px window's canvas. */
const NARROW = () => {
  const doc = docOf(
    ["a", [[[12, [el("intro", "text", "<p>Introduction de la page, assez longue pour occuper la largeur.</p>")]]]]],
    [
      "b",
      [
        [
          [2, [el("h", "heading", "Titre dans une colonne étroite", { level: 2 }), el("t", "text", "<p>Texte sous le titre</p>")]],
          [10, [el("r", "text", "<p>Colonne de droite</p>")]],
        ],
      ],
    ],
    // Room below, so the canvas can scroll the heading to its top.
    ["c", [[[12, [el("s", "spacer", "", { styles: { height: "1200px" } })]]]]],
  );
  const [left, right] = doc.blocks[1].sections[0].columns;
  Object.assign(left, { deviceWidths: { mobile: 3, tablet: 3 } });
  Object.assign(right, { deviceWidths: { mobile: 9, tablet: 9 } });
  return doc;
};

describe("floating toolbars cover nothing being edited", () => {
  it("a heading first in its column: the element bar and the formatting bar miss the heading and the column's + Élément", async () => {
    await openWith(NARROW());
    const heading = elementById(page, "element-h");
    const add = columnOf(page, "column-b00").locator("[data-action=add-element-menu]");
    await heading.click();
    await elementToolbar(page).waitFor({ state: "visible" });
    await expect.poll(async () => intersects(await box(elementToolbar(page)), await box(heading))).toBe(false);
    expect(intersects(await box(elementToolbar(page)), await box(add))).toBe(false);
    await expectReachable(page, elementToolbar(page));

    await editAndSelect(page, heading);
    expect(intersects(await box(bubble(page)), await box(heading))).toBe(false);
    expect(intersects(await box(bubble(page)), await box(add))).toBe(false);
    await expectReachable(page, bubble(page));
  });

  it("flips below an element at the top of the canvas's visible area", async () => {
    await openWith(NARROW());
    const heading = elementById(page, "element-h");
    // Scroll the canvas until the heading's top is the canvas's top: there is no room above it.
    await scroller(page).evaluate((s, id) => {
      const h = s.querySelector(`[data-builder-element="${id}"]`)!;
      s.scrollTop += h.getBoundingClientRect().top - s.getBoundingClientRect().top - 4;
    }, "element-h");
    await heading.click();
    await elementToolbar(page).waitFor({ state: "visible" });
    const h = await box(heading);
    await expect.poll(async () => (await box(elementToolbar(page))).y).toBeGreaterThanOrEqual(h.y + h.height);
    await expectReachable(page, elementToolbar(page));

    await editAndSelect(page, heading);
    expect((await box(bubble(page))).y).toBeGreaterThanOrEqual(h.y + h.height);
    await expectReachable(page, bubble(page));
  });

  for (const width of [1024, 1440]) {
    it(`at ${width} px an element at the left edge of a narrow column keeps its toolbar in the canvas, clickable`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await openWith(NARROW());
      const text = elementById(page, "element-t");
      await text.click();
      await elementToolbar(page).waitFor({ state: "visible" });
      await expect.poll(async () => intersects(await box(elementToolbar(page)), await box(text))).toBe(false);
      await expectReachable(page, elementToolbar(page));
      // Reachable means usable: its Dupliquer works.
      const before = await elements(page).count();
      await elementToolbar(page).locator("[data-action=duplicate-element]").click();
      await expect.poll(() => elements(page).count()).toBe(before + 1);
    });
  }
});
