import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "~/lib/i18n/all-messages";
import type { RenderDocument, RenderElement } from "~/lib/document/schema";
import { RenderProvider, type MediaMap } from "./context";
import { DocumentView } from "./DocumentView";
import { leadImageId } from "~/components/public/lead-image";
import { ELEMENT_REGISTRY, rendererFor } from "./registry";
import { UnsupportedElement } from "./renderers/Simple";
import { parseVideoUrl } from "./renderers/video-url";
import { DOC_VERSION, ELEMENT_TYPES } from "~/lib/document/model";
import { ELEMENT_DEFAULTS } from "~/lib/elements/defaults";

let n = 0;
function el(type: string, content: string, extra: Partial<RenderElement> = {}): RenderElement {
  return { id: `element-t${++n}`, type, content, styles: {}, ...extra };
}
function docOf(...columns: RenderElement[][]): RenderDocument {
  return {
    version: DOC_VERSION,
    blocks: [
      {
        id: "block-a",
        type: "container",
        styles: { backgroundColor: "#fafafa", paddingTop: "url(x)" },
        sections: [{ id: "section-a", columns: columns.map((elements, i) => ({ id: `column-${i}`, width: Math.floor(12 / columns.length), elements })) }],
      },
    ],
  };
}
function render(doc: RenderDocument, media: MediaMap = {}, lang: "fr" | "en" = "fr", eagerImageId?: string): string {
  return renderToString(
    <RenderProvider value={{ lang, media, eagerImageId }}>
      <DocumentView doc={doc} />
    </RenderProvider>,
  );
}

describe("registry", () => {
  it("has a renderer for every element type, and the unsupported one for anything else", () => {
    for (const t of ELEMENT_TYPES) {
      expect(ELEMENT_REGISTRY[t].Render).toBeTypeOf("function");
      expect(rendererFor(t)).not.toBe(UnsupportedElement);
    }
    for (const t of ["carousel", "", "__proto__", "constructor", "toString", "HEADING"]) expect(rendererFor(t)).toBe(UnsupportedElement);
  });

  it.each(ELEMENT_TYPES)("the default %s renders without error text", (type) => {
    const html = render(docOf([el(type, ELEMENT_DEFAULTS[type]().content, ELEMENT_DEFAULTS[type]())]));
    expect(html).not.toContain("non pris en charge");
    expect(html).not.toContain("Invalid gallery format");
    expect(html).toContain(`el-${type}`);
  });
});

