import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../tests/support/auth";
import { jpegWithGps } from "../tests/support/media";
import type { TestServer } from "../tests/support/server";
import { Api, docOf, el, memberSuite, openBuilder } from "./builder-support";

/**
 * Stock photos in the builder's picker, against a local fake Unsplash (no test touches the internet):
 * the empty state's hints for that source (fewer than 3 characters, then no result), a search, and the
 * chosen photo stored in the library with its author credited and placed on the page.
 */
let fake: http.Server;
let photo: Buffer;
const env: Record<string, string> = { UNSPLASH_ACCESS_KEY: "test-unsplash-key" };
// Registered before the suite's own beforeAll: the server starts with the fake provider's address.
beforeAll(async () => {
  photo = await jpegWithGps(1200, 800);
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const item = {
      id: "abc123",
      urls: { regular: `${base}/files/photo.jpg`, thumb: `${base}/files/photo.jpg` },
      description: "Une boulangerie au petit matin",
      alt_description: "vitrine de boulangerie",
      width: 1200,
      height: 800,
      created_at: "2024-05-01T10:00:00Z",
      user: { name: "Camille Martin" },
      links: { download_location: `${base}/photos/abc123/download` },
    };
    const send = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/search/photos")
      return send(url.searchParams.get("query") === "boulangerie" ? { total: 1, results: [item] } : { total: 0, results: [] });
    if (url.pathname === "/photos/abc123") return send(item);
    if (url.pathname.endsWith("/download")) return send({ url: "ok" });
    if (url.pathname === "/files/photo.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  env.UNSPLASH_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => fake?.close(r));
});
const suite = memberSuite(env);
let server: TestServer;
let admin: Api;
beforeAll(() => void ({ server, admin } = suite));

describe("Unsplash in the picker", () => {
  it("hints per source, searches from 3 characters, and the chosen photo lands in the library credited and on the page", async () => {
    const id = await admin.createPage("page-stock", "Page stock");
    await admin.save(id, docOf(["a", [[[12, [el("h", "heading", "Photos", { level: 1 })]]]]]));
    const { page, watch } = await suite.newPage();
    await openBuilder(page, server, id);
    await page.getByRole("button", { name: "Ajouter une image" }).click();
    const picker = page.getByTestId("media-picker");
    await picker.getByRole("tab", { name: "Unsplash" }).click();
    const results = picker.getByTestId("stock-results");
    await results.getByText("Saisissez au moins 3 caractères pour rechercher sur Unsplash.").waitFor();
    await picker.getByLabel("Rechercher un média").fill("bo");
    await page.waitForTimeout(600);
    await results.getByText("Saisissez au moins 3 caractères pour rechercher sur Unsplash.").waitFor();
    await picker.getByLabel("Rechercher un média").fill("zzzz");
    // Once the search has answered: the empty state, with the hint for this source.
    await expect.poll(() => results.innerText(), { timeout: 10_000 }).toMatch(/Aucun média trouvé\s+Essayez d'autres mots-clés sur Unsplash\./);
    await picker.getByLabel("Rechercher un média").fill("boulangerie");
    const found = picker.getByTestId("stock-item");
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    await found.first().getByRole("button").first().click();
    await picker.waitFor({ state: "detached" });
    const list = await call(server, "GET", "/api/media?q=boulangerie", { cookie: admin.cookie });
    const stock = list.json.items.filter((i: { source: string }) => i.source === "unsplash");
    expect(stock).toHaveLength(1);
    const item = stock[0];
    expect(item).toMatchObject({ author: "Camille Martin (Unsplash)" });
    await page.locator(`[data-builder-element] img[src="${item.url}"]`).waitFor();
    watch.expectNone();
  });
});
