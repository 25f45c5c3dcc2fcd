import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleFingerprint } from "~/lib/elements/sample";
import { call } from "../tests/support/auth";
import { docOf, el, openBuilder, selectedIds } from "./builder-support";
import { api, editingSuite, freshSlug, openWith, page, server, SHOTS, watch } from "./builder-editing-support";

/**
 * The pre-publish check of issue 22 §1 in a real browser (decision 036): a page with the listed mistakes
 * gives the listed warnings, each element's "Corriger" selects it, a clean seeded page publishes without a
 * word, and the design setting that makes contrast and alt text blocking holds in the dialog and on the
 * server.
 */
editingSuite();

const SAMPLE = "<p>Une phrase pour dire à qui vous vous adressez et ce que vous leur apportez.</p>";
const TEAL_CLOCK = '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';

const MISTAKES = () =>
  docOf([
    "m",
    [
      [
        [
          12,
          [
            el("h1", "heading", "Nos horaires", { level: 1 }),
            el("h3", "heading", "Le samedi", { level: 3 }),
            el("s", "text", SAMPLE, { sample: sampleFingerprint(SAMPLE) }),
            el("i", "icon", TEAL_CLOCK, { styles: { color: "#78c6bb" } }),
            el("img", "image", "/media/seed/atelier-equipe.jpg", { alt: "" }),
            el("b", "button", "Réserver", { href: "#" }),
            el("old", "button", "Ancienne offre", { href: "/page/offre-disparue" }),
          ],
        ],
      ],
    ],
  ]);

async function openChecklist() {
  await page.locator("[data-action=publish]").click();
  const dialog = page.getByTestId("publish-checklist");
  await dialog.waitFor();
  return dialog;
}

