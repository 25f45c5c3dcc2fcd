import { describe, expect, it } from "vitest";
import { block, button, doc, heading, icon, image, list, row, text } from "~/lib/document/build";
import { offlineBlock } from "~/lib/ai/offline";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import { STARTER_KEYS, starterBlock } from "~/lib/builder/starters";
import { themeVariablesOf } from "~/lib/elements/contrast-check";
import { markSampleTree } from "~/lib/elements/sample";
import { createElement } from "~/lib/elements/defaults";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { brokenLinkWarnings, internalLinks, linksNowhere, prePublishChecks, textPieces, type CheckContext } from "./prepublish";

const THEMES = themeVariablesOf(DEFAULT_DESIGN);

/** The pre-publish checklist (issue 11 §5): each warning names its element, nothing blocks. */
const BOTH: CheckContext = { lang: "fr", otherLang: { lang: "en", published: true } };

function good() {
  return doc(
    block(
      {},
      row([12, [heading("Nos offres", 1), text("<p>Un vrai texte.</p>"), button("Nous écrire", "/contact"), image("/media/a.jpg", "L'équipe à l'atelier")]]),
    ),
  );
}

describe("prePublishChecks", () => {
  it("finds nothing to say about a finished page", () => {
    expect(prePublishChecks(good(), BOTH)).toEqual([]);
  });

  it("names every default text of a new element, with the element to select", () => {
    const els = (["heading", "text", "list", "button"] as const).map(createElement);
    const d = doc(block({}, row([12, [heading("Titre", 1), ...els]])));
    const w = prePublishChecks(d, BOTH).filter((x) => x.kind === "placeholder");
    expect(w.map((x) => x.elementId)).toEqual(els.map((e) => e.id));
    expect(w[0].message).toContain("Titre « Nouveau titre »");
    expect(w[1].message).toContain("« Nouveau texte »");
    expect(w[2].message).toContain("Premier point »");
    expect(w[3].message).toContain("Bouton « Cliquez ici »");
  });

  it("does not mistake a real sentence that starts like a placeholder", () => {
    const d = doc(
      block({}, row([12, [heading("Titre", 1), text("<p>Nouveau texte de loi : ce qui change</p>"), list(["✓ Cliquez ici pour réserver votre créneau"])]])),
    );
    expect(prePublishChecks(d, BOTH)).toEqual([]);
  });

  it("warns about buttons and text links that lead nowhere", () => {
    const b1 = button("Réserver", "#");
    const b2 = button("Réserver", "  ");
    const b3 = { ...button("Réserver", "/x"), href: undefined };
    const t = text('<p>Voir <a href="#">ici</a></p>');
    const d = doc(block({}, row([12, [heading("T", 1), b1, b2, b3, t, button("Ok", "/contact")]])));
    const w = prePublishChecks(d, BOTH).filter((x) => x.kind === "empty-link");
    expect(w.map((x) => x.elementId)).toEqual([b1.id, b2.id, b3.id, t.id]);
    expect(w[0].message).toContain("Bouton « Réserver »");
  });

  it("warns about images without alternative text, numbered by position", () => {
    const img = image("/media/a.jpg", " ");
    const d = doc(block({}, row([12, [heading("T", 1), img]])));
    const w = prePublishChecks(d, BOTH);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ kind: "missing-alt", elementId: img.id });
    expect(w[0].message).toMatch(/^Image n° 2\u202f: /);
  });

  it("wants exactly one H1: none is a page-wide warning, extra ones are named", () => {
    const none = prePublishChecks(doc(block({}, row([12, [heading("A", 2)]]))), BOTH);
    expect(none).toEqual([expect.objectContaining({ kind: "no-h1" })]);
    expect(none[0].elementId).toBeUndefined();
    const second = heading("B", 1);
    const third = heading("C", 1);
    const many = prePublishChecks(doc(block({}, row([6, [heading("A", 1), second]], [6, [third]]))), BOTH);
    expect(many.map((w) => [w.kind, w.elementId])).toEqual([
      ["several-h1", second.id],
      ["several-h1", third.id],
    ]);
    expect(many[0].message).toContain("3 titres H1");
  });

  it("warns when the other language version is not published", () => {
    const w = prePublishChecks(good(), { lang: "en", otherLang: { lang: "fr", published: false } });
    expect(w).toEqual([expect.objectContaining({ kind: "language" })]);
    expect(w[0].message).toContain("version française");
    expect(prePublishChecks(good(), { lang: "fr", otherLang: null })).toEqual([]);
  });

  it("in an article, whose title is the H1, wants no H1 in the document", () => {
    const h = heading("Titre en trop", 1);
    expect(prePublishChecks(doc(block({}, row([12, [heading("Partie", 2)]]))), { ...BOTH, titleIsH1: true })).toEqual([]);
    const w = prePublishChecks(doc(block({}, row([12, [h]]))), { ...BOTH, titleIsH1: true });
    expect(w).toEqual([expect.objectContaining({ kind: "several-h1", elementId: h.id })]);
    expect(w[0].message).toContain("le titre de l'article est déjà le H1");
  });

  it("finds nothing to say about any seeded page, contrast in both themes, title and description included", () => {
    for (const page of SEED_PAGES) {
      for (const lang of ["fr", "en"] as const) {
        const { doc: d, title, description } = page[lang];
        const w = prePublishChecks(d, { lang, otherLang: null, titleIsH1: page.kind === "article", themes: THEMES, title, description });
        expect(w, `${page[lang].slug} (${lang})`).toEqual([]);
      }
    }
  });

  it("names the sample copy of starting layouts, saved models and the offline AI example until it is rewritten", () => {
    const starter = markSampleTree({ blocks: STARTER_KEYS.map((k) => starterBlock(k, "fr")) }).blocks;
    const offline = offlineBlock("une section sur nos horaires");
    const d = doc(block({}, row([12, [heading("Titre", 1)]])), ...starter, offline);
    const w = prePublishChecks(d, BOTH).filter((x) => x.kind === "sample");
    expect(w.length).toBeGreaterThan(10);
    const offlineIds = offline.sections[0].columns[0].elements.map((e) => e.id);
    expect(w.map((x) => x.elementId)).toEqual(expect.arrayContaining(offlineIds));
    expect(w[0].message).toContain("texte d'exemple");
    // Rewritten (by any tool: only the text changes), an element is no longer sample copy.
    const [h, t] = offline.sections[0].columns[0].elements;
    const edited = {
      ...offline,
      sections: [{ ...offline.sections[0], columns: [{ ...offline.sections[0].columns[0], elements: [{ ...h, content: "Nos horaires d'été" }, t] }] }],
    };
    const again = prePublishChecks(doc(block({}, row([12, [heading("Titre", 1)]])), edited), BOTH).filter((x) => x.kind === "sample");
    expect(again.map((x) => x.elementId)).toEqual([t.id]);
  });

  it("finds text, icons and buttons below WCAG AA in either theme, with 3:1 for icons and headings", () => {
    const pale = text("<p>Texte pâle</p>", { styles: { color: "#bbbbbb" } });
    const paleIcon = icon("<svg></svg>", { styles: { color: "#78c6bb" } });
    const greyIcon = icon("<svg></svg>", { styles: { color: "#8a8a8a" } });
    const seedButton = button("Réserver", "/contact", { styles: { backgroundColor: "#ffc104", color: "#ffffff" } });
    const ok = text("<p>Lisible</p>", { styles: { color: "var(--text)" } });
    // Fine on white, unreadable on the dark theme's surface.
    const darkOnly = text("<p>Sombre</p>", { styles: { color: "#333333" } });
    const d = doc(block({}, row([12, [heading("T", 1), pale, paleIcon, greyIcon, seedButton, ok, darkOnly]])));
    const w = prePublishChecks(d, { ...BOTH, themes: THEMES }).filter((x) => x.kind === "contrast");
    expect(w.map((x) => x.elementId)).toEqual([pale.id, paleIcon.id, seedButton.id, darkOnly.id]);
    expect(w[1].message).toMatch(/contraste insuffisant \(1,[0-9]:1, il faut au moins 3,0:1\)/);
    expect(w[3].message).toContain("en thème sombre");
    // On a dark block, light text is fine.
    const onDark = doc(
      block(
        { backgroundColor: "#14171c" },
        row([12, [heading("T", 1, { styles: { color: "#ffffff" } }), text("<p>Clair</p>", { styles: { color: "#ffffff" } })]]),
      ),
    );
    expect(prePublishChecks(onDark, { ...BOTH, themes: THEMES })).toEqual([]);
    // Blocking only when the design says so, and only contrast and alt text.
    const blocking = prePublishChecks(d, { ...BOTH, themes: THEMES, blockOn: { contrast: true, alt: false } }).filter((x) => x.blocking);
    expect(blocking.map((x) => x.kind)).toEqual(["contrast", "contrast", "contrast", "contrast"]);
    const img = image("/media/a.jpg", "");
    const alt = prePublishChecks(doc(block({}, row([12, [heading("T", 1), img]]))), { ...BOTH, blockOn: { contrast: false, alt: true } });
    expect(alt).toEqual([expect.objectContaining({ kind: "missing-alt", blocking: true })]);
  });

  it("wants headings in order: one level deeper at most", () => {
    const h4 = heading("Détail", 4);
    const h3 = heading("Sous-partie", 3);
    const d = doc(block({}, row([12, [heading("Titre", 1), heading("Partie", 2), h4, heading("Autre partie", 2), h3, heading("Encore", 2)]])));
    const w = prePublishChecks(d, BOTH);
    expect(w).toEqual([expect.objectContaining({ kind: "heading-order", elementId: h4.id })]);
    expect(w[0].message).toContain("H4 après un H2");
    // In an article the title is the H1: the first heading may be an H2, not an H3.
    const a3 = heading("Trop bas", 3);
    expect(prePublishChecks(doc(block({}, row([12, [a3]]))), { ...BOTH, titleIsH1: true })).toEqual([
      expect.objectContaining({ kind: "heading-order", elementId: a3.id }),
    ]);
  });

  it("wants a title of at most 60 characters and a description of at most 160", () => {
    const kinds = (title: string, description: string) => prePublishChecks(good(), { ...BOTH, title, description }).map((w) => w.kind);
    expect(kinds("Nos offres", "Trois offres.")).toEqual([]);
    expect(kinds("", " ")).toEqual(["title", "description"]);
    expect(kinds("x".repeat(61), "y".repeat(161))).toEqual(["title", "description"]);
    expect(kinds("x".repeat(60), "y".repeat(160))).toEqual([]);
    expect(prePublishChecks(good(), { ...BOTH, title: "x".repeat(70) })[0].message).toContain("70 caractères");
  });

  it("says when the other language has unpublished changes", () => {
    const w = prePublishChecks(good(), { lang: "fr", otherLang: { lang: "en", published: true, pending: true } });
    expect(w).toEqual([expect.objectContaining({ kind: "language" })]);
    expect(w[0].message).toContain("version anglaise de cette page a des modifications non publiées");
  });

  it("asks the site about its own addresses: a 404 or a loop is named, other sites and media are not asked", async () => {
    const b = button("Voir", "/offres?x=1#top");
    const gone = button("Ancienne", "/ancienne-page");
    const t = text('<p><a href="/ancienne-page">ici</a>, <a href="https://exemple.fr/x">là</a>, <a href="/boucle">boucle</a></p>');
    const img = image("/media/a.jpg", "Photo", { href: "/media/a.jpg" });
    const d = doc(block({}, row([12, [heading("T", 1), b, gone, t, img]])));
    expect([...internalLinks(d).keys()]).toEqual(["/offres", "/ancienne-page", "/boucle"]);
    const asked: string[] = [];
    const w = await brokenLinkWarnings(d, async (path) => {
      asked.push(path);
      return path === "/offres" ? 200 : path === "/boucle" ? null : 404;
    });
    expect(asked).toEqual(["/offres", "/ancienne-page", "/boucle"]);
    expect(w.map((x) => [x.kind, x.elementId])).toEqual([
      ["broken-link", gone.id],
      ["broken-link", t.id],
      ["broken-link", t.id],
    ]);
    expect(w[0].message).toBe("Bouton « Ancienne » : le lien vers /ancienne-page mène à une page introuvable.");
    expect(w[2].message).toContain("boucle de redirections");
  });
});

describe("helpers", () => {
  it("reads the visible text of inline HTML piece by piece", () => {
    expect(textPieces("<ul><li>✓ <strong>Un</strong> &amp; deux</li><li>trois</li></ul>")).toEqual(["✓ Un & deux", "trois"]);
  });
  it("knows the links that go nowhere", () => {
    expect([undefined, "", "#", " # ", "javascript:void(0)", "/contact", "#tarifs"].map(linksNowhere)).toEqual([true, true, true, true, true, false, false]);
  });
});
