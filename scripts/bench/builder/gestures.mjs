// The measured gestures, in order, on the opened builder: each spread over the page, from top to bottom.
import { sleep } from "../lib/proc.mjs";
import { BenchError, fmt } from "./config.mjs";
import { pageFns } from "./in-page.mjs";
import { runInteraction, spread } from "./measure.mjs";

export async function measureInteractions(s, n) {
  const items = await s.eval(pageFns.list);
  const used = new Set();
  const notLast = (x) => !x.last;
  const rich = (x) => ["heading", "text", "list"].includes(x.type);
  const results = {};
  const log = (r) =>
    console.log(
      `  ${r.name.padEnd(28)} median ${fmt(r.median)}  p95 ${fmt(r.p95)}  (rAF ${fmt(r.rafMedian)} / ${fmt(r.rafP95)}; ${r.etEntries}/${r.n} with an Event Timing entry${r.failures.length ? `; ${r.failures.length} failed` : ""})`,
    );

  // Warm-up: one selection, so the side panel has switched to its settings tab like in any session.
  await s.select(items[1].id);

  // 1. Select an element by clicking it.
  const selectTargets = await clickableSpread(s, items, n, 0.1, () => true, used);
  results.select = await runInteraction(s, "select (click)", selectTargets.picked, async (t) => {
    await s.scrollTo(t.id);
    const p = await s.eval(pageFns.clickPoint, t.id);
    if (!p) throw new Error("no clickable point");
    await s.pressAt(p);
    const m = await s.measuredRelease();
    if ((await s.state()).selected !== t.id) throw new Error("not selected after the click");
    return m;
  });
  results.select.passedOver = selectTargets.passedOver;
  log(results.select);
  if (selectTargets.passedOver.length)
    console.log(`    (${selectTargets.passedOver.length} elements without a clickable point passed over for the next suitable one)`);

  // 2. Type one character in inline editing (Enter starts editing, outside the measured window; Escape leaves).
  results.type = await runInteraction(s, "type a character (inline)", spread(items, n, 0.3, rich, used), async (t) => {
    await s.select(t.id);
    await s.page.keyboard.press("Enter");
    await s.page.waitForFunction(
      () => {
        const ed = document.querySelector(".builder-inline-editor");
        return Boolean(ed && ed.contains(document.activeElement));
      },
      null,
      { timeout: 5000 },
    );
    await sleep(100);
    await s.settle();
    const before = (await s.state()).editorText ?? "";
    const m = await s.measuredKey("x");
    const after = (await s.state()).editorText ?? "";
    await s.page.keyboard.press("Escape");
    await s.settle();
    if (after.length !== before.length + 1) throw new Error("the character did not reach the editor");
    return m;
  });
  log(results.type);

  // 3. Duplicate with the toolbar button of the selected element.
  const copies = [];
  results.duplicate = await runInteraction(
    s,
    "duplicate (toolbar)",
    spread(items, n, 0.5, () => true, used),
    async (t) => {
      await s.select(t.id);
      const p = await s.eval(pageFns.buttonPoint, { elementId: t.id, action: "duplicate-element" });
      if (!p) throw new Error("no Dupliquer button");
      const before = await s.state();
      await s.pressAt(p);
      const m = await s.measuredRelease();
      const after = await s.state();
      if (after.count !== before.count + 1 || !after.selected || after.selected === t.id) throw new Error("no copy made");
      copies.push({ original: t.id, copy: after.selected });
      return m;
    },
  );
  log(results.duplicate);

  // 4. Alt+ArrowDown moves the selected element down its column.
  results.move = await runInteraction(s, "move (Alt+ArrowDown)", spread(await s.eval(pageFns.list), n, 0.7, notLast, used), async (t) => {
    await s.select(t.id);
    const before = await s.eval(pageFns.indexInColumn, t.id);
    const m = await s.measuredKey("ArrowDown", ["Alt"]);
    const after = await s.eval(pageFns.indexInColumn, t.id);
    if (!after || after.index !== before.index + 1) throw new Error("the element did not move");
    return m;
  });
  log(results.move);

  // 5. Delete the copies made in 3 (spread over the page), with the toolbar button.
  const deleted = [];
  results.delete = await runInteraction(
    s,
    "delete (toolbar)",
    copies.map((c) => ({ id: c.copy, type: "copy", original: c.original })),
    async (t) => {
      await s.select(t.id);
      const p = await s.eval(pageFns.buttonPoint, { elementId: t.id, action: "delete-element" });
      if (!p) throw new Error("no Supprimer button");
      const before = await s.state();
      await s.pressAt(p);
      const m = await s.measuredRelease();
      const after = await s.state();
      if (after.count !== before.count - 1 || (await s.eval(pageFns.indexInColumn, t.id))) throw new Error("not deleted");
      deleted.push(t);
      return m;
    },
  );
  log(results.delete);

  // 6. Ctrl+Z undoes those deletions, last first; the place where the copy comes back is scrolled into view.
  results.undo = await runInteraction(s, "undo (Ctrl+Z)", [...deleted].reverse(), async (t) => {
    await s.scrollTo(t.original);
    const before = await s.state();
    const m = await s.measuredKey("z", ["Control"]);
    const after = await s.state();
    if (after.count !== before.count + 1 || !(await s.eval(pageFns.indexInColumn, t.id))) throw new Error("the deletion was not undone");
    return m;
  });
  log(results.undo);

  // 7. Per-device edit (issue 11): in Mobile view, the text size of a selected heading, text or list one step
  // down the list with the keyboard on its focused field: mobile only (the mark appears), desktop untouched.
  await s.page.click("[data-device-toggle=mobile]");
  await sleep(400); // the canvas's width transition
  await s.settle();
  const deviceTargets = await clickableSpread(s, await s.eval(pageFns.list), n, 0.9, rich, used);
  results.device = await runInteraction(s, "per-device edit (Mobile)", deviceTargets.picked, async (t) => {
    await s.select(t.id);
    const field = '[data-testid="element-settings"] [data-device-field="fontSize"] select';
    const before = await s.eval((sel) => {
      const f = document.querySelector(sel);
      if (!f) return null;
      f.focus();
      return { value: f.value, index: f.selectedIndex };
    }, field);
    if (before === null) throw new Error("no per-device text size field");
    await s.settle();
    // The field lists the design's sizes, then "Valeur personnalisée…" (selected for a custom value): one step
    // up the list, or down from its first entry.
    const m = await s.measuredKey(before.index > 0 ? "ArrowUp" : "ArrowDown");
    const after = await s.eval((sel) => document.querySelector(sel)?.value ?? null, field);
    const marked = await s.eval(() => Boolean(document.querySelector('[data-testid="element-settings"] [data-device-overridden="mobile"]')));
    if (after === before.value || !marked) throw new Error("the mobile text size did not change");
    return m;
  });
  results.device.passedOver = deviceTargets.passedOver;
  log(results.device);
  if (deviceTargets.passedOver.length)
    console.log(`    (${deviceTargets.passedOver.length} elements without a clickable point in the Mobile canvas passed over for the next suitable one)`);
  await s.page.click("[data-device-toggle=desktop]");
  // 7. Issue 11: the Structure panel's keyboard reorder. The panel is opened (unmeasured; a 500-element page
  // opens it folded, one row per block), a block's row is focused, and Alt+ArrowDown moves the block one
  // place down, through the same document operations and undo history as the canvas.
  await s.page.click("[data-tab=layers]");
  await s.page.waitForSelector("[data-layer-select]");
  await s.settle();
  const blockRows = (await s.eval(() => [...document.querySelectorAll('[data-layer-kind="block"]')].map((n) => n.getAttribute("data-layer")))).map(
    (id, i, all) => ({ id, type: "block", last: i === all.length - 1 }),
  );
  const blockIndex = (id) =>
    s.eval((bid) => [...document.querySelectorAll("[data-builder-block]")].findIndex((n) => n.getAttribute("data-builder-block") === bid), id);
  results.layersMove = await runInteraction(s, "Structure: move (Alt+ArrowDown)", spread(blockRows, n, 0.2, notLast, new Set()), async (t) => {
    await s.eval((bid) => document.querySelector(`[data-layer-select="${bid}"]`)?.focus(), t.id);
    const before = await blockIndex(t.id);
    const m = await s.measuredKey("ArrowDown", ["Alt"]);
    const after = await blockIndex(t.id);
    if (before < 0 || after !== before + 1) throw new Error("the block did not move");
    return m;
  });
  log(results.layersMove);
  return results;
}

/**
 * Like spread(), but every pick has a clickable point once scrolled into view: a few elements have none (in
 * the 375 px Mobile canvas, or on the 1,000-element page: every probe point falls on a link, a toolbar or an
 * image still without its size), and their sample could not be measured. Such an element is passed over for the next suitable one, so that all `n` samples count.
 */
async function clickableSpread(s, list, n, phase, ok, used) {
  const picked = [];
  const passedOver = [];
  for (let k = 0; k < n; k++) {
    const start = Math.floor(((k + phase) / n) * list.length);
    for (let j = 0; j < list.length; j++) {
      const item = list[(start + j) % list.length];
      if (!ok(item) || used.has(item.id)) continue;
      used.add(item.id);
      await s.scrollTo(item.id);
      if (await s.eval(pageFns.clickPoint, item.id)) {
        picked.push(item);
        break;
      }
      passedOver.push(item.id);
    }
  }
  if (picked.length < n) throw new BenchError(`only ${picked.length} of ${n} clickable elements found`);
  return { picked, passedOver };
}
