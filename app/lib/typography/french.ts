/**
 * French typography for text the renderer shows, whatever its source (seed copy or typed in the builder):
 * editors type normally and the output follows French rules (Lexique des règles typographiques de l'Imprimerie
 * nationale, as browsers and Intl.NumberFormat("fr") apply them):
 *   - a narrow no-break space (U+202F) before ; ! ? : and % (not in times or ratios like 10:30 or 16:9);
 *   - French quotes « » with narrow no-break spaces inside, from "…", “…” or « … » as typed;
 *   - narrow no-break spaces between thousands groups (20 000) and a no-break space between a number and
 *     its unit (49 €, 3 mois) so they never part at a line end;
 *   - ordinal abbreviations in superscript letters: 1er → 1ᵉʳ, 1re → 1ʳᵉ, 2e / 2ème → 2ᵉ.
 * URLs, e-mail addresses, HTML entities and times are left exactly as they are. In HTML only text nodes change:
 * never tags, attributes, or the contents of code, pre, kbd, samp, script, style and textarea.
 * Pure functions; English text is never passed here (see typesetHtml's lang argument).
 */

export const NNBSP = "\u202F";
export const NBSP = "\u00A0";

/** Spans never touched: URLs, e-mail addresses, entities, times/ratios (10:30, 16:9, 10h30 has no colon). */
const PROTECTED =
  /(?:https?:\/\/|ftp:\/\/|mailto:|tel:|www\.)[^\s<>"«»]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});|\d{1,2}:\d{2}(?::\d{2})?/g;
/** Placeholders for protected spans: private-use characters that no rule matches as a space or a letter. */
const PH_START = 0xe000;

const SPACES = "[ \\t\\u00A0\\u202F]";
const OPENERS = new Set(["", " ", "\t", "\n", "\u00A0", "\u202F", "(", "[", "{", "«", "—", "–", "'", "’"]);

interface TypesetState {
  /** Last character of the text before this piece (across inline tags), "" at the start of a block. */
  prev: string;
}

const freshState = (): TypesetState => ({ prev: "" });

/** French typography on plain text (no markup). */
export function frenchTypography(text: string): string {
  return typesetPiece(text, freshState());
}

function typesetPiece(text: string, state: TypesetState): string {
  // Text already holding private-use characters (icon fonts) is left alone rather than risk a wrong restore.
  if (text === "" || /[\uE000-\uF8FF]/.test(text)) return text;
  const kept: string[] = [];
  let s = text.replace(PROTECTED, (m) => {
    kept.push(m);
    return String.fromCharCode(PH_START + kept.length - 1);
  });
  // A piece may hold 6400 protected spans at most before placeholders would leave the private-use area.
  if (kept.length > 6400) return text;

  // Quotes: straight and curly double quotes become « », opening after a space or an opening sign.
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"' && /\d/.test(i === 0 ? state.prev : s[i - 1]))
      out += c; // 5" is inches, not a quote
    else if (c === '"' || c === "“" || c === "”") {
      const before = i === 0 ? state.prev : s[i - 1];
      const opening = c === "“" || (c === '"' && OPENERS.has(before));
      if (opening) {
        out += "«";
      } else {
        out += "»";
      }
    } else out += c;
  }
  s = out;
  s = s.replace(new RegExp(`«${SPACES}*`, "g"), `«${NNBSP}`);
  s = s.replace(new RegExp(`${SPACES}*»`, "g"), `${NNBSP}»`);

  // Thousands groups: "20 000", "1 250 000" (a plain or no-break space between groups of three digits).
  s = s.replace(/(?<![\d.,])\d{1,3}(?:[ \u00A0]\d{3})+(?![\d])/g, (m) => m.replace(/[ \u00A0]/g, NNBSP));
  // A number and its unit stay together.
  s = s.replace(/(\d)[ ](?=(?:€|\$|£|euros?|EUR|HT|TTC|ans?|mois|jours?|semaines?|heures?|minutes?|secondes?|km|kg|Mo|Go|ko)(?![\p{L}\d]))/gu, `$1${NBSP}`);

  // Ordinals: 1er, 1re, 1ère, 2e, 2ème, 2eme, 2nd, 2nde (a number, then the suffix, then no letter).
  s = s.replace(/(?<![\p{L}\d.,])(\d{1,4})(er|re|ère|ème|eme|e|nde|nd)(?![\p{L}\d])/gu, (_m, n: string, suf: string) => {
    const sup: Record<string, string> = { er: "ᵉʳ", re: "ʳᵉ", ère: "ʳᵉ", ème: "ᵉ", eme: "ᵉ", e: "ᵉ", nde: "ᵈᵉ", nd: "ᵈ" };
    if (n === "1" || !["er", "re", "ère"].includes(suf)) return n + sup[suf];
    return n + suf; // "2er" is not an ordinal: left as typed
  });

  // Space before ; ! ? (once before a run such as ?!) and % after a number.
  s = s.replace(new RegExp(`(^|[^\\s\\u00A0\\u202F])${SPACES}*([;!?]+)`, "g"), (m, p: string, marks: string, offset: number) => {
    const before = p === "" ? (offset === 0 ? state.prev : "") : p;
    if (before === "" || /[\s\u00A0\u202F([{«]/.test(before)) return m;
    return `${p}${NNBSP}${marks}`;
  });
  s = s.replace(new RegExp(`(\\d)${SPACES}*%`, "g"), `$1${NNBSP}%`);
  // Colon: not between digits (times and ratios were protected; "1:2" too), not in "::".
  s = s.replace(new RegExp(`(^|[^\\s\\u00A0\\u202F:])${SPACES}*:(?!:)`, "g"), (m, p: string, offset: number) => {
    const before = p === "" ? (offset === 0 ? state.prev : "") : p;
    if (before === "" || /[\s\u00A0\u202F([{«]/.test(before)) return m;
    const after = s[offset + m.length] ?? "";
    if (/\d/.test(before) && /\d/.test(after)) return m;
    return `${p}${NNBSP}:`;
  });

  s = s.replace(/[\uE000-\uF8FF]/g, (c) => kept[c.charCodeAt(0) - PH_START] ?? c);
  state.prev = s.length ? s[s.length - 1] : state.prev;
  return s;
}

/** Tags whose contents are code or not text: never typeset. */
const RAW = new Set(["code", "pre", "kbd", "samp", "script", "style", "textarea", "var"]);
/** Tags that start a new block: the "previous character" does not carry over them. */
const BLOCK = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "br",
  "blockquote",
  "td",
  "th",
  "tr",
  "section",
  "figcaption",
  "dt",
  "dd",
  "hr",
]);

/**
 * French typography on the text nodes of an HTML fragment (already sanitized). Tags, attributes and raw
 * contents pass through byte for byte; a straight quote left unpaired is escaped as it came.
 */
export function typesetHtml(html: string, lang: string): string {
  if (lang !== "fr" || html === "") return html;
  const state = freshState();
  let out = "";
  let raw: string | null = null;
  const re = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const text = html.slice(last, m.index);
    out += raw ? text : typesetText(text, state);
    const tag = (m[1] ?? "").toLowerCase();
    const closing = m[0].startsWith("</");
    if (raw) {
      if (closing && tag === raw) raw = null;
    } else if (!closing && RAW.has(tag) && !m[0].endsWith("/>")) {
      raw = tag;
      state.prev = "x"; // code is a word: "le code <code>x</code> : ici" still gets its space
    }
    if (BLOCK.has(tag)) {
      state.prev = "";
    }
    out += m[0];
    last = m.index + m[0].length;
  }
  const rest = html.slice(last);
  return out + (raw ? rest : typesetText(rest, state));
}

/** One HTML text node: quotes escaped by the sanitizer become characters again, the rest stays escaped. */
function typesetText(text: string, state: TypesetState): string {
  if (text === "") return text;
  const decoded = text.replace(/&quot;|&#34;|&#x22;/gi, '"').replace(/&nbsp;|&#160;|&#xa0;/gi, NBSP);
  return typesetPiece(decoded, state).replace(/"/g, "&quot;");
}
