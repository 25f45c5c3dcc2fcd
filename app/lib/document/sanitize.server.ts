import sanitizeHtml from "sanitize-html";
import { sanitizeUrl } from "./url";

/**
 * Server-side sanitizing of the HTML and SVG a page document may hold. Everything stored or rendered
 * passes through here: no script, no event handler, no javascript: (or data:) URL survives.
 */

const SAFE_SCHEMES = ["http", "https", "mailto", "tel"];

/** The classes rich text may carry (Tiptap writes alignment as a style; older or pasted content as these). */
const EDITOR_CLASSES = ["text-left", "text-center", "text-right", "text-justify"] as const;

const richText: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "span",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "sup",
    "sub",
    "mark",
    "small",
  ],
  allowedAttributes: {
    a: ["href", "target", "rel", "title"],
    "*": ["style", "class"],
  },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {
    "*": {
      "text-align": [/^(left|right|center|justify)$/],
      // A site colour's reference too (`var(--color-brand-yellow)`, decision 042): a name, nothing else inside.
      color: [/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+|var\(--[a-z][a-z0-9-]{0,40}\))$/i],
      "font-weight": [/^(normal|bold|lighter|bolder|[1-9]00)$/],
      "font-style": [/^(normal|italic)$/],
      "text-decoration": [/^(underline|line-through|none)$/],
    },
  },
  // Only the classes the editor itself could produce: alignment. Any other class is a Tailwind utility an
  // editor could use to lay a layer over the whole site and the admin bar ("fixed inset-0 z-50").
  allowedClasses: { "*": [...EDITOR_CLASSES] },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      // sanitize-html checks the scheme only: "/\tevil.com" passed, and a browser follows it off-site.
      if (out.href !== undefined && !sanitizeUrl(out.href)) delete out.href;
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

const SVG_TAGS = [
  "svg",
  "g",
  "path",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "rect",
  "title",
  "desc",
  "defs",
  "lineargradient",
  "radialgradient",
  "stop",
  "clippath",
  "mask",
  "symbol",
  // Tag names keep their case (lowerCaseTags: false), so SVG's camelCase elements are listed as written.
  "linearGradient",
  "radialGradient",
  "clipPath",
];
const SVG_ATTRS = [
  "xmlns",
  "viewbox",
  "viewBox",
  "width",
  "height",
  "fill",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-dasharray",
  "stroke-opacity",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
  "opacity",
  "d",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "points",
  "transform",
  "id",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientunits",
  "gradientUnits",
  "gradienttransform",
  "gradientTransform",
  "clip-path",
  "mask",
  "aria-hidden",
  "role",
  "focusable",
  "preserveaspectratio",
  "preserveAspectRatio",
];

/**
 * Ids in stored SVG live in their own namespace: an icon with id="public-data" placed before the page's
 * data script made the public island read the icon instead (DOM clobbering). Every id gets ID_PREFIX, and
 * url(#…) references follow, so gradients and clip paths keep working. Already prefixed ids stay as they
 * are: stored content is sanitized again when read. `name` and `class` are never kept.
 */
const ID_PREFIX = "ugc-";
const namespaced = (id: string) => (id.startsWith(ID_PREFIX) ? id : `${ID_PREFIX}${id}`);
const namespaceRefs = (value: string) => value.replace(/url\(\s*#([^)\s]+)\s*\)/gi, (_m, id: string) => `url(#${namespaced(id)})`);

const svg: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { "*": SVG_ATTRS },
  // url(#id) references are fine; anything else that could fetch or run is not.
  exclusiveFilter: (frame) => Object.values(frame.attribs).some((v) => /javascript:|data:|url\((?!\s*#)|\\/i.test(v)),
  parser: { lowerCaseAttributeNames: false, lowerCaseTags: false },
  allowedSchemes: [],
  transformTags: {
    "*": (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(attribs)) {
        if (k === "id") {
          const id = v.trim();
          if (/^[A-Za-z][\w-]{0,60}$/.test(id)) out.id = namespaced(id);
        } else out[k] = namespaceRefs(v);
      }
      return { tagName, attribs: out };
    },
  },
};

/**
 * The HTML parser's work grows with the square of the nesting of unclosed tags (200 k characters of
 * "<b>" took 2 s), so markup is measured before it is parsed: at most MARKUP_LIMITS.tags tags and
 * MARKUP_LIMITS.depth levels of nesting per text. One linear scan, no regular expression that can
 * backtrack. Returns the French reason for a refusal, or null.
 */
export const MARKUP_LIMITS = { tags: 5000, depth: 40 } as const;
const VOID_TAGS = new Set(["br", "hr", "img", "wbr", "input", "meta", "link", "source", "area", "col", "embed", "track", "base", "param"]);

export function markupLimitProblem(html: string): string | null {
  let tags = 0;
  const stack: string[] = [];
  let i = html.indexOf("<");
  while (i !== -1 && i < html.length - 1) {
    const next = html.charCodeAt(i + 1);
    const closing = next === 47; /* "/" */
    const start = closing ? i + 2 : i + 1;
    let end = start;
    while (end < html.length && /[A-Za-z0-9:-]/.test(html[end])) end++;
    if (end === start || !/[A-Za-z]/.test(html[start])) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    if (++tags > MARKUP_LIMITS.tags) return `trop de balises (${MARKUP_LIMITS.tags} au plus par texte)`;
    const name = html.slice(start, end).toLowerCase();
    const gt = html.indexOf(">", end);
    const selfClosing = gt !== -1 && html[gt - 1] === "/";
    if (closing) {
      const at = stack.lastIndexOf(name);
      if (at !== -1) stack.length = at;
    } else if (!selfClosing && !VOID_TAGS.has(name)) {
      stack.push(name);
      if (stack.length > MARKUP_LIMITS.depth) return `balises trop imbriquées (${MARKUP_LIMITS.depth} niveaux au plus)`;
    }
    if (gt === -1) break;
    i = html.indexOf("<", gt + 1);
  }
  return null;
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richText);
}

export function sanitizeSvg(markup: string): string {
  return sanitizeHtml(markup, svg);
}

export { sanitizeUrl };
