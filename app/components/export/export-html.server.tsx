import { designCss } from "~/lib/design/css";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import { renderToStaticMarkup } from "react-dom/server";
import "~/components/public/eager.server";
import { sanitizeDocument } from "~/lib/pipeline/sanitize-document.server";
import type { RenderDocument, RenderElement } from "~/lib/document/schema";
import { mapElements } from "~/lib/document/walk";
import { RenderProvider } from "~/lib/elements/context";
import { DocumentView } from "~/lib/elements/DocumentView";
import { serverElement } from "~/lib/elements/server-types.server";
import { withDeviceCss } from "~/lib/elements/device-css";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The Exporter's file (seed 001 §4): a standalone page of the current document, rendered by the one
 * renderer, sanitized as a save is, with the CSS framework's CDN build 2.2.19 (primary #ffc104,
 * secondary #78c6bb) and absolute media URLs, so that it opens correctly from a disk.
 */
export const EXPORT_FILE_NAME = "exported-page.html";
export const EXPORT_CSS_URL = "https://cdn.jsdelivr.net/npm/tailwindcss@2.2.19/dist/tailwind.min.css";
const EXPORT_PRIMARY = "#ffc104";
const EXPORT_SECONDARY = "#78c6bb";

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

const SPANS = Array.from({ length: 12 }, (_, i) => i + 1)
  .map((n) => `.doc-column[class~="@tablet:col-span-${n}"]{grid-column:span ${n}/span ${n}}`)
  .join("");

/**
 * What the CDN build lacks: the brand colours as primary/secondary, and the few layout rules of the
 * renderer written with Tailwind 4 syntax (the 12-column grid from 768 px, visibility per device).
 */
const EXPORT_CSS = [
  `:root{--color-primary:${EXPORT_PRIMARY};--color-secondary:${EXPORT_SECONDARY}}`,
  `.bg-primary,.bg-brand-yellow{background-color:${EXPORT_PRIMARY}}.text-primary{color:${EXPORT_PRIMARY}}.border-primary{border-color:${EXPORT_PRIMARY}}`,
  `.bg-secondary,.bg-brand-teal{background-color:${EXPORT_SECONDARY}}.text-secondary{color:${EXPORT_SECONDARY}}.border-secondary{border-color:${EXPORT_SECONDARY}}`,
  "body{color:#333333;font-family:ui-sans-serif,system-ui,sans-serif}",
  ".doc-block>div{max-width:1280px;margin:0 auto;padding:0 1.25rem}",
  ".el-heading{line-height:1.2}.el-text p,.el-list li{margin:.25em 0}.el-list ul{list-style:none;padding:0}.el-text a,.el-list a,.el-heading a{text-decoration:underline}",
  ".el-gallery ul{list-style:none;padding:0}.el-gallery img{width:100%;height:100%;object-fit:cover}",
  '[class~="@max-tablet:hidden"]{display:none}',
  `@media (min-width:768px){.doc-block>div{padding:0 2rem}${SPANS}[class~="@max-tablet:hidden"]{display:revert}[class~="@tablet:@max-desktop:hidden"]{display:none}}`,
  '@media (min-width:1024px){[class~="@tablet:@max-desktop:hidden"]{display:revert}[class~="@desktop:hidden"]{display:none}}',
].join("\n");

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** `designCss`: the site's design settings as variables (the published ones; today's defaults when not given). */
export function exportPageHtml({
  doc,
  title,
  lang,
  origin,
  designCss: tokens = designCss(DEFAULT_DESIGN),
}: {
  doc: RenderDocument;
  title: string;
  lang: Lang;
  origin: string;
  designCss?: string;
}): string {
  const clean = sanitizeDocument(doc);
  const absolute: RenderDocument = mapElements(clean, (e) => absoluteElement(e, origin));
  const body = renderToStaticMarkup(
    <RenderProvider value={{ lang, media: {}, surface: "export" }}>
      <DocumentView doc={withDeviceCss(absolute)} />
    </RenderProvider>,
  );
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<link rel="stylesheet" href="${EXPORT_CSS_URL}">
<style>
${tokens}
${EXPORT_CSS}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
