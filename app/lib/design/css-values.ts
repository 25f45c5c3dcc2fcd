/**
 * The "Valeur personnalisée" escape of the settings panel: a CSS length or colour, checked by a small
 * parser rather than passed through (no declarations, no url(), no markup), with a French message.
 */
export type Checked = { ok: true; value: string } | { ok: false; message: string };

// Every unit a browser takes for a length (the server stores what the builder accepts: elements/style-values.ts).
const UNITS = [
  "px",
  "rem",
  "em",
  "%",
  "vw",
  "vh",
  "cqi",
  "ch",
  "svh",
  "dvh",
  "ex",
  "pt",
  "pc",
  "cm",
  "mm",
  "in",
  "q",
  "lh",
  "rlh",
  "vmin",
  "vmax",
  "svw",
  "lvw",
  "lvh",
  "dvw",
  "cqw",
  "cqh",
  "cqb",
  "cqmin",
  "cqmax",
];
const NUMBER = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)`;
const LENGTH_RE = new RegExp(String.raw`^${NUMBER}(?:${UNITS.map((u) => u.replace("%", "%")).join("|")})$`, "i");
const ZERO_RE = /^-?0(?:\.0+)?$/;
const NUMBER_RE = new RegExp(`^${NUMBER}$`);
const VAR_RE = /^var\(--[a-z][a-z0-9-]{0,40}\)$/i;

/** Splits on top-level spaces (or commas), keeping functions with their arguments; null when brackets do not match. */
export function topLevel(value: string, sep: " " | ","): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of value) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (depth < 0) return null;
    if (depth === 0 && (sep === " " ? /\s/.test(ch) : ch === ",")) {
      if (cur.trim()) parts.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (depth !== 0) return null;
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

/** One length: 16px, 1.5rem, 50%, 0, auto (when allowed), var(--…), or calc/clamp/min/max of those. */
function isLength(v: string, allowAuto: boolean, depth = 0): boolean {
  if (depth > 4) return false;
  if (LENGTH_RE.test(v) || ZERO_RE.test(v) || VAR_RE.test(v)) return true;
  if (allowAuto && v.toLowerCase() === "auto") return true;
  const fn = v.match(/^(calc|clamp|min|max)\((.*)\)$/i);
  if (!fn) return false;
  const args = topLevel(fn[2], ",");
  if (!args || args.length === 0) return false;
  const name = fn[1].toLowerCase();
  if (name === "clamp" && args.length !== 3) return false;
  if (name === "calc" && args.length !== 1) return false;
  return args.every((a) => isSum(a, depth + 1));
}

/** Terms joined by + - * / (spaces around + and -, as CSS requires). */
function isSum(expr: string, depth: number): boolean {
  const parts = topLevel(expr, " ");
  if (!parts || parts.length % 2 === 0) return false;
  return parts.every((p, i) => (i % 2 === 1 ? ["+", "-", "*", "/"].includes(p) : isLength(p, false, depth) || NUMBER_RE.test(p)));
}

const LENGTH_HELP = "écrivez par exemple 16px, 1.5rem, 50% ou 0";

/**
 * A CSS length, or up to `max` of them separated by spaces (padding: "10px 20px"). A bare number
 * other than 0 is refused: "16" would be ignored by the browser.
 */
export function checkLength(input: string, { max = 1, allowAuto = false }: { max?: number; allowAuto?: boolean } = {}): Checked {
  const value = input.trim().replace(/\s+/g, " ");
  if (value === "") return { ok: false, message: `Saisissez une valeur : ${LENGTH_HELP}.` };
  if (value.length > 120) return { ok: false, message: "Valeur trop longue (120 caractères au plus)." };
  const parts = topLevel(value, " ");
  if (!parts || parts.length === 0 || parts.length > max || !parts.every((p) => isLength(p, allowAuto))) {
    const bare = parts?.find((p) => NUMBER_RE.test(p) && !ZERO_RE.test(p));
    if (bare) return { ok: false, message: `« ${bare} » n'a pas d'unité : écrivez ${bare}px (ou rem, %).` };
    return {
      ok: false,
      message:
        max > 1
          ? `« ${shorten(value)} » n'est pas une longueur CSS valide : ${LENGTH_HELP} (jusqu'à ${max} valeurs séparées par des espaces).`
          : `« ${shorten(value)} » n'est pas une longueur CSS valide : ${LENGTH_HELP}.`,
    };
  }
  return { ok: true, value };
}

const NAMED_COLORS = new Set(["transparent", "currentcolor", "white", "black", "red", "green", "blue", "gray", "grey", "orange", "yellow", "purple", "pink"]);
const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const PCT = String.raw`${NUMBER}%?`;
const RGB_RE = new RegExp(String.raw`^rgba?\(\s*${PCT}\s*[, ]\s*${PCT}\s*[, ]\s*${PCT}\s*(?:[,/]\s*${PCT}\s*)?\)$`, "i");
const HSL_RE = new RegExp(String.raw`^hsla?\(\s*${NUMBER}(?:deg)?\s*[, ]\s*${PCT}\s*[, ]\s*${PCT}\s*(?:[,/]\s*${PCT}\s*)?\)$`, "i");

/** A colour: #hex, rgb()/rgba(), hsl()/hsla(), a few names, or a site colour (var(--…)). */
export function checkColor(input: string): Checked {
  const value = input.trim();
  if (value === "") return { ok: false, message: "Saisissez une couleur : choisissez une couleur du site ou écrivez par exemple #1f8f4e." };
  if (HEX_RE.test(value) || RGB_RE.test(value) || HSL_RE.test(value) || VAR_RE.test(value) || NAMED_COLORS.has(value.toLowerCase())) {
    return { ok: true, value: HEX_RE.test(value) ? value.toLowerCase() : value };
  }
  return {
    ok: false,
    message: `« ${shorten(value)} » n'est pas une couleur : choisissez une couleur du site ou écrivez par exemple #1f8f4e ou rgb(31, 143, 78).`,
  };
}

function shorten(v: string): string {
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}