describe("DocumentView", () => {
  it("renders an unknown type as an error text and the rest of the page normally", () => {
    const html = render(docOf([el("heading", "Avant", { level: 1 }), el("hologram", "<script>alert(1)</script>"), el("text", "<p>Après</p>")]));
    expect(html).toContain("Type d&#x27;élément non pris en charge");
    expect(html).toContain("Avant</h1>");
    expect(html).toContain("<p>Après</p>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("el-hologram");
  });

  it("cannot inject markup through the type name", () => {
    const html = render(docOf([el('x" onclick="alert(1)', "")]));
    expect(html).not.toMatch(/\sonclick=|"\s+onclick/);
    expect(html).toContain("el-xonclickalert");
  });

  it("shows 'Invalid gallery format' for broken gallery JSON and still renders the rest", () => {
    const html = render(docOf([el("gallery", "{not json"), el("gallery", "null"), el("text", "<p>Suite</p>")]));
    expect(html.match(/Invalid gallery format/g)).toHaveLength(2);
    expect(html).toContain("<p>Suite</p>");
  });

  it("renders galleries of each type", () => {
    const images = ["/a.jpg", { url: "/b.jpg", alt: "Bee" }];
    for (const type of ["grid", "masonry", "slider", "lightbox", "instagram"]) {
      const html = render(docOf([el("gallery", JSON.stringify({ type, images }))]));
      expect(html, type).toContain(`gallery-${type}`);
      expect(html.match(/<img /g), type).toHaveLength(2);
      expect(html).toContain('alt="Bee"');
    }
    const legacy = render(docOf([el("gallery", '["/a.jpg","/b.jpg","/c.jpg"]')]));
    expect(legacy).toContain("repeat(3, minmax(0, 1fr))");
    expect(legacy).toContain("gap:10px");
  });

  it("gives images their intrinsic size and a WebP source from the media map", () => {
    const media: MediaMap = { "/media/a.jpg": { width: 1200, height: 800, webp: "/media/a.webp" } };
    const html = render(docOf([el("image", "/media/a.jpg", { alt: "Atelier" })]), media);
    expect(html).toContain('<source type="image/webp" srcSet="/media/a.webp"');
    expect(html).toMatch(/<img[^>]*width="1200"/);
    expect(html).toMatch(/<img[^>]*height="800"/);
    expect(html).toContain('alt="Atelier"');
    expect(html).toContain('loading="lazy"');
  });

  it("an image missing from the media map is a plain lazy img without size", () => {
    const html = render(docOf([el("image", "/media/unknown.jpg")]));
    expect(html).not.toContain("<picture>");
    expect(html).not.toMatch(/width="\d/);
    expect(html).toContain('alt=""');
  });

  it("loads the first image eagerly", () => {
    const doc = docOf([el("image", "/a.jpg"), el("image", "/b.jpg")]);
    const first = leadImageId({ kind: "custom", image: null, doc });
    expect(first).toBe(doc.blocks[0].sections[0].columns[0].elements[0].id);
    const html = render(doc, {}, "fr", first);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html).toMatch(/fetchPriority="high"/i);
    expect(leadImageId({ kind: "custom", image: null, doc: docOf([el("text", "x")]) })).toBeUndefined();
  });

  it("links an image when it has an href; buttons default to #", () => {
    expect(render(docOf([el("image", "/a.jpg", { href: "/offres" })]))).toContain('<a href="/offres">');
    expect(render(docOf([el("button", "Go")]))).toContain('href="#"');
  });

  it("a button to an uploaded PDF opens it in a new tab (issue 10); other buttons stay in the tab", () => {
    const pdf = render(docOf([el("button", "Tarifs", { href: "/media/u/abcdefghijklmnopqrstuvwx.pdf" })]));
    expect(pdf).toMatch(
      /<a [^>]*href="\/media\/u\/abcdefghijklmnopqrstuvwx\.pdf"[^>]*target="_blank"[^>]*rel="noopener noreferrer"|<a [^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*href="\/media\/u\/abcdefghijklmnopqrstuvwx\.pdf"/,
    );
    for (const href of ["/offres", "/media/u/abcdefghijklmnopqrstuvwx.jpg", "/contact?x=.pdf"]) {
      expect(render(docOf([el("button", "Voir", { href })]))).not.toContain("_blank");
    }
  });

  it("escapes button labels (plain text, not HTML)", () => {
    const html = render(docOf([el("button", "<img src=x onerror=alert(1)>", { href: "/x" })]));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img");
  });

  it("heading levels 1..6, level 2 by default, and out-of-range levels fall back to h2", () => {
    expect(render(docOf([el("heading", "T", { level: 1 })]))).toContain("<h1");
    expect(render(docOf([el("heading", "T", { level: 6 })]))).toContain("<h6");
    expect(render(docOf([el("heading", "T")]))).toContain("<h2");
    expect(render(docOf([el("heading", "T", { level: 9 })]))).toContain("<h2");
  });

  it("filters block and element styles through safeStyle", () => {
    const html = render(docOf([el("text", "<p>x</p>", { styles: { color: "red", backgroundColor: "url(javascript:x)" } })]));
    expect(html).toContain("background-color:#fafafa");
    expect(html).not.toContain("url(");
    expect(html).toContain("color:red");
  });

  it("maps column widths onto the 12-column grid", () => {
    const html = render(docOf([el("text", "a")], [el("text", "b")], [el("text", "c")]));
    expect(html.match(/@tablet:col-span-4/g)).toHaveLength(3);
  });

  it("video: a YouTube or Vimeo URL gives a play facade, anything else an error text", () => {
    const yt = render(docOf([el("video", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", { alt: "Démo" })]));
    expect(yt).toContain("video-facade");
    expect(yt).toContain("Lire la vidéo : Démo");
    expect(yt).not.toContain("<iframe");
    const en = render(docOf([el("video", "https://vimeo.com/76979871")]), {}, "en");
    expect(en).toContain("Play the video");
    // The label's colon follows each language: a narrow no-break space before it in French only.
    const named = render(docOf([el("video", "https://vimeo.com/76979871", { alt: "Demo" })]), {}, "en");
    expect(named).toContain('aria-label="Play the video: Demo"');
    const bad = render(docOf([el("video", "https://evil.example/video.mp4")]));
    expect(bad).toContain("el-video-invalid");
    expect(bad).not.toContain("video-facade");
  });
});

describe("parseVideoUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://youtube.com/embed/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://m.youtube.com/watch?v=aqz-KE-bpKQ&t=10", "youtube", "aqz-KE-bpKQ"],
    ["https://youtu.be/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["  https://vimeo.com/76979871  ", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("%s → %s %s", (url, provider, id) => {
    const v = parseVideoUrl(url);
    expect(v).toMatchObject({ provider, id });
    expect(v?.embedUrl.startsWith(provider === "youtube" ? "https://www.youtube-nocookie.com/embed/" : "https://player.vimeo.com/video/")).toBe(true);
  });

  it.each([
    "",
    "not a url",
    "javascript:alert(1)",
    "https://evil.example/watch?v=aqz-KE-bpKQ",
    "https://youtube.com.evil.example/embed/aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=<script>",
    "https://www.youtube.com/watch",
    "https://youtu.be/",
    "https://vimeo.com/abc",
    "ftp://youtube.com/embed/aqz-KE-bpKQ",
    "data:text/html,https://youtu.be/aqz-KE-bpKQ",
  ])("%j is refused", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});
