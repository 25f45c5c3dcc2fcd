import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "~/lib/i18n/all-messages";
import "~/lib/elements/registry";
import { designVariables } from "~/lib/design/css";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import { block, doc, row, text } from "~/lib/document/build";
import type { PageDocument, RenderDocument } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { RenderProvider } from "./context";
import { blockDeviceCss } from "./device-css";
import { deviceVarProps } from "./device-vars";
import { DocumentView } from "./DocumentView";
import { overlayContrastWarning, overlayNeeded } from "./overlay-contrast";
import { BUTTON_SIZE_KIND, fontSizeKind, ICON_SIZES, RADIUS_KIND, SPACE_KIND } from "./presets";
import { checkStyleValue } from "./style-values";

const render = (d: RenderDocument) =>
  renderToString(
    <RenderProvider value={{ lang: "fr", media: {} }}>
      <DocumentView doc={d} />
    </RenderProvider>,
  );

/** The page as the browser computes it with the default design: every variable replaced by its value. */
const vars = designVariables(DEFAULT_DESIGN);
const resolve = (html: string) => html.replace(/var\((--[a-z0-9-]+)\)/gi, (m, name: string) => vars[name] ?? m);

function withLook(): PageDocument {
  const d = doc(block({}, row([12, [text("<p>Sur l'image</p>")]])));
  const section = d.blocks[0].sections[0];
  section.styles = { paddingTop: "var(--ds-space-xl)", gap: "var(--ds-space-s)" };
  section.deviceStyles = { mobile: { paddingTop: "var(--ds-space-xs)", color: "#ffffff" } };
  section.background = { image: "/media/seed/accueil-hero.jpg", focusX: 80, focusY: 20, overlay: 60 };
  section.columns[0].hide = { mobile: true };
  return d;
}

describe("sections and columns have their look (issue 21)", () => {
  it("render their spacing, background image at its focal point, overlay and visibility", () => {
    const html = render(withLook() as RenderDocument);
    expect(resolve(html)).toContain('style="padding-top:40px;gap:16px;position:relative;isolation:isolate"');
    expect(html).toContain("object-position:80% 20%");
    expect(html).toMatch(/<img[^>]*data-layer-bg/);
    expect(html).toContain("opacity:0.6");
    expect(html).toMatch(/data-column-id="[^"]+"|class="[^"]*@max-tablet:hidden/);
    expect(html).toContain("@max-tablet:hidden");
  });

  it("per-device values become container rules for the section, public and canvas", () => {
    const d = withLook();
    const id = d.blocks[0].sections[0].id;
    expect(blockDeviceCss(d.blocks[0])).toBe(
      `@container (width < 48rem){[data-section-id="${id}"]{padding-top:var(--ds-space-xs) !important;color:#ffffff !important;}}`,
    );
    expect(deviceVarProps(d.blocks[0].sections[0])).toEqual({
      "data-dm": "padding-top color",
      style: { "--dm-padding-top": "var(--ds-space-xs)", "--dm-color": "#ffffff" },
    });
  });

  it("a save accepts them and refuses a bad focal point, overlay, image address, style value or token name, in French", () => {
    expect(pageDocumentSchema.safeParse(withLook()).success).toBe(true);
    const refuse = (change: (d: PageDocument) => void) => {
      const d = withLook();
      change(d);
      const r = pageDocumentSchema.safeParse(d);
      expect(r.success).toBe(false);
      return r.error!.issues.map((i) => i.message).join(" ; ");
    };
    expect(refuse((d) => (d.blocks[0].sections[0].background!.focusX = 101))).toContain("point focal invalide : un pourcentage de 0 à 100");
    expect(refuse((d) => (d.blocks[0].sections[0].background!.focusY = -5))).toContain("point focal invalide");
    expect(refuse((d) => (d.blocks[0].sections[0].background!.overlay = 91))).toContain("voile invalide : un pourcentage entier de 0 à 90");
    expect(refuse((d) => (d.blocks[0].sections[0].background!.image = "javascript:alert(1)"))).toContain("image de fond :");
    expect(refuse((d) => (d.blocks[0].sections[0].styles = { paddingTop: "1px}</style><script>" }))).toContain("Marge int. haut");
    expect(refuse((d) => (d.blocks[0].sections[0].columns[0].styles = { gap: "expression(alert(1))" }))).toContain("Espacement");
    expect(refuse((d) => (d.blocks[0].sections[0].styles = { paddingTop: "var(--ds-space-zz)" }))).toContain("« --ds-space-zz » n'est pas un réglage du site");
    expect(refuse((d) => (d.blocks[0].sections[0].deviceStyles = { mobile: { color: "url(javascript:x)" } }))).toContain("(mobile)");
  });

  it("checks the text's contrast over any image under the overlay", () => {
    expect(overlayNeeded("#ffffff")).toBe(55);
    expect(overlayContrastWarning("#ffffff", 60)).toBeNull();
    expect(overlayContrastWarning("#ffffff", 20)).toMatch(/^Texte peu lisible sur l'image\u202f: 1,\d:1 au pire .*Renforcez le voile à 55\u202f% au moins\.$/);
    expect(overlayContrastWarning("#14171c", 40)).toMatch(/choisissez un texte blanc/);
  });
});

describe("what the panel says is what renders (issue 21 item 5)", () => {
  const rendered = (styles: Record<string, string>, type: "button" | "heading" = "button") => {
    const d = doc(block({}, row([12, [{ ...text("x"), type, content: "Réserver", styles }]])));
    return resolve(render(d as RenderDocument));
  };
  const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

  it.each([
    ["Taille du bouton", BUTTON_SIZE_KIND, "padding"],
    ["Espacement", SPACE_KIND, "padding"],
    ["Arrondi", RADIUS_KIND, "borderRadius"],
    ["Taille du texte", fontSizeKind("heading"), "fontSize"],
  ] as const)("%s: every named choice renders at its token's value", (_label, kind, key) => {
    for (const [value, label] of kind.groups.flatMap((g) => g.options)) {
      const token = value.match(/^var\((--[a-z0-9-]+)\)$/)?.[1];
      const expected = token ? vars[token] : value;
      expect(expected, label).toBeTruthy();
      expect(rendered({ [key]: value }), label).toContain(`${kebab(key)}:${expected}`);
    }
  });

  it("Icône: the size chosen is the drawing's size, the padding stays outside it", () => {
    for (const size of ICON_SIZES) {
      const d = doc(block({}, row([12, [{ ...text("x"), type: "icon", content: "<svg></svg>", styles: { width: size, height: size, padding: "14px" } }]])));
      const html = render(d as RenderDocument);
      expect(html).toContain(`width:${size};height:${size};padding:14px;box-sizing:content-box`);
    }
  });

  it("an unknown token name is refused, a known one accepted", () => {
    expect(checkStyleValue("padding", "var(--ds-space-m) 0").ok).toBe(true);
    expect(checkStyleValue("padding", "var(--ds-btn-size-l)").ok).toBe(true);
    expect(checkStyleValue("color", "var(--nope)")).toEqual({
      ok: false,
      message: "« --nope » n'est pas un réglage du site : choisissez une valeur dans la liste.",
    });
  });
});
