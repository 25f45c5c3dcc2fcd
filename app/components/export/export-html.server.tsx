import { renderToStaticMarkup } from "react-dom/server";
import siteCss from "~/app.css?inline";
import "~/components/public/eager.server";
import { designCss } from "~/lib/design/css";
import { DEFAULT_DESIGN, DEFAULT_FONTS } from "~/lib/design/tokens";
import type { TypefaceKey } from "~/lib/design/typefaces";
import type { RenderDocument, RenderElement } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";
import { RenderProvider, type MediaMap } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
import { withDeviceCss } from "~/lib/elements/device-css";
import { serverElement } from "~/lib/elements/server-types.server";
import type { Lang } from "~/lib/i18n/routes";
import { sanitizeDocument } from "~/lib/pipeline/sanitize-document.server";
import { typesetDocument } from "~/lib/pipeline/typography";
import { exportFontFaceCss } from "./export-fonts.server";
import { galleryScript } from "./gallery-script";

/**
 * The Exporter's file (seed 001 §4, issue 22 item 4, decision 038): a standalone page of the current
 * document that lays out as the public page does, opened from a disk. It is rendered by the one renderer,
 * sanitized as a save is and typeset as a visitor reads it; it carries the public site's own stylesheet
 * (the build's Tailwind output, with the default brand colours and the container queries the grid needs),
 * the published design's typefaces inlined and its variables, and one small script for galleries and
 * carousels. Media stay absolute URLs on the site (decision 038).
 */
export const EXPORT_FILE_NAME = "exported-page.html";

// The stylesheet's own default brand colour (its theme layer and one fallback) becomes the design's
// variable, which the file defines: an exported page carries no trace of a colour the site left (issue 21).
const DEFAULT_BRAND = DEFAULT_DESIGN.colors.light.brand.slice(1);
const EXPORT_CSS = siteCss
  .replace(new RegExp(`#${DEFAULT_BRAND}d9`, "gi"), "color-mix(in srgb,var(--color-brand-yellow) 85%,transparent)")
  .replace(new RegExp(`#${DEFAULT_BRAND}`, "gi"), "var(--color-brand-yellow)");

/** The classes the public layout puts around a page (root.tsx's body, PublicApp's main), so the cascade is the same. */
const BODY_CLASS = "min-h-screen bg-[var(--surface)] text-[var(--text)] antialiased";

/** A same-site path becomes an address on the site; anything else is kept (already absolute, or mailto:/tel:/#). */
function absoluteUrl(url: string, origin: string): string {
  return /^\/(?![/\\])/.test(url) ? `${origin}${url}` : url;
}

function absoluteElement(el: RenderElement, origin: string): RenderElement {
  const absolute = (url: string) => absoluteUrl(url, origin);
  const out = { ...el };
  const def = serverElement(el.type);
  if (def) out.content = def.exportContent(el.content, absolute);
  if (el.href) out.href = absolute(el.href);
  return out;
}

/**
 * The images' intrinsic sizes under their absolute addresses, so they take the room they take on the page.
 * WebP variants are left out: the original is one absolute URL, which is all a file needs.
 */
function absoluteMedia(media: MediaMap, origin: string): MediaMap {
  const out: MediaMap = {};
  for (const [url, info] of Object.entries(media)) out[absoluteUrl(url, origin)] = { width: info.width, height: info.height };
  return out;
}

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Sections' and columns' background images (issue 21) as addresses on the site, like the elements' media. */
function absoluteBackgrounds(doc: RenderDocument, origin: string): RenderDocument {
  const fix = <N extends { background?: { image: string } }>(n: N): N =>
    n.background ? { ...n, background: { ...n.background, image: absoluteUrl(n.background.image, origin) } } : n;
  return { ...doc, blocks: doc.blocks.map((b) => ({ ...b, sections: b.sections.map((s) => fix({ ...s, columns: s.columns.map(fix) })) })) };
}

/** Inside <style>, only "</style" could end the element; the design's variables are checked values, this is a second lock. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, "<\\/$1");

/**
 * `designCss`: the site's design settings as variables (the published ones; today's defaults when not given).
 * `fonts`: the design's typefaces (decision 052): their @font-face rules travel in the file with their Latin
 * file as data: (the site's /assets addresses are out of reach of a file on a disk).
 * `media`: what the site knows of the document's images (content/pages.server.ts `mediaInfo`), keyed by site path.
 */
export function exportPageHtml({
  doc,
  title,
  lang,
  origin,
  designCss: tokens = designCss(DEFAULT_DESIGN),
  fonts = DEFAULT_FONTS,
  media = {},
}: {
  doc: RenderDocument;
  title: string;
  lang: Lang;
  origin: string;
  designCss?: string;
  fonts?: { heading: TypefaceKey; body: TypefaceKey };
  media?: MediaMap;
}): string {
  const clean = typesetDocument(sanitizeDocument(doc), lang);
  const absolute: RenderDocument = absoluteBackgrounds(
    mapElements(clean, (e) => absoluteElement(e, origin)),
    origin,
  );
  const body = renderToStaticMarkup(
    <RenderProvider value={{ lang, media: absoluteMedia(media, origin), surface: "export" }}>
      <DocumentView doc={withDeviceCss(absolute)} />
    </RenderProvider>,
  );
  return `<!DOCTYPE html>
<html lang="${lang}" class="light" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<style>
${styleText(exportFontFaceCss(fonts))}
${styleText(EXPORT_CSS)}
</style>
<style id="design-settings">
${styleText(tokens)}
</style>
</head>
<body class="${BODY_CLASS}">
<main class="site-main">
${body}
</main>
<script>
${galleryScript(lang)}
</script>
</body>
</html>
`;
}
