import path from "node:path";
import { DOC_VERSION } from "~/lib/document/model";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, sql } from "../tests/support/auth";
import { chooseCustom, columnOf, docOf, el, elementById, openBuilder, saveState, shownValue, watchErrors } from "./builder-support";
import { api, editingSuite, freshSlug, otherPage, page, server, SHOTS } from "./builder-editing-support";

/**
 * Per-device editing (issue 11 §3, decision 022): in Tablette and Mobile views the column widths, spacings,
 * sizes and alignment change that device only, with "Modifié pour …" and "Rétablir"; no row passes 12;
 * the public page serves the same values with CSS only, so canvas and page look alike at every width.
 */
editingSuite();

const HERO = () =>
  docOf([
    "h",
    [
      [
        [6, [el("title", "heading", "Titre du héros", { level: 1, styles: { fontSize: "48px" } }), el("intro", "text", "<p>Phrase d'accroche</p>")]],
        [6, [el("side", "text", "<p>Colonne de droite</p>")]],
      ],
    ],
  ]);

async function device(p: Page, d: "mobile" | "tablet" | "desktop") {
  await p.locator(`[data-device-toggle=${d}]`).click();
  // The canvas's width transition (200 ms): container queries follow it.
  await expect.poll(() => p.getByTestId("builder-canvas").evaluate((c) => c.getAnimations().length)).toBe(0);
  await p.waitForTimeout(50);
}
const fontSize = (p: Page, sel: string) =>
  p
    .locator(sel)
    .first()
    .evaluate((e) => getComputedStyle(e).fontSize);
const alignOf = (e: Element) => getComputedStyle(e).textAlign.replace("start", "left");
const canvasTitle = '[data-builder-element="element-title"] h1';
const width = (id: string) => columnOf(page, id).locator("[data-column-width]").innerText();
const settings = () => page.getByTestId("element-settings");
async function saved() {
  await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe("saved");
}

async function openHero() {
  const slug = freshSlug("appareils");
  const id = await api.createPage(slug);
  await api.save(id, HERO());
  await openBuilder(page, server, id);
  return { id, slug };
}

