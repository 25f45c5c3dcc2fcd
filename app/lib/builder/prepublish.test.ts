import { describe, expect, it } from "vitest";
import { block, button, doc, heading, image, list, row, text } from "~/lib/document/build";
import { createElement } from "~/lib/elements/defaults";
import { SEED_PAGES } from "~/lib/content/seed/pages";
import { linksNowhere, prePublishChecks, textPieces, type CheckContext } from "./prepublish";

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
    expect(w[0].message).toContain("Titre « Nouveau titre »");
    expect(w[1].message).toContain("« Nouveau texte »");
    expect(w[2].message).toContain("Premier point »");
    expect(w[3].message).toContain("Bouton « Cliquez ici »");
  });

  it("does not mistake a real sentence that starts like a placeholder", () => {
    const d = doc(
      block({}, row([12, [heading("Titre", 1), text("<p>Nouveau texte de loi : ce qui change</p>"), list(["✓ Cliquez ici pour réserver votre créneau"])]])),
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
    expect(w[0].message).toContain("Bouton « Réserver »");
  });

  it("warns about images without alternative text, numbered by position", () => {
    const img = image("/media/a.jpg", " ");
    const d = doc(block({}, row([12, [heading("T", 1), img]])));
    const w = prePublishChecks(d, BOTH);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ kind: "missing-alt", elementId: img.id });
    expect(w[0].message).toMatch(/^Image n° 2 : /);
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

  it("finds nothing to say about any seeded page", () => {
    for (const page of SEED_PAGES) {
      for (const lang of ["fr", "en"] as const) {
        const w = prePublishChecks(page[lang].doc, { lang, otherLang: null, titleIsH1: page.kind === "article" });
        expect(w, `${page[lang].slug} (${lang})`).toEqual([]);
      }
    }
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
