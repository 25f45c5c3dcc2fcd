import { describe, expect, it } from "vitest";
import type { RenderDocument, RenderElement } from "~/lib/document/schema";
import { DOC_VERSION, ELEMENT_TYPES } from "~/lib/document/model";
import { ELEMENT_DEFAULTS } from "~/lib/elements/defaults";
import { EXPORT_CSS_URL, exportPageHtml } from "./export-html.server";

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
  it("is a standalone page with the CDN framework 2.2.19 and the brand colours", () => {
    const html = exp(docOf(el("heading", "Bonjour", { level: 1 })), 'Offres <"spéciales">');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="fr">')).toBe(true);
    expect(html).toContain(`<link rel="stylesheet" href="${EXPORT_CSS_URL}">`);
    expect(EXPORT_CSS_URL).toMatch(/tailwindcss@2\.2\.19\//);
    expect(html).toContain("--color-primary:#ffc104");
    expect(html).toContain("--color-secondary:#78c6bb");
    expect(html).toContain("<title>Offres &lt;&quot;spéciales&quot;&gt;</title>");
    expect(html).toMatch(/<h1 class="el-heading[^"]*"[^>]*>Bonjour<\/h1>/);
    // The 12-column grid of the renderer works without the site's stylesheet.
    expect(html).toContain('.doc-column[class~="@tablet:col-span-6"]{grid-column:span 6/span 6}');
    expect(html).toContain("@tablet:col-span-6");
    expect(html).not.toContain("<script");
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
    expect(html).not.toMatch(/alert\(|onerror|onload|onclick|<script|javascript:/i);
    expect(html).toContain(`<a href="${ORIGIN}/x" target="_blank" rel="noopener noreferrer">n</a>`);
  });
});
