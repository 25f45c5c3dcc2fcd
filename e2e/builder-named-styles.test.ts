import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { docOf, el, elementById, openBuilder, saveState } from "./builder-support";
import { api, editingSuite, freshSlug, otherPage, page, server, SHOTS } from "./builder-editing-support";

/**
 * Issue 21 items 2, 3 and 5 (decision 043): the settings panel shows the design's named choices and never
 * CSS, on every element of every seeded page; sections have a background image whose focal point stays in
 * view at 320 and 1440 px; a text colour can be set for mobile only; an icon set to 48 px is drawn at 48 px.
 */
editingSuite();

const HERO_IMAGE = "/media/seed/accueil-hero.jpg";

async function device(p: Page, d: "mobile" | "tablet" | "desktop") {
  await p.locator(`[data-device-toggle=${d}]`).click();
  // The canvas's width transition: container queries follow it.
  await expect.poll(() => p.getByTestId("builder-canvas").evaluate((c) => c.getAnimations().length)).toBe(0);
}

async function saved() {
  await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe("saved");
}

/** What the settings panel shows: its text outside the lists, each list's chosen option, each field's value. */
function shownText(panel: Element): string {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n instanceof HTMLSelectElement) return out.push(n.selectedOptions[0]?.text ?? "");
    if (n instanceof HTMLInputElement) return n.type === "color" || n.type === "range" ? undefined : out.push(n.value);
    if (n.nodeType === Node.TEXT_NODE) return out.push(n.textContent ?? "");
    n.childNodes.forEach(walk);
  };
  walk(panel);
  return out.join(" | ");
}

