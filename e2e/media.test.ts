import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { jpegWithGps, mp4, multipart, MULTIPART_TYPE, noisyPng, pdf, png } from "../tests/support/media";
import type { TestServer } from "../tests/support/server";
import { formatBytes } from "~/lib/media/edit-math";
import { Api, docOf, el, memberSuite, openBuilder, publishAnyway } from "./builder-support";

/**
 * The Médiathèque in Chromium: bulk import with its real progress, refusals and the error box, the
 * success message and closing; search, category filter, list view and deletion (refused while a
 * published page uses the item); choosing an image in the builder through to the published page.
 */
// The server's 415 for a refused file is an expected console error.
const suite = memberSuite({}, [/Failed to load resource/]);
let server: TestServer;
let admin: Api;
beforeAll(() => void ({ server, admin } = suite));
const newPage = suite.newPage;
const SHOTS = process.env.MEDIA_SHOTS; // a folder: screenshots for a person to look at (kept out of git)

async function uploadByApi(data: Buffer, name: string, type: string, fields: Record<string, string>) {
  const parts = [...Object.entries(fields).map(([n, value]) => ({ name: n, value })), { name: "file", filename: name, type, data }];
  const res = await call(server, "POST", "/api/media", { cookie: admin.cookie, raw: multipart(parts), headers: { "content-type": MULTIPART_TYPE } });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.item as { id: string; url: string; width: number; height: number; srcset: string; title: string };
}

