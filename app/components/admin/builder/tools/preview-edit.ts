import { generateHTML, generateJSON } from "@tiptap/core";
import { cleanButtonLabel, type PreviewEditable } from "~/lib/builder/preview-messages";
import { headingFromEditor, headingToEditor, richTextExtensions } from "./rich-text";

/**
 * Removed first, in an inert document (DOMParser: nothing in it loads or runs), before the editor's schema
 * reads the rest: none of these could stay, and the schema then only sees text and formatting.
 */
const LOADS =
  "img,picture,source,script,style,iframe,frame,object,embed,svg,math,video,audio,track,link,meta,base,form,input,button,textarea,select,template,noscript";

function inert(html: string): string {
  // Event handler attributes are renamed before any parsing: even in an inert document, Chrome logs a
  // blocked inline handler (CSP) as soon as one is parsed. This is for quiet only (a quoted ">" can hide
  // one from it): the handler could not run there, and the schema drops every unknown attribute.
  const quiet = html.replace(/<[^>]*>/g, (tag) => tag.replace(/(\s|\/)on([a-z])/gi, "$1data-dropped-on$2"));
  const body = new DOMParser().parseFromString(`<body>${quiet}</body>`, "text/html").body;
  for (const n of body.querySelectorAll(LOADS)) n.remove();
  for (const n of body.querySelectorAll("*")) {
    for (const a of [...n.attributes]) if (a.name.startsWith("on") || a.name === "src" || a.name === "srcset") n.removeAttribute(a.name);
  }
  return body.innerHTML;
}

/**
 * What the builder keeps of a text edited in the live preview: it goes through the schema of the builder's
 * own inline editor (richTextExtensions), so only what that editor could have produced remains (paragraphs,
 * lists, bold, italic, underline, links with safe addresses); an image, a script or an event handler is
 * dropped. The HTML is read in an inert document (DOMParser): nothing in it loads or runs. The server
 * sanitizes again on save, as for every edit.
 */
export function cleanPreviewEdit(type: PreviewEditable, content: string, textAlign?: string): string {
  if (type === "button") return cleanButtonLabel(content);
  content = inert(content);
  const extensions = richTextExtensions();
  if (type === "heading") {
    const html = generateHTML(generateJSON(headingToEditor(content, textAlign), extensions), extensions);
    return headingFromEditor(html).content;
  }
  return generateHTML(generateJSON(content, extensions), extensions);
}