describe("the pre-publish check", () => {
  it("lists each mistake with its element, and Corriger selects it", async () => {
    const id = await api.createPage(freshSlug("erreurs"));
    await api.save(id, MISTAKES());
    await openBuilder(page, server, id);
    const dialog = await openChecklist();
    const rows = await dialog.locator("[data-kind]").evaluateAll((n) => n.map((x) => [x.getAttribute("data-kind"), x.getAttribute("data-element-id")]));
    expect(rows).toEqual([
      ["heading-order", "element-h3"],
      ["sample", "element-s"],
      ["contrast", "element-i"],
      ["missing-alt", "element-img"],
      ["empty-link", "element-b"],
      ["description", null],
      ["language", null],
      ["broken-link", "element-old"],
    ]);
    const text = await dialog.innerText();
    expect(text).toContain("Titre « Le samedi » : titre H3 après un H1");
    expect(text).toContain("Icône n° 4 : contraste insuffisant (1,9:1, il faut au moins 3,0:1)");
    expect(text).toContain("le lien vers /page/offre-disparue mène à une page introuvable");
    expect(await dialog.locator("[data-action=publish-anyway]").isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, "prepublish-checklist-1440.png") });
    // Corriger: the icon is selected in the canvas, its settings open.
    await dialog.locator('[data-element-id="element-i"] [data-action=checklist-fix]').click();
    await dialog.waitFor({ state: "detached" });
    expect(await selectedIds(page)).toEqual(["element-i"]);
    // The link check asked the site for the missing address: the browser logs the 404.
    watch.expectOnly(/404/);
  });

  it("names a link to an address that redirects in a loop, or never answers, as broken: no hang, no 500", async () => {
    await openWith(
      docOf([
        "l",
        [
          [
            [
              12,
              [
                el("h", "heading", "Liens", { level: 1 }),
                el("loop", "button", "Boucle", { href: "/page/boucle-a" }),
                el("mute", "button", "Muette", { href: "/page/sans-reponse" }),
              ],
            ],
          ],
        ],
      ]),
    );
    // The site itself only redirects to live pages; a proxy in front of it can loop. The browser's own network
    // layer is told (DevTools' Fetch domain, which sees every hop of a redirect) to answer the two addresses
    // with redirects to each other, for ever; and to hold the third one without an answer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*/page/boucle-*" }, { urlPattern: "*/page/sans-reponse" }] });
    cdp.on("Fetch.requestPaused", ({ requestId, request }) => {
      if (request.url.endsWith("/page/sans-reponse")) return;
      const other = request.url.endsWith("-a") ? "/page/boucle-b" : "/page/boucle-a";
      void cdp.send("Fetch.fulfillRequest", { requestId, responseCode: 302, responseHeaders: [{ name: "Location", value: other }] }).catch(() => {});
    });
    const dialog = await openChecklist();
    const rows = await dialog.locator('[data-kind="broken-link"]').evaluateAll((n) => n.map((x) => x.getAttribute("data-element-id")));
    expect(rows).toEqual(["element-loop", "element-mute"]);
    const text = await dialog.innerText();
    expect(text).toContain("le lien vers /page/boucle-a ne répond pas (boucle de redirections ou erreur)");
    expect(text).toContain("le lien vers /page/sans-reponse ne répond pas");
    watch.expectOnly(/ERR_TOO_MANY_REDIRECTS|ERR_TIMED_OUT|aborted|Failed to fetch/i);
    await cdp.detach();
  });

  it("says nothing about a clean seeded page: Publier publishes at once", async () => {
    const id = await api.pageId("offers");
    await openBuilder(page, server, id);
    await page.locator("[data-action=publish]").click();
    await page.getByTestId("builder-message").getByText("Page publiée : les visiteurs voient maintenant cette version.").waitFor();
    expect(await page.getByTestId("publish-checklist").count()).toBe(0);
  });

  it("blocks contrast and alt text when the design settings say so, in the dialog and on the server", async () => {
    const view = await call(server, "GET", "/api/design", { cookie: api.cookie });
    expect(view.status, view.text).toBe(200);
    const design = { ...view.json.design, publishing: { blockContrast: true, blockAlt: true } };
    const saved = await call(server, "PUT", "/api/design", { cookie: api.cookie, body: { version: view.json.version, design } });
    expect(saved.status, saved.text).toBe(200);
    const published = await call(server, "POST", "/api/design/publish", { cookie: api.cookie, body: { version: saved.json.version } });
    expect(published.status, published.text).toBe(200);
    try {
      const id = await api.createPage(freshSlug("bloquee"));
      await api.save(id, MISTAKES());
      await openBuilder(page, server, id);
      const dialog = await openChecklist();
      await dialog.getByTestId("checklist-blocked").waitFor();
      expect(await dialog.locator("[data-action=publish-anyway]").count()).toBe(0);
      expect(await dialog.locator("[data-kind=contrast]").innerText()).toContain("Bloquant");
      expect(await dialog.locator("[data-kind=missing-alt]").innerText()).toContain("Bloquant");
      expect(await dialog.locator("[data-kind=sample]").innerText()).not.toContain("Bloquant");
      watch.expectOnly(/404/);
      // The server refuses too, whatever the browser does.
      const { version } = await api.draft(id);
      const res = await call(server, "POST", `/api/pages/${id}/fr/publish`, { cookie: api.cookie, body: { version } });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe("publish_blocked");
      expect(res.json.error.message).toContain("Icône n° 4 : contraste insuffisant");
      expect(res.json.error.message).toContain("Image n° 5 : image sans texte alternatif");
    } finally {
      const back = await call(server, "GET", "/api/design", { cookie: api.cookie });
      const undo = await call(server, "PUT", "/api/design", {
        cookie: api.cookie,
        body: { version: back.json.version, design: { ...back.json.design, publishing: { blockContrast: false, blockAlt: false } } },
      });
      await call(server, "POST", "/api/design/publish", { cookie: api.cookie, body: { version: undo.json.version } });
    }
  });
});