describe("bulk import", () => {
  it("imports with progress, lists refused files, shows errors and keeps the dialog open; a clean import closes it", async () => {
    const { page, watch } = await newPage();
    await page.goto(`${server.url}/admin/media-library`);
    await page.getByTestId("media-library").waitFor();
    await page.getByRole("button", { name: "Importer", exact: true }).click();
    const dialog = page.getByTestId("bulk-import");
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Importer (0)" }).isDisabled()).toBe(true);
    // Every percent shown, as it is shown.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { percents: string[] }).percents = seen;
      new MutationObserver(() => {
        const p = document.querySelector("[data-testid=bulk-percent]")?.textContent;
        if (p && seen[seen.length - 1] !== p) seen.push(p);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const big = await noisyPng(900, 700);
    await dialog.getByTestId("bulk-file-input").setInputFiles([
      { name: "vitrine_boutique-ete.png", mimeType: "image/png", buffer: big },
      { name: "equipe.jpg", mimeType: "image/jpeg", buffer: await jpegWithGps(800, 600) },
      { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("texte") },
    ]);
    await dialog.getByText("1 fichier(s) ignoré(s). Seuls les images, vidéos et PDFs sont acceptés.").waitFor();
    const entries = dialog.getByTestId("bulk-file");
    expect(await entries.count()).toBe(3);
    expect(await entries.first().getByLabel("Texte alternatif").inputValue()).toBe("vitrine boutique ete");
    expect(await entries.first().innerText()).toContain(formatBytes(big.length));
    await dialog.getByLabel("Catégorie").fill("Boutique");
    await dialog.getByRole("button", { name: "Importer (3)" }).click();
    await dialog.getByTestId("bulk-progress").waitFor();
    const errors = dialog.getByTestId("bulk-errors");
    await errors.waitFor();
    expect(await errors.innerText()).toContain("1 erreur(s) lors de l'importation");
    expect(await errors.innerText()).toContain("logo.svg: Type de fichier refusé");
    const percents = await page.evaluate(() => (window as unknown as { percents: string[] }).percents);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents.some((p) => p !== "0%" && p !== "100%")).toBe(true);
    // The percent only goes up. The last file is refused by the server, so its upload may end before
    // any progress event: the last percent shown is not always 100 %.
    const numbers = percents.map((p) => Number.parseInt(p, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[numbers.length - 1]).toBeGreaterThanOrEqual(67);
    // Errors keep the dialog open; the library behind shows the two new items.
    expect(await dialog.isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-errors-1440.png` });
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await page.getByRole("button", { name: "Ouvrir vitrine boutique ete" }).waitFor();
    const list = await call(server, "GET", "/api/media?category=Boutique", { cookie: admin.cookie });
    expect(list.json.items.map((i: { alt: string }) => i.alt).sort()).toEqual(["equipe", "vitrine boutique ete"]);

    await page.getByRole("button", { name: "Importer", exact: true }).click();
    await dialog.getByTestId("bulk-file-input").setInputFiles([{ name: "plan.png", mimeType: "image/png", buffer: await png() }]);
    await dialog.getByRole("button", { name: "Importer (1)" }).click();
    await dialog.getByText("Tous les fichiers ont été importés avec succès !").waitFor();
    await dialog.waitFor({ state: "detached", timeout: 20_000 });
    watch.expectNone();
  });
});

describe("bulk import errors", () => {
  it("lists the first 5 errors, then '...et {n-5} autres erreurs'; the dialog stays open", async () => {
    const { page, watch } = await newPage();
    await page.goto(`${server.url}/admin/media-library`);
    await page.getByTestId("media-library").waitFor();
    await page.getByRole("button", { name: "Importer", exact: true }).click();
    const dialog = page.getByTestId("bulk-import");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    await dialog
      .getByTestId("bulk-file-input")
      .setInputFiles(Array.from({ length: 7 }, (_, i) => ({ name: `dessin-${i + 1}.svg`, mimeType: "image/svg+xml", buffer: svg })));
    await dialog.getByRole("button", { name: "Importer (7)" }).click();
    const errors = dialog.getByTestId("bulk-errors");
    await errors.waitFor();
    const text = await errors.innerText();
    expect(text).toContain("7 erreur(s) lors de l'importation");
    expect(await errors.locator("li").allInnerTexts()).toEqual(
      [1, 2, 3, 4, 5].map(
        (i) => `dessin-${i}.svg: Type de fichier refusé : seuls les images (JPG, PNG, GIF, WebP), les vidéos (MP4, WebM) et les documents PDF sont acceptés.`,
      ),
    );
    expect(text).toContain("...et 2 autres erreurs");
    await page.waitForTimeout(1700);
    expect(await dialog.isVisible()).toBe(true);
    watch.expectNone();
  });
});

describe("the library", () => {
  it("searches, filters by category, switches to the list view and deletes after confirmation; a used item is refused", async () => {
    await uploadByApi(await png(), "a.png", "image/png", { title: "Façade Quimper", category: "Agences" });
    await uploadByApi(await png(), "b.png", "image/png", { title: "Salle de réunion", category: "Bureaux" });
    const used = await uploadByApi(await png(), "c.png", "image/png", { title: "Bannière utilisée", category: "Bureaux" });
    const id = await admin.createPage("avec-banniere", "Page avec bannière");
    await admin.save(id, docOf(["b", [[[12, [el("img", "image", used.url, { alt: "Bannière" })]]]]]));
    await admin.publish(id);

    const { page, watch } = await newPage();
    await page.goto(`${server.url}/admin/media-library`);
    const items = page.getByTestId("media-item");
    await items.first().waitFor();
    await page.getByLabel("Rechercher un média").fill("quimper");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=media-item]").length === 1);
    expect(await items.first().innerText()).toContain("Façade Quimper");
    await page.getByLabel("Rechercher un média").fill("zzzz introuvable");
    await page.getByText("Aucun média trouvé").waitFor();
    await page.getByLabel("Rechercher un média").fill("");
    await page.getByLabel("Catégorie").selectOption("Bureaux");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=media-item]").length === 2);
    await page.getByRole("button", { name: "Liste" }).click();
    await page.getByTestId("media-list").waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/library-list-1440.png` });

    // The used item: the confirmation names where the public site shows it and offers no delete.
    const usedRow = page.locator(`[data-media-id="${used.id}"]`);
    await usedRow.getByRole("button", { name: /^Actions pour/ }).click();
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const confirm = page.getByTestId("media-confirm-delete");
    await confirm.getByRole("heading", { name: "Suppression impossible" }).waitFor();
    expect(await confirm.getByTestId("media-usage-list").innerText()).toMatch(/Page «\u00a0Page avec bannière\u00a0» \(\/[^,]+, FR\)/);
    expect(await confirm.getByRole("button", { name: "Supprimer" }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-refused-1440.png` });
    await confirm.getByRole("button", { name: "Compris" }).click();
    expect(await usedRow.count()).toBe(1);

    const other = page.getByTestId("media-item").filter({ hasText: "Salle de réunion" });
    await other.getByRole("button", { name: /^Actions pour/ }).click();
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await confirm.getByText("Êtes-vous sûr de vouloir supprimer ce média\u00a0? Cette action est irréversible.").waitFor();
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await page.getByTestId("media-notice").waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=media-item]").length === 1);
    watch.expectNone();
  });

  it("looks right at 375 px and 1440 px (screenshots when MEDIA_SHOTS is set)", async () => {
    for (const width of [375, 1440]) {
      const { page, watch } = await newPage(width);
      await page.goto(`${server.url}/admin/media-library`);
      await page.getByTestId("media-item").first().waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/library-${width}.png` });
      await page.getByRole("button", { name: "Importer", exact: true }).click();
      await page.getByTestId("bulk-import").waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-${width}.png` });
      await page.getByTestId("bulk-import").getByRole("button", { name: "Annuler" }).click();
      // On the library page a click on a card opens it.
      await page.getByTestId("media-item").first().locator("img").click();
      const details = page.getByTestId("media-details");
      await details.getByText("Utilisé sur").waitFor();
      expect(await details.getByRole("heading").first().innerText()).toMatch(/Éditeur d'image|Détails du média/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/details-${width}.png` });
      watch.expectNone();
    }
  });
});

