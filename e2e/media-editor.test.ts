import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { centredCrop, straightenedSize } from "~/lib/media/edit-math";
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

async function uploadImage(title: string, photo?: Buffer) {
  const data =
    photo ??
    (await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 90, b: 200 } } }, left: 600, top: 400 }])
      .jpeg()
      .toBuffer());
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
  // On the library page a click on the card opens it (issue 22 §5).
  await page
    .getByTestId("media-item")
    .filter({ hasText: title })
    .getByRole("button", { name: `Ouvrir ${title}` })
    .click();
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
    // The size in French units, never "KB" nor a 4-bytes-per-pixel guess (issue 22 §6).
    expect((await finalDims(page)).text).toMatch(/1200 × 800 px[\s\S]*Taille estimée : \d+(,\d)? (Ko|Mo)$/);
    await dialog.getByRole("button", { name: "Réinitialiser" }).waitFor();

    await dialog.getByRole("button", { name: "+90°" }).click();
    expect(await finalDims(page)).toMatchObject({ width: 800, height: 1200 });

    await dialog.getByRole("button", { name: "Recadrer" }).click();
    const shown = dialog.getByTestId("crop-image");
    await shown.waitFor();
    await page.waitForFunction(() => (document.querySelector("[data-testid=crop-image]") as HTMLImageElement | null)?.complete === true);
    const box = (await shown.boundingBox())!;
    expect(await dialog.getByRole("button", { name: "Appliquer", exact: true }).count()).toBe(0);
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    // The frame and its eight handles are named in French (react-image-crop's own names are English).
    expect(await dialog.getByRole("group", { name: "Zone de recadrage : les flèches la déplacent" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: /du recadrage/ }).count()).toBe(8);
    expect(await dialog.getByRole("button", { name: "Bord droit du recadrage : flèches gauche et droite pour le déplacer" }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Appliquer", exact: true }).click();
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
      expect((await finalDims(page)).text).toMatch(/800 × 1200 px[\s\S]*\d+(,\d)? (Ko|Mo)$/);
      await dialog.getByLabel("Format").selectOption("webp");
      await dialog.getByRole("button", { name: "Réinitialiser" }).click();
      expect((await finalDims(page)).text).toMatch(/1200 × 800 px[\s\S]*\d+(,\d)? (Ko|Mo)$/);
      expect(await dialog.getByLabel("Format").inputValue()).toBe("jpg");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-reset-${width}.png` });
      watch.expectNone();
    }
  });

  it("a real photo: its author and date from EXIF; straightened by 3,5° and cropped 16:9; the estimated size within 15 % of the saved file", async () => {
    // A seeded photo's pixels, with the EXIF a camera writes.
    const photo = await sharp("public/media/seed/accueil-hero.jpg")
      .withExif({ IFD0: { Artist: "Camille Martin" }, IFD2: { DateTimeOriginal: "2023:06:14 15:32:10" } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const item = await uploadImage("Accueil redressé", photo);
    expect(item).toMatchObject({ width: 1600, height: 900 });
    const { page, watch } = await newPage();
    const dialog = await openEditor(page, "Accueil redressé");
    const facts = (await dialog.getByTestId("media-facts").innerText()).replace(/\s+/g, " ");
    expect(facts).toContain("Format JPEG");
    expect(facts).toMatch(/Taille \d+,\d (Ko|Mo)/);
    expect(facts).toContain("Auteur Camille Martin");
    expect(facts).toMatch(/Date de prise de vue 14 juin 2023.*15:32/);
    expect(facts).not.toContain("N/A");

    await dialog.getByRole("tab", { name: "Édition" }).click();
    await dialog.getByTestId("editor-preview").waitFor();
    await dialog.getByLabel("Redresser (°)").fill("3.5");
    expect(await dialog.getByLabel("Redresser", { exact: true }).inputValue()).toBe("3.5");
    const upright = straightenedSize(1600, 900, 3.5);
    expect(await finalDims(page)).toMatchObject(upright);
    await dialog.getByLabel("Proportions").selectOption("16:9");
    const crop = centredCrop(upright, 16 / 9);
    expect(await finalDims(page)).toMatchObject({ width: crop.width, height: crop.height });
    // The estimate is the browser's encode of the edited picture once the settings rest.
    const estimate = dialog.getByTestId("editor-estimate");
    await page.waitForFunction(() => document.querySelector("[data-testid=editor-estimate]")?.getAttribute("data-measured") === "true");
    const estimated = Number(await estimate.getAttribute("data-bytes"));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-straighten-1440.png` });

    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByTestId("media-notice").waitFor();
    const saved = (await call(server, "GET", `/api/media/${item.id}`, { cookie: admin.cookie })).json.item;
    expect(saved).toMatchObject({ width: crop.width, height: crop.height, fileType: "image/jpeg" });
    expect(Math.abs(estimated - saved.size) / saved.size, `estimé ${estimated}, enregistré ${saved.size}`).toBeLessThanOrEqual(0.15);
    // The saved picture is the photo, straightened: no white corner from the turn.
    const bytes = Buffer.from(await (await fetch(server.url + saved.url)).arrayBuffer());
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const corner = (x: number, y: number) => data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3);
    for (const [x, y] of [
      [0, 0],
      [info.width - 1, 0],
      [0, info.height - 1],
      [info.width - 1, info.height - 1],
    ]) {
      const [r, g, b] = corner(x, y);
      expect(r + g + b, `coin ${x},${y}`).toBeLessThan(3 * 250);
    }
    watch.expectNone();
  });
});
