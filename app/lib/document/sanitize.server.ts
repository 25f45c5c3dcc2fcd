import sanitizeHtml from "sanitize-html";

/**
 * Server-side sanitizing of the HTML and SVG a page document may hold. Everything stored or rendered
 * passes through here: no script, no event handler, no javascript: (or data:) URL survives.
 */

const SAFE_SCHEMES = ["http", "https", "mailto", "tel"];

const richText: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "a", "span", "ul", "ol", "li",
    "blockquote", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "sup", "sub", "mark", "small",
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
      color: [/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i],
      "font-weight": [/^(normal|bold|lighter|bolder|[1-9]00)$/],
      "font-style": [/^(normal|italic)$/],
      "text-decoration": [/^(underline|line-through|none)$/],
    },
  },
  allowedClasses: { "*": [/^[a-z][a-z0-9-]{0,40}$/] },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

const SVG_TAGS = [
  "svg", "g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "title", "desc", "defs",
  "lineargradient", "radialgradient", "stop", "clippath", "mask", "symbol",
  // Tag names keep their case (lowerCaseTags: false), so SVG's camelCase elements are listed as written.
  "linearGradient", "radialGradient", "clipPath",
];
const SVG_ATTRS = [
  "xmlns", "viewbox", "viewBox", "width", "height", "fill", "stroke", "stroke-width", "stroke-linecap",
  "stroke-linejoin", "stroke-dasharray", "stroke-opacity", "fill-opacity", "fill-rule", "clip-rule", "opacity",
  "d", "cx", "cy", "r", "rx", "ry", "x", "y", "x1", "y1", "x2", "y2", "points", "transform", "id", "offset",
  "stop-color", "stop-opacity", "gradientunits", "gradientUnits", "gradienttransform", "gradientTransform",
  "clip-path", "mask", "aria-hidden", "role", "focusable", "class", "preserveaspectratio", "preserveAspectRatio",
];

const svg: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { "*": SVG_ATTRS },
  // url(#id) references are fine; anything else that could fetch or run is not.
  exclusiveFilter: (frame) => Object.values(frame.attribs).some((v) => /javascript:|data:|url\((?!\s*#)/i.test(v)),
  parser: { lowerCaseAttributeNames: false, lowerCaseTags: false },
  allowedSchemes: [],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richText);
}

export function sanitizeSvg(markup: string): string {
  return sanitizeHtml(markup, svg);
}

export { sanitizeUrl } from "./url";
