import { describe, expect, it } from "vitest";
import type { RenderDocument, RenderElement } from "~/lib/document/schema";
import { DOC_VERSION, ELEMENT_TYPES } from "~/lib/document/model";
import { ELEMENT_DEFAULTS } from "~/lib/elements/defaults";
import { designCss } from "~/lib/design/css";
import { buttonStyles, DEFAULT_DESIGN } from "~/lib/design/tokens";
import { exportPageHtml } from "./export-html.server";

const ORIGIN = "https://archimed.example";
let n = 0;
const el = (type: string, content: string, extra: Partial<RenderElement> = {}): RenderElement => ({
  id: `element-x${++n}`,
  type,
  content,
  styles: {},
  ...extra,
});
const docOf = (...elements: RenderElement[]): RenderDocument => ({
  version: DOC_VERSION,
  blocks: [
    {
      id: "block-a",
      type: "container",
      styles: { backgroundColor: "#fafafa" },
      sections: [
        {
          id: "section-a",
          columns: [
            { id: "column-a", width: 6, elements },
            { id: "column-b", width: 6, elements: [] },
          ],
        },
      ],
    },
  ],
});
const exp = (doc: RenderDocument, title = "Ma page") => exportPageHtml({ doc, title, lang: "fr", origin: ORIGIN });

describe("HTML export", () => {
  it("is a standalone page: the site's own stylesheet inline, the design's variables, no outside stylesheet", () => {
    const html = exp(docOf(el("heading", "Bonjour", { level: 1 })), 'Offres <"spéciales">');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="fr" class="light" data-theme="light">')).toBe(true);
    // The CDN build of seed 001 knew no container queries: the grid collapsed (decision 038).
    expect(html).not.toMatch(/<link[^>]+stylesheet/);
    expect(html).toContain('<style id="design-settings">');
    expect(html).toContain("<title>Offres &lt;&quot;spéciales&quot;&gt;</title>");
    expect(html).toMatch(/<h1 class="el-heading[^"]*"[^>]*>Bonjour<\/h1>/);
    // The layout classes of the public page, which the inlined stylesheet defines.
    expect(html).toContain('class="doc @container"');
    expect(html).toContain("@tablet:col-span-6");
    expect(html).toContain('<main class="site-main">');
  });

  it("carries the gallery script with the page's language, and the marks it drives", () => {
    const slider = JSON.stringify({
      type: "slider",
      options: { slidesPerView: 1, gap: "16px", aspectRatio: "4/3", navigation: true, pagination: true, autoplay: true },
      images: [
        { url: "/media/a.jpg", alt: "A" },
        { url: "/media/b.jpg", alt: "B" },
      ],
    });
    const fr = exp(docOf(el("gallery", slider)));
    expect(fr.match(/<script>/g)).toHaveLength(1);
    expect(fr).toContain('"next":"Image suivante"');
    for (const mark of ["data-gallery-slider", "data-autoplay", "data-gallery-track", 'data-gallery-step="1"', 'data-gallery-goto="1"'])
      expect(fr).toContain(mark);
    const en = exportPageHtml({ doc: docOf(el("gallery", slider)), title: "t", lang: "en", origin: ORIGIN });
    expect(en).toContain('"next":"Next image"');
  });

  it("reads as visitors read it: French typography, images at their intrinsic size", () => {
    const html = exportPageHtml({
      // eslint-disable-next-line archimed/french-spaces -- ordinary spaces: the export is what typesets them
      doc: docOf(el("text", "<p>Prix : 10 € ?</p>"), el("image", "/media/seed/atelier-equipe.jpg", { alt: "Atelier" })),
      title: "t",
      lang: "fr",
      origin: ORIGIN,
      media: { "/media/seed/atelier-equipe.jpg": { width: 1200, height: 800, webp: "/media/seed/atelier-equipe.webp" } },
    });
    expect(html).toContain("Prix\u202f: 10\u00a0€\u202f?");
    expect(html).toMatch(new RegExp(`<img src="${ORIGIN}/media/seed/atelier-equipe.jpg" alt="Atelier" width="1200" height="800"`));
    expect(html).not.toContain("<picture");
  });

  it("follows the published brand colour: no trace of the old one once it changes (issue 21)", () => {
    const blue = { ...DEFAULT_DESIGN, colors: { ...DEFAULT_DESIGN.colors, light: { ...DEFAULT_DESIGN.colors.light, brand: "#3b82f6" } } };
    const html = exportPageHtml({
      doc: docOf(el("button", "Go", { href: "/contact", styles: buttonStyles("primary") })),
      title: "x",
      lang: "fr",
      origin: ORIGIN,
      designCss: designCss(blue),
    });
    expect(html).toContain("--color-brand-yellow:#3b82f6");
    expect(html.toLowerCase()).not.toContain("#ffc104");
  });

  it("renders every element type, and names an unknown one", () => {
    const all = ELEMENT_TYPES.map((t) => el(t, ELEMENT_DEFAULTS[t]().content, { ...ELEMENT_DEFAULTS[t]() }));
    const html = exp(docOf(...all, el("carousel", "x")));
    for (const t of ELEMENT_TYPES) expect(html).toContain(`el-${t}`);
    expect(html).toContain("Unknown element type: carousel");
    expect(html).not.toContain("Type d'élément non pris en charge");
    // The exported video is the player itself: a file has no script to swap a facade.
    expect(html).toMatch(/<iframe src="https:\/\/www\.youtube(-nocookie)?\.com\/embed\/aqz-KE-bpKQ/);
  });

  it("makes media and site links absolute", () => {
    const html = exp(
      docOf(
        el("image", "/media/seed/atelier-equipe.jpg", { href: "/offres" }),
        el("gallery", JSON.stringify(["/media/a.jpg", "https://cdn.example/b.jpg"])),
        el("text", '<p><a href="/contact">Contact</a> <a href="mailto:a@b.fr">mail</a></p>'),
        el("button", "Go", { href: "/devis" }),
      ),
    );
    expect(html).toContain(`src="${ORIGIN}/media/seed/atelier-equipe.jpg"`);
    expect(html).toContain(`href="${ORIGIN}/offres"`);
    expect(html).toContain(`src="${ORIGIN}/media/a.jpg"`);
    expect(html).toContain('src="https://cdn.example/b.jpg"');
    expect(html).toContain(`href="${ORIGIN}/contact"`);
    expect(html).toContain('href="mailto:a@b.fr"');
    expect(html).toContain(`href="${ORIGIN}/devis"`);
    expect(html).not.toMatch(/(src|href)="\/[^/]/);
  });

  it("is sanitized as a save is", () => {
    const html = exp(
      docOf(
        el("text", '<p onclick="alert(1)">a<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror=alert(4)></p>'),
        el("icon", '<svg onload="alert(5)"><script>alert(6)</script><path d="M0 0"/></svg>'),
        el("image", "javascript:alert(7)"),
        el("button", "b", { href: "javascript:alert(8)" }),
        el("heading", '<a href="/x" target="_blank">n</a>'),
      ),
    );
    // The file's one script is ours, after the page.
    const page = html.slice(0, html.indexOf("<script>"));
    expect(page).not.toMatch(/alert\(|onerror|onload|onclick|<script|javascript:/i);
    expect(html).toContain(`<a href="${ORIGIN}/x" target="_blank" rel="noopener noreferrer">n</a>`);
  });
});