describe("per-device editing", () => {
  it("a Mobile edit leaves desktop unchanged, a desktop edit leaves the mobile value, Rétablir inherits again", async () => {
    await openHero();
    await device(page, "mobile");
    // Mobile columns stack (12/12 each): the + is disabled and says why.
    expect(await width("column-h00")).toBe("12/12");
    const plus = columnOf(page, "column-h00").locator("[data-action=width-increase]");
    expect(await plus.isDisabled()).toBe(true);
    expect(await plus.getAttribute("title")).toContain("toute la largeur");
    for (let i = 0; i < 6; i++) await columnOf(page, "column-h00").locator("[data-action=width-decrease]").click();
    for (let i = 0; i < 6; i++) await columnOf(page, "column-h01").locator("[data-action=width-decrease]").click();
    expect([await width("column-h00"), await width("column-h01")]).toEqual(["6/12", "6/12"]);
    // 6 + 6 on mobile: the row is full.
    expect(await plus.isDisabled()).toBe(true);
    expect(await plus.getAttribute("title")).toContain("la rangée est pleine");
    expect(await columnOf(page, "column-h00").locator("[data-device-mark=mobile]").isVisible()).toBe(true);
    // Side by side in the 375 px canvas.
    const [a, b] = [(await columnOf(page, "column-h00").boundingBox())!, (await columnOf(page, "column-h01").boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);

    await elementById(page, "element-title").click();
    expect(await page.getByTestId("device-notice").innerText()).toContain("Vue mobile");
    await chooseCustom(settings(), "Taille du texte", "24");
    expect(await settings().getByText("Modifié pour mobile").isVisible()).toBe(true);
    expect(await fontSize(page, canvasTitle)).toBe("24px");

    // Desktop: unchanged.
    await device(page, "desktop");
    expect(await fontSize(page, canvasTitle)).toBe("48px");
    expect(await shownValue(settings(), "Taille du texte")).toBe("48 px");
    expect(await settings().locator("[data-device-mark]").count()).toBe(0);
    expect([await width("column-h00"), await width("column-h01")]).toEqual(["6/12", "6/12"]);
    // The reverse: a desktop edit keeps the mobile value; tablet inherits desktop.
    await chooseCustom(settings(), "Taille du texte", "36");
    expect(await fontSize(page, canvasTitle)).toBe("36px");
    await device(page, "tablet");
    expect(await fontSize(page, canvasTitle)).toBe("36px");
    expect(await settings().locator("[data-device-mark]").count()).toBe(0);
    await device(page, "mobile");
    expect(await fontSize(page, canvasTitle)).toBe("24px");
    expect(await shownValue(settings(), "Taille du texte")).toBe("24 px");

    // Rétablir: mobile inherits the desktop's 36px again.
    await settings().locator("[data-action=device-reset]").click();
    expect(await fontSize(page, canvasTitle)).toBe("36px");
    expect(await settings().getByText("Modifié pour mobile").count()).toBe(0);
    // And the column width: back to stacked on mobile, 6/12 on desktop.
    await columnOf(page, "column-h00").locator("[data-action=device-reset]").click();
    expect(await width("column-h00")).toBe("12/12");
    await device(page, "desktop");
    expect(await width("column-h00")).toBe("6/12");
    await saved();
  });

  it("visibility in Mobile view: hiding marks it Modifié pour mobile, Rétablir inherits again, desktop never changes", async () => {
    const { id } = await openHero();
    await device(page, "mobile");
    await elementById(page, "element-intro").click();
    const vis = settings().locator("fieldset[data-device-field=hide]");
    expect(await vis.locator("[data-device-mark]").count()).toBe(0);
    await vis.getByLabel("Masquer sur mobile").check();
    expect(await vis.getByText("Modifié pour mobile").isVisible()).toBe(true);
    expect(await vis.getAttribute("data-device-overridden")).toBe("mobile");
    // Shown faded in the mobile canvas (hidden there), fully on desktop.
    const faded = () => elementById(page, "element-intro").evaluate((e) => e.classList.contains("opacity-40"));
    expect(await faded()).toBe(true);
    await device(page, "desktop");
    expect(await faded()).toBe(false);
    expect(await vis.locator("[data-device-mark]").count()).toBe(0);
    expect(await vis.getByLabel("Masquer sur ordinateur").isChecked()).toBe(false);
    await device(page, "mobile");
    await vis.locator("[data-action=device-reset]").click();
    expect(await vis.locator("[data-device-mark]").count()).toBe(0);
    expect(await vis.getByLabel("Masquer sur mobile").isChecked()).toBe(false);
    // Hidden on tablet: mobile now differs from its larger device, and Rétablir hides it there too.
    await vis.getByLabel("Masquer sur tablette").check();
    expect(await vis.getByText("Modifié pour mobile").isVisible()).toBe(true);
    await vis.locator("[data-action=device-reset]").click();
    expect(await vis.getByLabel("Masquer sur mobile").isChecked()).toBe(true);
    expect(await vis.getByLabel("Masquer sur ordinateur").isChecked()).toBe(false);
    await saved();
    const intro = (await api.draft(id)).doc.blocks[0].sections[0].columns[0].elements[1] as { id: string; hide?: unknown };
    expect(intro.id).toBe("element-intro");
    expect(intro.hide).toEqual({ tablet: true, mobile: true });
  });

  it("canvas and public page look alike at 375, 768 and 1440 px, with per-device values served as CSS only", async () => {
    const { id, slug } = await openHero();
    await device(page, "tablet");
    for (let i = 0; i < 2; i++) await columnOf(page, "column-h01").locator("[data-action=width-decrease]").click();
    for (let i = 0; i < 2; i++) await columnOf(page, "column-h00").locator("[data-action=width-increase]").click();
    expect([await width("column-h00"), await width("column-h01")]).toEqual(["8/12", "4/12"]);
    await elementById(page, "element-title").click();
    await chooseCustom(settings(), "Taille du texte", "32");
    await device(page, "mobile");
    await chooseCustom(settings(), "Taille du texte", "24");
    await settings().getByLabel("Alignement").selectOption("center");
    await saved();
    await api.publish(id);

    const expected = {
      375: { size: "24px", align: "center", stacked: true },
      768: { size: "32px", align: "left", stacked: false },
      1440: { size: "48px", align: "left", stacked: false },
    };
    const visitor = await otherPage();
    const visitorErrors = watchErrors(visitor); // hydration finds the server's <style> elements as they are
    const styles: string[] = [];
    for (const [w, want] of Object.entries(expected)) {
      const d = w === "375" ? "mobile" : w === "768" ? "tablet" : "desktop";
      await device(page, d);
      await page.waitForTimeout(300); // the canvas's width transition
      await page.screenshot({ path: path.join(SHOTS, `devices-canvas-${w}.png`), timeout: 60_000 });
      const canvasBox = async (cid: string) => (await page.locator(`[data-builder-column="${cid}"]`).boundingBox())!;
      const [c0, c1] = [await canvasBox("column-h00"), await canvasBox("column-h01")];
      expect(await fontSize(page, canvasTitle), `canvas ${w}`).toBe(want.size);
      expect(await page.locator(canvasTitle).evaluate(alignOf), `canvas ${w}`).toBe(want.align);

      await visitor.setViewportSize({ width: Number(w), height: 900 });
      await visitor.goto(`${server.url}/page/${slug}`);
      const title = visitor.locator('[data-element-id="element-title"] h1');
      expect(await title.evaluate((e) => getComputedStyle(e).fontSize), `public ${w}`).toBe(want.size);
      expect(await title.evaluate(alignOf), `public ${w}`).toBe(want.align);
      const p0 = (await visitor.locator('[data-column-id="column-h00"]').boundingBox())!;
      const p1 = (await visitor.locator('[data-column-id="column-h01"]').boundingBox())!;
      expect(p1.y > p0.y + 10, `public ${w} stacked`).toBe(want.stacked);
      expect(c1.y > c0.y + 10, `canvas ${w} stacked`).toBe(want.stacked);
      // The same proportions of the row in both.
      if (!want.stacked) expect(Math.abs(p0.width / p1.width - c0.width / c1.width)).toBeLessThan(0.05);
      await visitor.screenshot({ path: path.join(SHOTS, `devices-public-${w}.png`), timeout: 60_000 });
      styles.push(...(await visitor.locator("style").evaluateAll((s) => s.map((x) => x.textContent ?? "").filter((t) => t.includes("@container")))));
    }
    // The overrides travel as one <style> of container queries beside the block, no script.
    expect(styles.some((t) => t.includes("font-size:24px !important"))).toBe(true);
    visitorErrors.expectNone();
  });

  it("every kind of node shows its per-device values alike in the canvas and on the public page; no canvas edit rewrites a style sheet", async () => {
    // Decision 058: the canvas carries per-device values as custom properties read by one fixed sheet.
    const d = docOf([
      "k",
      [
        [
          [
            8,
            [
              el("t", "text", "<p>Texte coloré</p>", { deviceStyles: { tablet: { color: "rgb(200, 0, 0)" } } }),
              el("pic", "image", "/media/seed/atelier-equipe.jpg", { alt: "Atelier", deviceStyles: { mobile: { maxWidth: "120px" } } }),
              el("go", "button", "Réserver", { href: "/offres", deviceStyles: { tablet: { fontSize: "13px" }, mobile: { textAlign: "center" } } }),
            ],
          ],
          [4, [el("side", "text", "<p>Colonne</p>")]],
        ],
      ],
    ]);
    const b = d.blocks[0] as unknown as { deviceStyles?: unknown; sections: { deviceStyles?: unknown; columns: { deviceStyles?: unknown }[] }[] };
    b.deviceStyles = { mobile: { paddingTop: "12px" } };
    b.sections[0].deviceStyles = { tablet: { paddingTop: "8px" } };
    b.sections[0].columns[0].deviceStyles = { mobile: { gap: "10px" } };
    const slug = freshSlug("noeuds");
    const id = await api.createPage(slug);
    await api.save(id, d);
    await api.publish(id);
    await openBuilder(page, server, id);

    // [canvas selector, public selector, property]
    const probes: Record<string, [string, string, string]> = {
      block: ['[data-builder-block="block-k"]', '[data-block-id="block-k"]', "paddingTop"],
      section: ['[data-builder-section="section-k0"] > .doc-section', '[data-section-id="section-k0"]', "paddingTop"],
      column: ['[data-builder-column="column-k00"]', '[data-column-id="column-k00"]', "rowGap"],
      text: ['[data-builder-element="element-t"] > .el > *', '.el[data-element-id="element-t"] > *', "color"],
      image: ['[data-builder-element="element-pic"] > .el .el-image', '.el[data-element-id="element-pic"] .el-image', "maxWidth"],
      button: ['[data-builder-element="element-go"] > .el .el-button', '.el[data-element-id="element-go"] .el-button', "fontSize"],
      align: ['[data-builder-element="element-go"] > .el', '.el[data-element-id="element-go"]', "textAlign"],
    };
    const expected: Record<string, Record<string, string>> = {
      375: { block: "12px", section: "8px", column: "10px", text: "rgb(200, 0, 0)", image: "120px", button: "13px", align: "center" },
      768: { section: "8px", text: "rgb(200, 0, 0)", button: "13px" },
      1440: {},
    };
    const read = (p: Page, sel: string, prop: string) =>
      p
        .locator(sel)
        .first()
        .evaluate((e, k) => (getComputedStyle(e) as unknown as Record<string, string>)[k].replace(/^start$/, "left"), prop);
    const visitor = await otherPage();
    for (const [w, want] of Object.entries(expected)) {
      await device(page, w === "375" ? "mobile" : w === "768" ? "tablet" : "desktop");
      await visitor.setViewportSize({ width: Number(w), height: 900 });
      await visitor.goto(`${server.url}/page/${slug}`);
      for (const [name, [canvasSel, publicSel, prop]] of Object.entries(probes)) {
        const publicValue = await read(visitor, publicSel, prop);
        if (want[name]) expect(publicValue, `public ${name} at ${w}`).toBe(want[name]);
        else expect(publicValue, `public ${name} at ${w} keeps its desktop value`).not.toBe(expected[375][name]);
        // The canvas in edit mode pads its columns for the handles: its column gap is compared only where set.
        if (name !== "column" || want[name]) expect(await read(page, canvasSel, prop), `canvas ${name} at ${w}`).toBe(publicValue);
      }
    }

    // A per-device edit and a delete change the canvas without touching a <style> element.
    await page.getByTestId("builder-canvas").evaluate((canvas) => {
      const w = window as unknown as { styleMutations: number };
      w.styleMutations = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          const nodes = [r.target, ...r.addedNodes, ...r.removedNodes];
          if (nodes.some((n) => n.nodeName === "STYLE" || n.parentNode?.nodeName === "STYLE")) w.styleMutations++;
        }
      }).observe(canvas, { subtree: true, childList: true, characterData: true });
    });
    await device(page, "mobile");
    await elementById(page, "element-t").click();
    await chooseCustom(settings(), "Taille du texte", "21");
    await expect.poll(() => read(page, probes.text[0], "fontSize")).toBe("21px");
    expect(await read(page, probes.text[0], "color")).toBe("rgb(200, 0, 0)");
    await elementById(page, "element-side").click();
    await page.keyboard.press("Delete");
    await expect.poll(() => page.locator('[data-builder-element="element-side"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { styleMutations: number }).styleMutations)).toBe(0);
    await saved();
    const stored = (await api.draft(id)).doc.blocks[0].sections[0].columns[0].elements[0] as { deviceStyles?: unknown };
    expect(stored.deviceStyles).toEqual({ tablet: { color: "rgb(200, 0, 0)" }, mobile: { fontSize: "21px" } });
  });

  it("a custom style value that is not CSS is refused by the server in French, naming the field; a draft stored before the rule still opens", async () => {
    const id = await api.createPage(freshSlug("valeurs"));
    const draft = await api.draft(id);
    const bad = HERO();
    bad.blocks[0].sections[0].columns[0].elements[0].styles = { fontSize: "48" };
    const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: api.cookie, body: { doc: bad, version: draft.version } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("elements.0.styles.fontSize — Taille du texte : « 48 » n'a pas d'unité : écrivez 48px");
    // Stored before the rule (written straight to the database): the builder opens it without the value the
    // browser ignored anyway, and its next save stores it clean.
    await sql(server, "update page_translations set draft = ? where page_id = ? and lang = 'fr'", [JSON.stringify(bad), id]);
    await openBuilder(page, server, id);
    await elementById(page, "element-intro").click();
    await page.keyboard.press("Delete");
    await saved();
    const stored = (await api.draft(id)).doc.blocks[0].sections[0].columns[0].elements[0];
    expect(stored.id).toBe("element-title");
    expect(stored.styles).toEqual({});
  });

  it("a save with a per-device width outside 1..12 is refused in French, never a 500", async () => {
    const id = await api.createPage(freshSlug("largeur"));
    const bad = HERO() as unknown as { blocks: { sections: { columns: Record<string, unknown>[] }[] }[] };
    bad.blocks[0].sections[0].columns[0].deviceWidths = { mobile: 13 };
    const draft = await api.draft(id);
    const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: api.cookie, body: { doc: bad, version: draft.version } });
    expect(res.status).toBe(400);
    expect(res.text).toContain("largeur par appareil invalide : un nombre entier de 1 à 12");
    // A document of version 1 (a builder opened before the upgrade) is migrated and stored.
    const old = { ...HERO(), version: 1 };
    const ok = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: api.cookie, body: { doc: old, version: draft.version } });
    expect(ok.status).toBe(200);
    expect((await api.draft(id)).doc.version).toBe(DOC_VERSION);
  });
});
