import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { multipart, MULTIPART_TYPE, png } from "../tests/support/media";
import type { TestServer } from "../tests/support/server";
import { Api, docOf, el, memberSuite, openBuilder } from "./builder-support";

/**
 * Escape in nested dialogs (issue 22 §5, issue 23 §4): the kit's Dialog lets the browser cancel only the
 * top-most dialog, and each dialog closes only on its own events. Builder → Médiathèque picker → a dialog
 * opened from the picker: each Escape closes one, from the top, then nothing more.
 */
const suite = memberSuite();
let server: TestServer;
let admin: Api;
beforeAll(() => void ({ server, admin } = suite));

async function uploadImage(title: string) {
  const parts = [
    { name: "title", value: title },
    { name: "alt", value: title },
    { name: "file", filename: "escalier.png", type: "image/png", data: await png() },
  ];
  const res = await call(server, "POST", "/api/media", { cookie: admin.cookie, raw: multipart(parts), headers: { "content-type": MULTIPART_TYPE } });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.item as { id: string };
}

describe("Escape in the builder's Médiathèque picker", () => {
  it("closes the details dialog, then the confirmation, then the picker, one at a time, and then nothing more", async () => {
    const item = await uploadImage("Escalier Zorglub");
    const id = await admin.createPage("page-escalier", "Page escalier");
    await admin.save(id, docOf(["a", [[[12, [el("h", "heading", "Escaliers", { level: 1 })]]]]]));
    const { page, watch } = await suite.newPage();
    await openBuilder(page, server, id);
    const open = () => page.locator("dialog[open]").evaluateAll((ds) => ds.map((d) => d.getAttribute("data-testid")));

    await page.getByRole("button", { name: "Ajouter une image" }).click();
    const picker = page.getByTestId("media-picker");
    const card = picker.locator(`[data-media-id="${item.id}"]`);
    await card.waitFor();

    // Picker → details dialog: Escape closes the details only.
    await card.getByRole("button", { name: /^Actions pour/ }).click();
    await page.getByRole("menuitem", { name: "Modifier les informations" }).click();
    await page.getByTestId("media-details").waitFor();
    expect(await open()).toEqual(["media-picker", "media-details"]);
    await page.keyboard.press("Escape");
    await page.getByTestId("media-details").waitFor({ state: "detached" });
    expect(await open()).toEqual(["media-picker"]);
    expect(await picker.isVisible()).toBe(true);

    // Picker → delete confirmation: Escape cancels the confirmation only (and deletes nothing).
    await card.getByRole("button", { name: /^Actions pour/ }).click();
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByTestId("media-confirm-delete").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("media-confirm-delete").waitFor({ state: "detached" });
    expect(await open()).toEqual(["media-picker"]);
    expect(await card.isVisible()).toBe(true);

    // Then the picker itself, and the builder stays with its page.
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    expect(await open()).toEqual([]);
    await page.keyboard.press("Escape");
    expect(await open()).toEqual([]);
    expect(await page.locator("[data-builder-element]").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/admin/archimed-editor");
    expect((await call(server, "GET", `/api/media/${item.id}`, { cookie: admin.cookie })).status).toBe(200);
    watch.expectNone();
  });
});
