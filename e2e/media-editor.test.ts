import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { multipart, MULTIPART_TYPE } from "../tests/support/media";
import type { TestServer } from "../tests/support/server";
import { Api, memberSuite } from "./builder-support";

/**
 * The image editor in Chromium: the 'Édition' tab loads on demand, a crop drawn with the mouse, a
 * quarter turn, the final dimensions and estimated size, the download (a real file of those
 * dimensions), Enregistrer as a new version on the server and 'Revenir à l'original'.
 */
const suite = memberSuite();
let server: TestServer;
let admin: Api;
beforeAll(() => void ({ server, admin } = suite));
const newPage = suite.newPage;
const SHOTS = process.env.MEDIA_SHOTS; // a folder: screenshots for a person to look at (kept out of git)

async function uploadImage(title: string) {
  const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 90, b: 200 } } }, left: 600, top: 400 }])
    .jpeg()
    .toBuffer();
  const parts = [
    { name: "title", value: title },
    { name: "file", filename: "photo.jpg", type: "image/jpeg", data },
  ];
  const res = await call(server, "POST", "/api/media", { cookie: admin.cookie, raw: multipart(parts), headers: { "content-type": MULTIPART_TYPE } });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.item as { id: string; url: string; width: number; height: number };
}

async function openEditor(page: Page, title: string) {
  await page.goto(`${server.url}/admin/media-library`);
  const card = page.getByTestId("media-item").filter({ hasText: title });
  await card.hover();
  await card.getByRole("button", { name: "Modifier", exact: true }).click();
  const dialog = page.getByTestId("media-details");
  await dialog.getByText("Utilisé sur").waitFor();
  return dialog;
}

const finalDims = async (page: Page) => {
  const text = (await page.getByTestId("editor-final").innerText()).replace(/\s/g, " ");
  const m = /(\d+) × (\d+) px/.exec(text);
  if (!m) throw new Error(text);
  return { width: Number(m[1]), height: Number(m[2]), text };
};

describe("image editor", () => {
  it("loads on demand; crop drawn with the mouse, +90°, download, Enregistrer as a new version, then back to the original", async () => {
    const item = await uploadImage("Vitrine d'été");
    const { page, watch } = await newPage();
    const dialog = await openEditor(page, "Vitrine d'été");
    const editorLoaded = () => page.evaluate(() => performance.getEntriesByType("resource").some((r) => /ImageEditor/.test(r.name)));
    expect(await editorLoaded()).toBe(false);
    await dialog.getByRole("tab", { name: "Édition" }).click();
    await dialog.getByTestId("editor-preview").waitFor();
    expect(await editorLoaded()).toBe(true);
    expect((await finalDims(page)).text).toMatch(/1200 × 800 px[\s\S]*Taille estimée : 3 375,0 KB/);
    await dialog.getByRole("button", { name: "Réinitialiser" }).waitFor();

    await dialog.getByRole("button", { name: "+90°" }).click();
    expect(await finalDims(page)).toMatchObject({ width: 800, height: 1200 });

    await dialog.getByRole("button", { name: "Recadrer" }).click();
    const shown = dialog.getByTestId("crop-image");
    await shown.waitFor();
    await page.waitForFunction(() => (document.querySelector("[data-testid=crop-image]") as HTMLImageElement | null)?.complete === true);
    const box = (await shown.boundingBox())!;
    expect(await dialog.getByRole("button", { name: "Appliquer" }).count()).toBe(0);
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await dialog.getByRole("button", { name: "Appliquer" }).click();
    await dialog.getByTestId("editor-preview").waitFor();
    const cropped = await finalDims(page);
    // Half the width and 40 % of the height of the turned 800 × 1200 image (a pixel either way).
    expect(Math.abs(cropped.width - 400)).toBeLessThanOrEqual(4);
    expect(Math.abs(cropped.height - 480)).toBeLessThanOrEqual(4);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-1440.png` });

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Télécharger l'image modifiée" }).click()]);
    expect(download.suggestedFilename()).toBe("Vitrine d'été.jpg");
    const file = path.join(os.tmpdir(), `medit-${process.pid}.jpg`);
    await download.saveAs(file);
    const meta = await sharp(await readFile(file)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: cropped.width, height: cropped.height });

    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByTestId("media-notice").waitFor();
    const saved = (await call(server, "GET", `/api/media/${item.id}`, { cookie: admin.cookie })).json;
    expect(saved.item).toMatchObject({ width: cropped.width, height: cropped.height, fileType: "image/jpeg" });
    expect(saved.item.url).not.toBe(item.url);
    expect(saved.edited).toBe(true);

    // Reopened: the new dimensions; 'Revenir à l'original' puts the first file back.
    const again = await openEditor(page, "Vitrine d'été");
    expect(await again.getByTestId("media-facts").innerText()).toContain(`${cropped.width} × ${cropped.height} px`);
    // Seed 001 §2's 'Largeur (px)' and 'Hauteur (px)': the stored file's size, read-only.
    expect(await again.getByLabel("Largeur (px)").inputValue()).toBe(String(cropped.width));
    expect(await again.getByLabel("Hauteur (px)").inputValue()).toBe(String(cropped.height));
    expect(await again.getByLabel("Largeur (px)").isEditable()).toBe(false);
    await again.getByRole("tab", { name: "Édition" }).click();
    await again.getByRole("button", { name: "Revenir à l'original" }).click();
    await page.getByTestId("media-notice").waitFor();
    const back = (await call(server, "GET", `/api/media/${item.id}`, { cookie: admin.cookie })).json;
    expect(back.item).toMatchObject({ url: item.url, width: 1200, height: 800 });
    watch.expectNone();
  });

  it("the reset button restores the defaults; the dialog fits 375 and 1440 px (screenshots when MEDIA_SHOTS is set)", async () => {
    await uploadImage("Bureau clair");
    for (const width of [375, 1440]) {
      const { page, watch } = await newPage(width);
      const dialog = await openEditor(page, "Bureau clair");
      await dialog.getByRole("tab", { name: "Édition" }).click();
      await dialog.getByTestId("editor-preview").waitFor();
      await dialog.getByRole("button", { name: "-90°" }).click();
      await dialog.getByLabel("Qualité").fill("50");
      expect((await finalDims(page)).text).toMatch(/800 × 1200 px[\s\S]*1 875,0 KB/);
      await dialog.getByLabel("Format").selectOption("webp");
      await dialog.getByRole("button", { name: "Réinitialiser" }).click();
      expect((await finalDims(page)).text).toMatch(/1200 × 800 px[\s\S]*3 375,0 KB/);
      expect(await dialog.getByLabel("Format").inputValue()).toBe("jpg");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-reset-${width}.png` });
      watch.expectNone();
    }
  });
});
