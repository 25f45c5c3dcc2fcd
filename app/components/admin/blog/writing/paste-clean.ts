import { parseDocument } from "htmlparser2";
import type { ChildNode, Element } from "domhandler";
import { sanitizeUrl } from "~/lib/document/url";

/**
 * Pasted HTML (Word, Google Docs, web pages) → the little the writing surface holds: paragraphs, H2–H4,
 * lists, quotes, links, bold, italic, underline, inline code, line breaks and images. Everything else is
 * dropped by a whitelist: styles, classes, event handlers, comments, tracked deletions, Word's list
 * markers and comment threads, Google Docs' wrapper. Images given as data: URLs are handed back to be
 * uploaded to the Médiathèque; images the browser cannot reach (file:, cid:) are dropped and counted.
 * The server's sanitizer still checks whatever is saved (this is comfort, not the wall).
 */

/** Past this many characters (HTML or text), a paste is refused before anything parses it. */
export const PASTE_LIMIT_CHARS = 5_000_000;

export interface CleanPaste {
  html: string;
  /** data: images found, in order; the HTML has `<img data-paste-image="n">` where each one was. */
  dataImages: string[];
  /** Images dropped because their address cannot be fetched (Word's file:///…). */
  droppedImages: number;
}

/** Gone with everything inside. */
const DROP = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "head",
  "title",
  "meta",
  "link",
  "xml",
  "del",
  "textarea",
  "select",
  "button",
  "input",
  "form",
  "video",
  "audio",
  "canvas",
  "map",
]);
const BLOCKS = new Set(["p", "div", "section", "article", "header", "footer", "main", "aside", "td", "th", "dd", "dt", "figure", "figcaption", "center"]);
const HEADINGS: Record<string, string> = { h1: "h2", h2: "h2", h3: "h3", h4: "h4", h5: "h4", h6: "h4" };
const INLINE_KEEP: Record<string, string> = {
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  u: "u",
  s: "s",
  strike: "s",
  code: "code",
  kbd: "code",
  tt: "code",
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escAttr = (s: string) => esc(s).replace(/"/g, "&quot;");
const styleOf = (n: Element) => (n.attribs.style ?? "").toLowerCase().replace(/\s+/g, "");
const classOf = (n: Element) => (n.attribs.class ?? "").toLowerCase();

/** Word's comment threads and markers, and the bullet it writes in front of its list paragraphs. */
function isWordNoise(n: Element): boolean {
  const style = styleOf(n);
  const cls = classOf(n);
  return (
    n.name.includes(":") ||
    style.includes("mso-list:ignore") ||
    style.includes("mso-element:comment") ||
    style.includes("mso-comment") ||
    style.includes("mso-special-character:comment") ||
    cls.includes("msocommentreference") ||
    cls.includes("msocommenttext")
  );
}

/** Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">: not bold. */
function isDocsWrapper(n: Element) {
  return (n.attribs.id ?? "").startsWith("docs-internal-guid") || /font-weight:(normal|400)/.test(styleOf(n));
}

function inlineStyleMarks(n: Element): string[] {
  const style = styleOf(n);
  const marks: string[] = [];
  if (/font-weight:(bold|[6-9]00)/.test(style)) marks.push("strong");
  if (style.includes("font-style:italic")) marks.push("em");
  if (/text-decoration[^;]*underline/.test(style)) marks.push("u");
  return marks;
}

/** A Word list paragraph: "mso-list:l0 level1 lfo1"; ordered when its hidden marker is "1." or "a)". */
function wordListItem(n: Element): { list: string; ordered: boolean } | null {
  if (n.name !== "p") return null;
  const m = styleOf(n).match(/mso-list:(l\d+)level\d+(lfo\d+)?/);
  if (!m) return null;
  const marker = findText(n.children.filter((c): c is Element => c.type === "tag" && styleOf(c).includes("mso-list:ignore")));
  return { list: m[1], ordered: /^[\s\u00a0]*[0-9a-z]{1,3}[.)]/i.test(marker) };
}

function findText(nodes: ChildNode[]): string {
  let out = "";
  for (const n of nodes) out += n.type === "text" ? n.data : "children" in n ? findText(n.children as ChildNode[]) : "";
  return out;
}

export function cleanPastedHtml(input: string): CleanPaste {
  const dataImages: string[] = [];
  let droppedImages = 0;

  function inline(nodes: ChildNode[]): string {
    let out = "";
    for (const n of nodes) out += node(n, true);
    return out;
  }

  function node(n: ChildNode, inInline: boolean): string {
    if (n.type === "text") return esc(n.data.replace(/[\r\n]+/g, " "));
    if (n.type !== "tag") return ""; // comments, <![if …]> directives, CDATA
    const name = n.name.toLowerCase();
    if (DROP.has(name) || isWordNoise(n)) return "";
    if (name === "br") return "<br>";
    if (name === "img") return image(n);
    if (name === "a") {
      const href = sanitizeUrl(n.attribs.href ?? "");
      const inner = inline(n.children);
      return href && href !== "#" && !href.startsWith("#") ? `<a href="${escAttr(href)}">${inner}</a>` : inner;
    }
    if (name === "b" && isDocsWrapper(n)) return inInline ? inline(n.children) : blocks(n.children);
    const tag = INLINE_KEEP[name];
    if (tag) return `<${tag}>${inline(n.children)}</${tag}>`;
    if (name === "span" || name === "font" || name === "ins" || name === "sup" || name === "sub" || name === "small" || name === "mark") {
      const marks = inlineStyleMarks(n);
      return (
        marks.map((m) => `<${m}>`).join("") +
        inline(n.children) +
        [...marks]
          .reverse()
          .map((m) => `</${m}>`)
          .join("")
      );
    }
    // A block inside inline content (a <p> in a <b>): its text, as a line.
    return inInline ? inline(n.children) + " " : blocks([n]);
  }

  function image(n: Element): string {
    const src = (n.attribs.src ?? "").trim();
    if (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(src)) {
      dataImages.push(src);
      return `<img data-paste-image="${dataImages.length - 1}">`;
    }
    const safe = sanitizeUrl(src, { allowMail: false });
    if (safe && !safe.startsWith("#")) return `<img src="${escAttr(safe)}" alt="${escAttr(n.attribs.alt ?? "")}">`;
    droppedImages++;
    return "";
  }

  function list(tag: "ul" | "ol", items: ChildNode[]): string {
    const lis = items.map((li) => (li.type === "tag" && li.name === "li" ? li : null)).filter((li): li is Element => li !== null);
    const body = lis.map((li) => `<li>${paragraphOrBlocks(li.children)}</li>`).join("");
    return body ? `<${tag}>${body}</${tag}>` : "";
  }

  /** A list item's content: inline text as one paragraph, nested lists kept. */
  function paragraphOrBlocks(nodes: ChildNode[]): string {
    const html = blocks(nodes);
    return html.startsWith("<") && /^<(p|h\d|ul|ol|blockquote)/.test(html) ? html : `<p>${html}</p>`;
  }

  /** Block-level content: runs of inline nodes become paragraphs; Word's list paragraphs become lists. */
  function blocks(nodes: ChildNode[]): string {
    let out = "";
    let run = "";
    let wordList: { list: string; ordered: boolean; items: string[] } | null = null;
    const flushRun = () => {
      if (run.replace(/<br>|\s|&nbsp;/g, "")) out += `<p>${run.trim()}</p>`;
      run = "";
    };
    const flushList = () => {
      if (wordList)
        out += `<${wordList.ordered ? "ol" : "ul"}>${wordList.items.map((i) => `<li><p>${i}</p></li>`).join("")}</${wordList.ordered ? "ol" : "ul"}>`;
      wordList = null;
    };
    for (const n of nodes) {
      if (n.type === "tag") {
        const name = n.name.toLowerCase();
        const item = wordListItem(n);
        if (item) {
          flushRun();
          if (!wordList || wordList.list !== item.list) {
            flushList();
            wordList = { ...item, items: [] };
          }
          wordList.items.push(inline(n.children).trim());
          continue;
        }
        if (DROP.has(name) || isWordNoise(n)) continue;
        const isBlock =
          BLOCKS.has(name) ||
          HEADINGS[name] ||
          name === "ul" ||
          name === "ol" ||
          name === "blockquote" ||
          name === "hr" ||
          name === "li" ||
          name === "table" ||
          name === "tbody" ||
          name === "thead" ||
          name === "tr" ||
          name === "dl" ||
          name === "body" ||
          name === "html" ||
          name === "pre";
        const docsWrapper =
          name === "b" &&
          isDocsWrapper(n) &&
          n.children.some((c) => c.type === "tag" && (BLOCKS.has(c.name) || HEADINGS[c.name] !== undefined || c.name === "ul" || c.name === "ol"));
        if (isBlock || docsWrapper) {
          flushRun();
          flushList();
          if (HEADINGS[name]) {
            const text = inline(n.children).trim();
            // Headings carry their own weight: the bold Word and Docs wrap them in adds nothing.
            const plain = text.replace(/<\/?strong>/g, "");
            if (plain) out += `<${HEADINGS[name]}>${plain}</${HEADINGS[name]}>`;
          } else if (name === "ul" || name === "ol") out += list(name, n.children);
          else if (name === "blockquote") out += `<blockquote>${blocks(n.children) || ""}</blockquote>`;
          else if (name === "hr") out += "<hr>";
          else if (name === "pre") out += `<p><code>${esc(findText(n.children))}</code></p>`;
          else if (name === "p") {
            const text = inline(n.children).trim();
            if (text.replace(/<br>|\s|&nbsp;/g, "")) out += `<p>${text}</p>`;
          } else out += blocks(n.children);
          continue;
        }
      }
      run += node(n, true);
    }
    flushRun();
    flushList();
    return out;
  }

  // Word and Docs send a whole document; only the body's content matters (StartFragment markers included).
  const html = input.replace(/<!--StartFragment-->|<!--EndFragment-->/g, "");
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  return { html: blocks(doc.children), dataImages, droppedImages };
}

/** A data: URL as a file for the upload API. */
export function dataUrlToFile(dataUrl: string, name: string): File | null {
  const m = dataUrl.match(/^data:(image\/(?:png|jpe?g|gif|webp));base64,(.*)$/is);
  if (!m) return null;
  try {
    const bin = atob(m[2].replace(/\s+/g, ""));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const ext = m[1].split("/")[1].replace("jpeg", "jpg");
    return new File([bytes], `${name}.${ext}`, { type: m[1] });
  } catch {
    return null;
  }
}
