import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, contextPool, docOf, el, openBuilder, publishAnyway, watchErrors } from "./builder-support";

/**
 * The set-up shared by the builder's browser tests (editing split by gesture: builder-editing, builder-inline,
 * builder-moving; and the tools: builder-tools, builder-tools-last): one server, browser and signed-in context per
 * file, a fresh page per test whose script errors fail it. The bindings below are live: read them inside tests.
 * The context is kept from one test to the next (contextPool in builder-support.ts).
 */
export const SHOTS = process.env.BUILDER_SHOTS_DIR ?? path.join(os.tmpdir(), "archimed-builder-shots");

export let server: TestServer;
export let api: Api;
export let page: Page;
export let watch: ReturnType<typeof watchErrors>;
export let browser: Browser;
let context: BrowserContext;
let n = 0;
let contexts: ReturnType<typeof contextPool>;

export function editingSuite() {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD }), launchBrowser()]);
    api = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    contexts = contextPool(browser, server);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await contexts?.close();
    await releaseBrowser(browser);
    await server?.stop();
  });
  beforeEach(async () => {
    context = await contexts.get(api.cookie);
    page = await context.newPage();
    watch = watchErrors(page);
  });
  afterEach(async () => {
    await contexts.endTest();
    watch.expectNone();
  });
}

/** Another page in this test's signed-in context (closed with it). */
export const otherPage = () => context.newPage();

/** A slug no other test of this file uses. */
export const freshSlug = (prefix: string) => `${prefix}-${++n}`;

/** A fresh custom page holding `doc`, opened in the builder. */
export async function openWith(doc?: ReturnType<typeof docOf>) {
  const id = await api.createPage(freshSlug("edition"));
  if (doc) await api.save(id, doc);
  await openBuilder(page, server, id);
  return id;
}

/** Selects a block by clicking its bottom padding, where no section, element or toolbar lies. */
export async function clickBlockPadding(p: Page, id: string) {
  const b = p.locator(`[data-builder-block="${id}"]`);
  const box = (await b.boundingBox())!;
  await b.click({ position: { x: box.width / 2, y: box.height - 6 } });
}

/** An element of the live preview (Aperçu), by id. */
export const inPreview = (id: string) => page.frameLocator("iframe[title='Aperçu de la page']").locator(`[data-element-id="${id}"]`);

export const EMPTY_PANEL = "Sélectionnez un bloc ou un élément pour modifier ses propriétés.";
export const TWO_COLUMNS = () =>
  docOf(
    [
      "a",
      [
        [
          [6, [el("a1", "heading", "Premier titre", { level: 2 }), el("a2", "text", "<p>Deuxième élément</p>"), el("a3", "text", "<p>Troisième élément</p>")]],
          [6, [el("b1", "text", "<p>Colonne de droite</p>")]],
        ],
      ],
    ],
    ["z", [[[12, [el("z1", "text", "<p>Dernier bloc</p>")]]]]],
  );

/** Publier (through the checklist) and wait for the builder's confirmation. */
export async function publish(p: Page) {
  await publishAnyway(p);
  await p.getByTestId("builder-message").getByText("Page publiée : les visiteurs voient maintenant cette version.").waitFor();
}

/** The published page's HTML as an anonymous visitor gets it. */
export async function publicHtml(urlPath: string) {
  const res = await fetch(`${server.url}${urlPath}`);
  expect(res.status).toBe(200);
  return res.text();
}