const RAW_CSS = /clamp\(|var\(|calc\(|\d(?:\.\d+)?px\s+-?\d(?:\.\d+)?px|9999px|\drem\b/;

describe("named choices instead of CSS", () => {
  it("opens the settings of every element of every seeded page (FR and EN) and finds no raw CSS value, nor a custom value", async () => {
    const res = await call(server, "GET", "/api/pages", { cookie: api.cookie });
    const pages = (res.json.pages as { id: string; systemKey: string | null }[]).filter((p) => p.systemKey);
    expect(pages.length).toBeGreaterThan(8);
    let checked = 0;
    const problems: string[] = [];
    // Elements whose settings are the same (type and every stored field but the id and the text) show the
    // same panel, whatever page holds them: each such panel is opened once over the whole walk, and a page
    // whose elements all show panels already seen is not opened (the 30 pages' several hundred elements
    // share about a hundred panels; opening each page and element took over a minute of the suite).
    const opened = new Set<string>();
    for (const p of pages)
      for (const lang of ["fr", "en"] as const) {
        const draft = (await call(server, "GET", `/api/pages/${p.id}/${lang}`, { cookie: api.cookie })).json.draft;
        const toOpen: string[] = [];
        for (const b of draft.doc.blocks)
          for (const sec of b.sections)
            for (const col of sec.columns)
              for (const el of col.elements) {
                const { id, content: _content, ...rest } = el as { id: string; content: string };
                const sig = JSON.stringify(rest);
                if (opened.has(sig)) continue;
                opened.add(sig);
                toOpen.push(id);
              }
        if (toOpen.length === 0) continue;
        await openBuilder(page, server, p.id, lang);
        const shownIds = new Set(await page.locator("[data-builder-element]").evaluateAll((els) => els.map((e) => e.getAttribute("data-builder-element")!)));
        for (const id of toOpen) {
          // Every element of the draft is on the canvas: a missing one would hide its panel from this walk.
          if (!shownIds.has(id)) {
            problems.push(`${p.systemKey} (${lang}) ${id}: absent du canevas`);
            continue;
          }
          const frame = elementById(page, id);
          await frame.scrollIntoViewIfNeeded();
          // The frame's top-left corner: never a link or a button inside the element.
          await frame.click({ position: { x: 2, y: 2 } });
          await page.locator(`[data-builder-element="${id}"][data-selected="true"]`).waitFor();
          const shown = await page.getByTestId("element-settings").evaluate(shownText);
          if (RAW_CSS.test(shown) || shown.includes("Valeur personnalisée…")) problems.push(`${p.systemKey} (${lang}) ${id}: ${shown.slice(0, 300)}`);
          checked++;
        }
      }
    expect(problems).toEqual([]);
    // Every distinct settings panel of the seeded pages (several hundred elements share about a hundred).
    expect(checked).toBeGreaterThan(60);
  }, 900_000);

  it("a custom value is offered only once chosen, as a number and a unit in words, and out of range is refused in French", async () => {
    const id = await api.createPage(freshSlug("perso"));
    await api.save(id, docOf(["c", [[[12, [el("b", "button", "Réserver", { href: "/contact", styles: { padding: "var(--ds-btn-size-m)" } })]]]]]));
    await openBuilder(page, server, id);
    await elementById(page, "element-b").click();
    const settings = page.getByTestId("element-settings");
    expect(await settings.getByLabel("Taille du bouton", { exact: true }).locator("option:checked").innerText()).toBe("Moyen");
    expect(await settings.getByLabel("Taille du bouton : unité").count()).toBe(0);
    await settings.getByLabel("Arrondi", { exact: true }).selectOption({ label: "Valeur personnalisée…" });
    expect(await settings.getByLabel("Arrondi : unité").locator("option").allInnerTexts()).toEqual(["px (pixels)", "rem (taille du texte)", "% (pourcentage)"]);
    await settings.getByLabel("Arrondi : valeur personnalisée").fill("5000");
    expect(await settings.getByRole("alert").innerText()).toBe("La valeur doit être comprise entre 0 et 200\u202fpx.");
    await settings.getByLabel("Arrondi : valeur personnalisée").fill("12;}</style>");
    expect(await settings.getByRole("alert").innerText()).toBe("Saisissez un nombre, par exemple 24.");
    await settings.getByLabel("Arrondi : valeur personnalisée").fill("12");
    expect(await settings.getByRole("alert").count()).toBe(0);
    const link = elementById(page, "element-b").locator(":scope > .el .el-button");
    expect(await link.evaluate((a) => getComputedStyle(a).borderTopLeftRadius)).toBe("12px");
    // The button sizes render at the value of their step: Grand is 18 × 36 px with the default design.
    await settings.getByLabel("Taille du bouton", { exact: true }).selectOption({ label: "Grand" });
    expect(await link.evaluate((a) => [getComputedStyle(a).paddingTop, getComputedStyle(a).paddingLeft])).toEqual(["18px", "36px"]);
    await saved();
  });
});

describe("what the panel says is what renders", () => {
  it("an icon set to 48 px is drawn at 48 px in the canvas and on the public page (its badge padding outside)", async () => {
    const slug = freshSlug("icone");
    const id = await api.createPage(slug);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="10"/></svg>';
    await api.save(id, docOf(["i", [[[12, [el("ic", "icon", svg, { styles: { padding: "14px", backgroundColor: "#ffc104", color: "#14171c" } })]]]]]));
    await openBuilder(page, server, id);
    const canvasSvg = elementById(page, "element-ic").locator("svg");
    // Without a size, the panel names the size the icon is drawn at.
    expect(Math.round((await canvasSvg.boundingBox())!.width)).toBe(24);
    await elementById(page, "element-ic").click();
    const size = page.getByTestId("element-settings").getByLabel("Taille de l'icône");
    expect(await size.locator("option:checked").innerText()).toBe("24\u202fpx");
    await size.selectOption({ label: "48\u202fpx" });
    await expect.poll(async () => Math.round((await canvasSvg.boundingBox())!.width)).toBe(48);
    expect(Math.round((await canvasSvg.boundingBox())!.height)).toBe(48);
    await saved();
    await api.publish(id);
    const visitor = await otherPage();
    await visitor.goto(`${server.url}/page/${slug}`);
    const box = (await visitor.locator('[data-element-id="element-ic"] svg').boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([48, 48]);
  });
});

describe("sections and columns have their settings", () => {
  it("a section background image keeps its focal point in view at 320 and 1440 px, under a contrast-checked overlay", async () => {
    const slug = freshSlug("fond");
    const id = await api.createPage(slug);
    const doc = docOf(["f", [[[12, [el("t", "heading", "Titre sur image", { level: 1 })]]]]]);
    const section = doc.blocks[0].sections[0] as Record<string, unknown>;
    section.background = { image: HERO_IMAGE, focusX: 50, focusY: 50, overlay: 0 };
    // The section's text colour (its elements inherit it) is what the overlay check measures.
    section.styles = { paddingTop: "var(--ds-space-xxl)", paddingBottom: "var(--ds-space-xxl)", color: "#ffffff" };
    await api.save(id, doc);
    await openBuilder(page, server, id);
    const sectionFrame = page.locator('[data-builder-section="section-f0"]');
    const box = (await sectionFrame.boundingBox())!;
    await sectionFrame.click({ position: { x: box.width - 8, y: 12 } });
    const look = page.getByTestId("section-look");
    await look.waitFor();
    // White text over an image with no overlay: warned, with the overlay that would do.
    expect(await look.getByTestId("overlay-contrast-warning").innerText()).toMatch(
      /^Texte peu lisible sur l'image\u202f: 1,0:1 au pire .*Renforcez le voile à 55\u202f% au moins\.$/,
    );
    await look.getByTestId("overlay-contrast-warning").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "section-settings.png") });
    await look.getByTestId("background-overlay").fill("60");
    await expect.poll(() => look.getByTestId("overlay-contrast-warning").count()).toBe(0);
    // A click on the thumbnail places the focal point: 80 % from the left, 20 % from the top.
    const thumb = look.getByTestId("focal-point");
    const t = (await thumb.boundingBox())!;
    await thumb.click({ position: { x: t.width * 0.8, y: t.height * 0.2 } });
    const placed = look.getByText(/depuis la gauche/);
    await expect.poll(() => placed.innerText()).not.toBe("50\u202f% depuis la gauche, 50\u202f% depuis le haut");
    const [fx, fy] = ((await placed.innerText()).match(/\d+/g) ?? []).map(Number);
    expect(Math.abs(fx - 80)).toBeLessThanOrEqual(1);
    expect(Math.abs(fy - 20)).toBeLessThanOrEqual(1);
    // The arrow keys move it by 5 %: exactly 80 % and 20 % from a round start.
    await thumb.press("ArrowRight");
    const [kx, ky] = ((await placed.innerText()).match(/\d+/g) ?? []).map(Number);
    expect([kx, ky]).toEqual([Math.min(100, fx + 5), fy]);
    const canvasImg = page.locator('[data-builder-section="section-f0"] img[data-layer-bg]');
    expect(await canvasImg.evaluate((i) => getComputedStyle(i).objectPosition)).toBe(`${kx}% ${ky}%`);
    await saved();
    await api.publish(id);

    const visitor = await otherPage();
    for (const width of [320, 1440]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(`${server.url}/page/${slug}`);
      const img = visitor.locator('[data-section-id="section-f0"] img[data-layer-bg]');
      const sec = (await visitor.locator('[data-section-id="section-f0"]').boundingBox())!;
      const ib = (await img.boundingBox())!;
      const css = await img.evaluate((i) => ({
        position: getComputedStyle(i).objectPosition,
        fit: getComputedStyle(i).objectFit,
        natural: [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).naturalHeight],
      }));
      expect(css.position, `${width}`).toBe(`${kx}% ${ky}%`);
      expect(css.fit).toBe("cover");
      // The image covers the section, and the focal point lands inside the section's box.
      expect(Math.abs(ib.width - sec.width)).toBeLessThan(1);
      expect(Math.abs(ib.height - sec.height)).toBeLessThan(1);
      const [nw, nh] = css.natural;
      const scale = Math.max(sec.width / nw, sec.height / nh);
      // Where the image's focal point lands in the section (object-position aligns the x % of both).
      const px = (sec.width - nw * scale) * (kx / 100) + nw * scale * (kx / 100);
      const py = (sec.height - nh * scale) * (ky / 100) + nh * scale * (ky / 100);
      expect(px).toBeGreaterThanOrEqual(0);
      expect(px).toBeLessThanOrEqual(sec.width);
      expect(py).toBeGreaterThanOrEqual(0);
      expect(py).toBeLessThanOrEqual(sec.height);
      expect(await visitor.locator('[data-section-id="section-f0"] [data-layer-overlay]').evaluate((o) => getComputedStyle(o).opacity)).toBe("0.6");
      // The heading sits above the image and the overlay.
      const h = (await visitor.locator('[data-element-id="element-t"] h1').boundingBox())!;
      const top = await visitor.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("h1")?.textContent ?? null, [h.x + 4, h.y + h.height / 2]);
      expect(top).toBe("Titre sur image");
      await visitor.screenshot({ path: path.join(SHOTS, `section-background-${width}.png`) });
    }
  });

  it("a section's spacing and a text colour set for mobile only apply at 375 px and not at 1440 px on the public page", async () => {
    const slug = freshSlug("mobile");
    const id = await api.createPage(slug);
    await api.save(id, docOf(["m", [[[12, [el("t", "text", "<p>Texte en couleur</p>", { styles: { color: "#14171c" } })]]]]]));
    await openBuilder(page, server, id);
    await device(page, "mobile");
    await elementById(page, "element-t").click();
    const settings = page.getByTestId("element-settings");
    await settings.getByRole("textbox", { name: "Couleur", exact: true }).fill("#c00000");
    expect(await settings.locator('[data-device-field="color"]').getByText("Modifié pour mobile").isVisible()).toBe(true);
    const sectionFrame = page.locator('[data-builder-section="section-m0"]');
    const box = (await sectionFrame.boundingBox())!;
    await sectionFrame.click({ position: { x: box.width - 8, y: 12 } });
    const look = page.getByTestId("section-look");
    await look.getByLabel("Intérieur haut", { exact: true }).selectOption({ label: "XL" });
    expect(await look.getByText("Modifié pour mobile").isVisible()).toBe(true);
    const grid = page.locator('[data-builder-section="section-m0"] > .doc-section');
    await expect.poll(() => grid.evaluate((g) => getComputedStyle(g).paddingTop)).toBe("40px");
    await device(page, "desktop");
    await expect.poll(() => grid.evaluate((g) => getComputedStyle(g).paddingTop)).toBe("0px");
    await saved();
    await api.publish(id);

    const visitor = await otherPage();
    const expected = { 375: ["rgb(192, 0, 0)", "40px"], 1440: ["rgb(20, 23, 28)", "0px"] } as const;
    for (const [width, [colour, padding]] of Object.entries(expected)) {
      await visitor.setViewportSize({ width: Number(width), height: 800 });
      await visitor.goto(`${server.url}/page/${slug}`);
      const text = visitor.locator('[data-element-id="element-t"] p');
      expect(await text.evaluate((p) => getComputedStyle(p).color), `${width}`).toBe(colour);
      expect(await visitor.locator('[data-section-id="section-m0"]').evaluate((s) => getComputedStyle(s).paddingTop), `${width}`).toBe(padding);
    }
  });

  it("refuses a bad background, focal point or overlay on save in French (never a 500)", async () => {
    const id = await api.createPage(freshSlug("refus"));
    const draft = await api.draft(id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ image: HERO_IMAGE, focusX: 120, focusY: 50, overlay: 0 }, /point focal invalide/],
      [{ image: HERO_IMAGE, focusX: 50, focusY: -1, overlay: 0 }, /point focal invalide/],
      [{ image: HERO_IMAGE, focusX: 50, focusY: 50, overlay: 95 }, /voile invalide/],
      [{ image: "javascript:alert(1)", focusX: 50, focusY: 50, overlay: 0 }, /image de fond/],
      [{ image: HERO_IMAGE, focusX: 50, focusY: 50, overlay: 0, css: "</style>" }, /./],
    ];
    for (const [background, message] of cases) {
      const doc = docOf(["r", [[[12, []]]]]);
      (doc.blocks[0].sections[0] as Record<string, unknown>).background = background;
      const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: api.cookie, body: { doc, version: draft.version } });
      expect(res.status, JSON.stringify(background)).toBe(400);
      expect(res.text, JSON.stringify(background)).toMatch(message);
    }
    // A hostile style value, an unknown token name: refused as well.
    for (const value of ["1px}</style><script>alert(1)</script>", "url(javascript:alert(1))", "expression(alert(1))"]) {
      const doc = docOf(["r", [[[12, []]]]]);
      (doc.blocks[0].sections[0] as Record<string, unknown>).styles = { paddingTop: value };
      const res = await call(server, "PUT", `/api/pages/${id}/fr/draft`, { cookie: api.cookie, body: { doc, version: draft.version } });
      expect(res.status, value).toBe(400);
    }
  });
});
