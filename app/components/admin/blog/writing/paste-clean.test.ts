import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/lib/document/sanitize.server";
import { cleanPastedHtml, dataUrlToFile } from "./paste-clean";

const fixture = (name: string) => readFileSync(new URL(`../../../../../tests/fixtures/${name}`, import.meta.url), "utf8");

describe("paste from Word", () => {
  const out = cleanPastedHtml(fixture("paste-word.html"));

  it("keeps the heading, bold, italic, the link and the accepted insertion, and the lists Word draws with paragraphs", () => {
    expect(out.html).toContain("<h2>Préparer la rentrée de votre boutique</h2>");
    expect(out.html).toContain("<strong>deuxième temps fort</strong>");
    expect(out.html).toContain("<em>trois actions</em>");
    expect(out.html).toContain("sans attendre");
    expect(out.html).toContain('<a href="https://www.archimed.fr/offres">guide complet</a>');
    expect(out.html).toContain(
      "<ul><li><p>Mettre à jour la fiche Google</p></li><li><p>Publier les horaires de septembre</p></li><li><p>Relancer les clients fidèles</p></li></ul>",
    );
    expect(out.html).toContain("<ol><li><p>Choisir une date</p></li><li><p>Prévenir l’équipe</p></li></ol>");
  });

  it("drops the styles, the deleted text, the comments, the list bullets and the o:p tags", () => {
    for (const gone of ["mso-", "style=", "class=", "et vite", "À vérifier avec Paul", "[CM1]", "·", "o:p", "<span", "msoComment", "<!--", "onmouseover"]) {
      expect(out.html).not.toContain(gone);
    }
  });

  it("hands the data: image over for the Médiathèque and counts the file:/// one it cannot fetch", () => {
    expect(out.dataImages).toHaveLength(1);
    expect(out.html).toContain('<img data-paste-image="0">');
    expect(out.droppedImages).toBe(1);
    const file = dataUrlToFile(out.dataImages[0], "collage");
    expect(file?.type).toBe("image/png");
    expect(file?.name).toBe("collage.png");
  });
});

describe("paste from Google Docs", () => {
  const out = cleanPastedHtml(fixture("paste-gdocs.html"));

  it("unwraps the docs-internal-guid <b> (not bold) and reads bold and italic from the span styles", () => {
    // eslint-disable-next-line archimed/french-spaces -- the pasted text is kept as it was typed
    expect(out.html.startsWith("<h2>Ouvrir le dimanche ?</h2>")).toBe(true);
    expect(out.html).toContain("<p>Une question que se posent <strong>beaucoup de commerçants</strong>, surtout en <em>fin d’année</em>.</p>");
    expect(out.html).toContain("<h2>Ce qu’il faut vérifier</h2>");
    expect(out.html).toContain("<ul><li><p>L’arrêté préfectoral</p></li><li><p>Le volontariat des salariés</p></li></ul>");
    expect(out.html).toContain('<a href="https://www.service-public.fr/professionnels-entreprises"><u>la fiche officielle</u></a>');
    expect(out.html).not.toMatch(/style=|dir=|docs-internal|<span|<b[ >]/);
    expect(out.dataImages).toHaveLength(1);
  });
});

describe("hostile paste", () => {
  const out = cleanPastedHtml(fixture("paste-hostile.html"));

  it("keeps the words and nothing that runs, whatever the server would do after", () => {
    expect(out.html).toContain("Bonjour ici et là");
    expect(out.html).toContain("<strong>gras</strong>");
    for (const bad of ["alert", "javascript", "<script", "<svg", "onload", "onerror", "onclick", "<iframe", "data:text", "fixed", "<form", "<input"]) {
      expect(out.html.toLowerCase()).not.toContain(bad);
    }
    // And what the surface would send is what the server stores: the sanitizer leaves it as it is.
    expect(sanitizeRichText(out.html)).toBe(out.html.replace(/<img src="x" alt="">/, ""));
  });

  it("does not mistake a site path image for a data: one, and drops an unreachable one", () => {
    const r = cleanPastedHtml('<p>a<img src="/media/x.jpg" alt="X"><img src="cid:image001.png@01D"></p>');
    expect(r.html).toBe('<p>a<img src="/media/x.jpg" alt="X"></p>');
    expect(r.droppedImages).toBe(1);
  });
});
