import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { docOf, el, openBuilder } from "./builder-support";
import { api, editingSuite, freshSlug, otherPage, page, server, SHOTS } from "./builder-editing-support";

/**
 * Below 1024 px (issue 11 §6: "the top bar works from 1024 px up"): a phone or a portrait tablet gets a
 * French notice with a way back instead of a builder that spills; widening the window brings the builder
 * back. The design and site-structure screens fit 320 to 768 px, nothing past the right edge.
 */
editingSuite();

/** Visible elements that pass the viewport's right edge, or that an ancestor scroller cuts (the admin bar's own scroller aside). */
const spills = (p: Page) =>
  p.evaluate(() => {
    const W = window.innerWidth;
    const out: string[] = [];
    for (const e of Array.from(document.querySelectorAll("body *"))) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || e.closest("[data-testid=admin-bar]")) continue;
      if (r.right > W + 1 || r.left < -1)
        out.push(`${e.tagName.toLowerCase()} « ${(e.textContent ?? "").trim().slice(0, 30)} » [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    return { sideways: document.documentElement.scrollWidth > W, out: out.slice(0, 10) };
  });

describe("the builder below 1024 px", () => {
  it.each([320, 375, 768])("at %i px shows the notice with a way back, in both themes, and the builder returns at 1024 px", async (width) => {
    const id = await api.createPage(freshSlug("etroit"));
    await api.save(id, docOf(["a", [[[12, [el("t", "heading", "Titre", { level: 1 })]]]]]));
    for (const theme of ["light", "dark"] as const) {
      const p = await otherPage();
      await p.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await p.setViewportSize({ width, height: 760 });
      await p.goto(`${server.url}/admin/archimed-editor?page=${id}&lang=fr&path=/fr`);
      const notice = p.getByTestId("builder-narrow-notice");
      await notice.getByRole("heading", { name: "Archimed a besoin d'un écran plus large" }).waitFor();
      // The builder is mounted but not shown, and out of the tab order.
      await p.getByTestId("builder").waitFor({ state: "attached" });
      expect(await p.getByTestId("builder").isVisible()).toBe(false);
      expect(await spills(p)).toEqual({ sideways: false, out: [] });
      const back = notice.getByRole("link", { name: "Retour aux pages" });
      expect(await back.getAttribute("href")).toBe("/admin/archimed-pages");
      expect(await notice.getByRole("link", { name: "Revenir à la page" }).getAttribute("href")).toBe("/fr");
      const box = (await back.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(36);
      await p.keyboard.press("Tab");
      expect(await p.evaluate(() => document.activeElement?.textContent)).toBe("Retour aux pages");
      await p.screenshot({ path: path.join(SHOTS, `narrow-notice-${width}-${theme}.png`) });
      // Wider: the builder, as it was; the notice gone.
      await p.setViewportSize({ width: 1024, height: 760 });
      await p.getByTestId("builder-canvas").waitFor({ state: "visible" });
      expect(await notice.isVisible()).toBe(false);
      await p.close();
    }
  });

  it("is the builder itself from 1024 px, with no notice", async () => {
    const id = await api.createPage(freshSlug("large"));
    await page.setViewportSize({ width: 1024, height: 760 });
    await openBuilder(page, server, id);
    expect(await page.getByTestId("builder-narrow-notice").isVisible()).toBe(false);
  });
});

describe("the design and site-structure screens from 320 to 768 px", () => {
  it.each([320, 375, 768])("fit at %i px: nothing passes the right edge, no sideways scroll", async (width) => {
    await page.setViewportSize({ width, height: 760 });
    for (const [name, url] of [
      ["design", "/admin/design"],
      ["structure", "/admin/site-structure"],
    ] as const) {
      await page.goto(server.url + url);
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await spills(page), `${name} ${width}`).toEqual({ sideways: false, out: [] });
      await page.screenshot({ path: path.join(SHOTS, `narrow-${name}-${width}.png`), fullPage: true });
    }
    // The submenu's entries: fields at full width, "Retirer" under them on a phone, never over a label.
    await page.goto(server.url + "/admin/site-structure");
    const child = page.getByTestId("submenu-entry").first();
    await child.waitFor();
    const fields = (await child.locator("select").first().boundingBox())!;
    const remove = (await child.getByRole("button", { name: /^Retirer/ }).boundingBox())!;
    expect(fields.width, "champ du sous-menu").toBeGreaterThanOrEqual(width < 640 ? 180 : 100);
    const overlaps =
      remove.x < fields.x + fields.width && remove.x + remove.width > fields.x && remove.y < fields.y + fields.height && remove.y + remove.height > fields.y;
    expect(overlaps).toBe(false);
    const label = (await child.locator("label").first().boundingBox())!;
    const overLabel =
      remove.x < label.x + label.width && remove.x + remove.width > label.x && remove.y < label.y + label.height && remove.y + remove.height > label.y;
    expect(overLabel).toBe(false);
  });
});

describe("the canvas in the dark theme", () => {
  it("has the public page's text and background colours, so a heading without a colour stays readable", async () => {
    const id = await api.createPage(freshSlug("sombre"));
    await api.save(id, docOf(["a", [[[12, [el("t", "heading", "Titre sans couleur", { level: 1 })]]]]]));
    const look = (p: Page) =>
      p.getByTestId("builder-canvas").evaluate((c) => ({ bg: getComputedStyle(c).backgroundColor, text: getComputedStyle(c.querySelector("h1")!).color }));
    for (const [theme, want] of [
      ["light", { bg: "rgb(255, 255, 255)", text: "rgb(20, 23, 28)" }],
      ["dark", { bg: "rgb(15, 18, 22)", text: "rgb(238, 240, 242)" }],
    ] as const) {
      const p = await otherPage();
      await p.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await openBuilder(p, server, id);
      expect(await look(p), theme).toEqual(want);
      await p.close();
    }
  });
});