describe("the builder", () => {
  it("'Ajouter une image' opens the picker; the chosen image is on the published page with its size and WebP srcset", async () => {
    const item = await uploadByApi(await jpegWithGps(1200, 800), "atelier.jpg", "image/jpeg", { title: "Atelier Zorglub", alt: "L'atelier de l'agence" });
    const id = await admin.createPage("page-atelier", "Page atelier");
    await admin.save(id, docOf(["a", [[[12, [el("h", "heading", "Notre atelier", { level: 1 })]]]]]));
    const { page, watch } = await newPage();
    await openBuilder(page, server, id);
    await page.getByRole("button", { name: "Ajouter une image" }).click();
    const picker = page.getByTestId("media-picker");
    await picker.waitFor();
    await picker.getByLabel("Rechercher un média").fill("zorglub");
    const card = picker.locator(`[data-media-id="${item.id}"]`);
    await card.waitFor();
    // A click on the middle of the thumbnail chooses it (issue 22 §5: it used to open the editor).
    await card.locator("img").click();
    await picker.waitFor({ state: "detached" });
    const img = page.locator(`[data-builder-element] img[src="${item.url}"]`);
    await img.waitFor();
    expect(await img.getAttribute("alt")).toBe("L'atelier de l'agence");
    await publishAnyway(page);
    await page.waitForFunction(async (u) => (await fetch(u)).status === 200, `${server.url}/page/page-atelier`);
    watch.expectNone();

    const ctx = await suite.visitorContext();
    const visitor = await ctx.newPage();
    await visitor.goto(`${server.url}/page/page-atelier`);
    const pub = visitor.locator(`img[src="${item.url}"]`);
    await pub.waitFor();
    expect(await pub.getAttribute("width")).toBe(String(item.width));
    expect(await pub.getAttribute("height")).toBe(String(item.height));
    expect(await visitor.locator("picture source[type='image/webp']").first().getAttribute("srcset")).toBe(item.srcset);
    // The browser really shows it (decoded, natural size as stored).
    await visitor.waitForFunction((u) => {
      const el = document.querySelector(`img[src="${u}"]`) as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 0;
    }, item.url);
  });

  it("the picker per type: its source tabs, the empty state's hint per source, stock sources without a key; a double-click swaps an image", async () => {
    const first = await uploadByApi(await png(), "avant.png", "image/png", { title: "Image avant", alt: "Avant" });
    const second = await uploadByApi(await png(240, 160), "apres.png", "image/png", { title: "Image après Zorglub", alt: "Après" });
    const id = await admin.createPage("page-echange", "Page échange");
    await admin.save(id, docOf(["a", [[[12, [el("img", "image", first.url, { alt: "Avant" })]]]]]));
    const { page, watch } = await newPage();
    await openBuilder(page, server, id);
    const tabs = (picker: ReturnType<typeof page.getByTestId>) => picker.getByRole("tablist", { name: "Source" }).getByRole("tab").allInnerTexts();
    const close = async (picker: ReturnType<typeof page.getByTestId>) => {
      await picker.getByRole("button", { name: "Fermer", exact: true }).first().click();
      await picker.waitFor({ state: "detached" });
    };

    // PDFs: the library only, and none yet: the hint says how to add one.
    await page.getByRole("button", { name: "Ajouter un document (PDF)" }).click();
    let picker = page.getByTestId("media-picker");
    await picker.getByTestId("media-empty").waitFor();
    expect(await tabs(picker)).toEqual(["Bibliothèque"]);
    expect(await picker.getByTestId("media-empty").innerText()).toMatch(
      /Aucun média trouvé\s+Importez vos images, vidéos et PDF avec le bouton «\u202fImporter\u202f»\./,
    );
    await close(picker);

    // Images: Bibliothèque and Unsplash; a search with no result hints at other words.
    await page.getByRole("button", { name: "Ajouter une image" }).click();
    picker = page.getByTestId("media-picker");
    await picker.getByTestId("media-item").first().waitFor();
    expect(await tabs(picker)).toEqual(["Bibliothèque", "Unsplash"]);
    await picker.getByLabel("Rechercher un média").fill("zzzz introuvable");
    await picker.getByTestId("media-empty").getByText("Essayez d'autres mots-clés ou une autre catégorie.").waitFor();
    await picker.getByRole("tab", { name: "Unsplash" }).click();
    expect(await picker.getByTestId("stock-not-configured").innerText()).toBe("Unsplash n'est pas configuré sur ce serveur (UNSPLASH_ACCESS_KEY).");
    await close(picker);

    // Videos: Bibliothèque and Pexels.
    await page.getByRole("button", { name: "Ajouter une vidéo" }).click();
    picker = page.getByTestId("media-picker");
    await picker.getByRole("tablist", { name: "Source" }).waitFor();
    expect(await tabs(picker)).toEqual(["Bibliothèque", "Pexels"]);
    await picker.getByRole("tab", { name: "Pexels" }).click();
    expect(await picker.getByTestId("stock-not-configured").innerText()).toBe("Pexels n'est pas configuré sur ce serveur (PEXELS_API_KEY).");
    await close(picker);

    // A double-click on the image opens the picker for that element: the chosen item replaces it, alt included.
    const before = await page.locator("[data-builder-element]").count();
    await page.locator(`[data-builder-element] img[src="${first.url}"]`).dblclick();
    picker = page.getByTestId("media-picker");
    await picker.getByLabel("Rechercher un média").fill("zorglub");
    const card = picker.locator(`[data-media-id="${second.id}"]`);
    await card.waitFor();
    await card.locator("img").click();
    await picker.waitFor({ state: "detached" });
    const swapped = page.locator(`[data-builder-element] img[src="${second.url}"]`);
    await swapped.waitFor();
    expect(await swapped.getAttribute("alt")).toBe("Après");
    expect(await page.locator(`[data-builder-element] img[src="${first.url}"]`).count()).toBe(0);
    expect(await page.locator("[data-builder-element]").count()).toBe(before);
    watch.expectNone();
  });

  it("'Ajouter une vidéo' and 'Ajouter un document (PDF)': the video plays with <video>, the PDF is a button linking to it", async () => {
    const video = await uploadByApi(mp4(), "presentation.mp4", "video/mp4", { title: "Présentation Zorglub" });
    const doc = await uploadByApi(pdf(), "tarifs.pdf", "application/pdf", { title: "Tarifs Zorglub" });
    const id = await admin.createPage("page-video", "Page vidéo");
    await admin.save(id, docOf(["a", [[[12, [el("h", "heading", "Vidéo", { level: 1 })]]]]]));
    const { page, watch } = await newPage();
    await openBuilder(page, server, id);
    await page.getByRole("button", { name: "Ajouter une vidéo" }).click();
    let picker = page.getByTestId("media-picker");
    await picker.locator(`[data-media-id="${video.id}"]`).waitFor();
    // The picker for videos lists videos only.
    expect(await picker.getByTestId("media-item").count()).toBe(1);
    await picker
      .locator(`[data-media-id="${video.id}"]`)
      .getByRole("button", { name: /^Sélectionner / })
      .click();
    await picker.waitFor({ state: "detached" });
    await page.locator(`[data-builder-element] video[src="${video.url}"]`).waitFor();
    await page.getByRole("tab", { name: "Blocs" }).click();
    await page.getByRole("button", { name: "Ajouter un document (PDF)" }).click();
    picker = page.getByTestId("media-picker");
    await picker
      .locator(`[data-media-id="${doc.id}"]`)
      .getByRole("button", { name: /^Sélectionner / })
      .click();
    await picker.waitFor({ state: "detached" });
    await publishAnyway(page);
    await page.waitForFunction(async (u) => (await fetch(u)).status === 200, `${server.url}/page/page-video`);
    watch.expectNone();

    const ctx = await suite.visitorContext();
    const visitor = await ctx.newPage();
    await visitor.goto(`${server.url}/page/page-video`);
    const player = visitor.locator(`video[src="${video.url}"]`);
    await player.waitFor();
    expect(await player.getAttribute("controls")).not.toBeNull();
    const link = visitor.locator(`a[href="${doc.url}"]`);
    await link.waitFor();
    expect(await link.innerText()).toContain("Tarifs Zorglub");
    // The PDF opens in a new tab (issue 10).
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
