import { parseGallery } from "./gallery";
import { sanitizeRichText, sanitizeSvg, sanitizeUrl } from "./sanitize.server";
import type { PageElement, RenderDocument, RenderElement } from "./schema";

/** Sanitizes one element's content by type; unknown types keep their content, which is never rendered. */
export function sanitizeElement<E extends RenderElement | PageElement>(el: E): E {
  const out = { ...el };
  switch (el.type) {
    case "heading":
    case "text":
    case "list":
      out.content = sanitizeRichText(el.content);
      break;
    case "icon":
      out.content = sanitizeSvg(el.content);
      break;
    case "image":
    case "video":
      out.content = sanitizeUrl(el.content, { allowMail: false });
      break;
    case "gallery": {
      const parsed = parseGallery(el.content);
      if (parsed.ok) {
        const g = parsed.gallery;
        out.content = JSON.stringify({
          ...g,
          images: g.images.map((i) => ({ url: sanitizeUrl(i.url, { allowMail: false }), alt: i.alt })).filter((i) => i.url),
        });
      }
      break;
    }
    default:
      break;
  }
  if (out.href !== undefined) out.href = sanitizeUrl(out.href);
  return out;
}

export function sanitizeDocument<D extends RenderDocument>(doc: D): D {
  return {
    ...doc,
    blocks: doc.blocks.map((b) => ({
      ...b,
      sections: b.sections.map((s) => ({
        ...s,
        columns: s.columns.map((c) => ({ ...c, elements: c.elements.map((e) => sanitizeElement(e)) })),
      })),
    })),
  };
}
