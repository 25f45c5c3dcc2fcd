import { checkColor, checkLength, topLevel, type Checked } from "~/lib/design/css-values";
import { SHADOWS, UNSAFE_VALUE } from "./style";
import { designVariables } from "~/lib/design/css";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";

/**
 * The variables a style may refer to: the design settings' (issue 21: an unknown token name is refused,
 * it would render as nothing), plus the shell's `--surface`, which the seeded pages use as a background.
 */
const KNOWN_VARIABLES: ReadonlySet<string> = new Set([...Object.keys(designVariables(DEFAULT_DESIGN)), "--surface"]);
const VAR_NAMES = /var\(\s*(--[a-z0-9-]+)/gi;

function unknownVariable(value: string): string | null {
  for (const m of value.matchAll(VAR_NAMES)) if (!KNOWN_VARIABLES.has(m[1].toLowerCase())) return m[1];
  return null;
}

/**
 * THE rule of a style value (issue 11, "Bad input"), shared by the builder's "Valeur personnalisée" fields
 * (elements/presets.ts, ColorPicker) and the server's document schema (document/schema.ts): a value the
 * builder accepts is one the server stores, and a value the server refuses gets the same French message
 * the builder shows. Lengths and colours go through the small parsers of design/css-values.ts; the other
 * properties take their CSS keywords. Properties without a rule here are not rendered (elements/style.ts)
 * and keep their former treatment (the sanitizer drops anything executable).
 */
type Rule = (value: string) => Checked;

const GLOBAL_KEYWORDS = new Set(["inherit", "initial", "unset", "revert"]);
const NUMBER_RE = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
/** A reference to a design setting (var(--ds-btn-primary-border)…): valid for any property, as css-values.ts writes it. */
const VAR_RE = /^var\(--[a-z][a-z0-9-]{0,40}\)$/i;

const ok = (value: string): Checked => ({ ok: true, value });
const keywords =
  (words: readonly string[], help: string): Rule =>
  (v) => {
    const value = v.trim().toLowerCase();
    return words.includes(value) ? ok(value) : { ok: false, message: `« ${shorten(v)} » n'est pas une valeur possible : ${help}.` };
  };
const or =
  (first: Rule, ...others: Rule[]): Rule =>
  (v) => {
    const r = first(v);
    if (r.ok) return r;
    for (const o of others) {
      const x = o(v);
      if (x.ok) return x;
    }
    return r;
  };

const length: Rule = (v) => checkLength(v);
const lengthOrAuto: Rule = (v) => checkLength(v, { allowAuto: true });
/** Spacings: up to four lengths (padding: "10px 20px"), auto allowed (margin: "0 auto"). */
const box: Rule = (v) => checkLength(v, { max: 4, allowAuto: true });
const radius: Rule = (v) => checkLength(v, { max: 4 });
const sizing = or(lengthOrAuto, keywords(["none", "fit-content", "max-content", "min-content"], "une longueur, auto, none ou fit-content"));

const number =
  (min: number, max: number, help: string): Rule =>
  (v) => {
    const value = v.trim();
    const pct = value.endsWith("%") && NUMBER_RE.test(value.slice(0, -1));
    const n = pct ? Number(value.slice(0, -1)) / 100 : NUMBER_RE.test(value) ? Number(value) : NaN;
    return Number.isFinite(n) && n >= min && n <= max ? ok(value) : { ok: false, message: `« ${shorten(v)} » n'est pas valide : ${help}.` };
  };

const BORDER_STYLES = ["none", "solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset", "hidden"];
/** A border: "none", or a width, a style and a colour (any order, each at most once), as "1px solid #e5e7eb". */
const border: Rule = (v) => {
  const value = v.trim().replace(/\s+/g, " ");
  const bad: Checked = { ok: false, message: `« ${shorten(v)} » n'est pas une bordure valide : écrivez par exemple 1px solid #e5e7eb.` };
  if (value.toLowerCase() === "none" || value === "0") return ok(value);
  // Split at top-level spaces only: rgb(1, 2, 3) stays whole.
  const parts = topLevel(value, " ");
  if (!parts || parts.length > 3) return bad;
  let w = false;
  let s = false;
  let c = false;
  for (const p of parts) {
    if (!w && (checkLength(p).ok || ["thin", "medium", "thick"].includes(p.toLowerCase()))) w = true;
    else if (!s && BORDER_STYLES.includes(p.toLowerCase())) s = true;
    else if (!c && color(p).ok) c = true;
    else return bad;
  }
  return s ? ok(value) : bad;
};

/** The CSS named colours beyond the few css-values.ts knows: a page saved with "navy" keeps it. */
const NAMED_COLORS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque blanchedalmond blueviolet brown burlywood cadetblue chartreuse chocolate coral " +
    "cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen " +
    "darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
    "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod greenyellow honeydew hotpink indianred " +
    "indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen " +
    "lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta " +
    "maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred " +
    "midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orangered orchid palegoldenrod palegreen paleturquoise " +
    "palevioletred papayawhip peachpuff peru plum powderblue rebeccapurple rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell " +
    "sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat whitesmoke yellowgreen"
  ).split(" "),
);
const color: Rule = (v) => {
  const r = checkColor(v);
  return r.ok || !NAMED_COLORS.has(v.trim().toLowerCase()) ? r : ok(v.trim().toLowerCase());
};

const ALIGN = ["flex-start", "flex-end", "center", "start", "end", "stretch", "baseline", "normal"];

export const STYLE_VALUE_RULES: Readonly<Record<string, Rule>> = {
  color,
  backgroundColor: color,
  borderColor: color,
  fontSize: or(length, keywords(["smaller", "larger", "small", "medium", "large"], "une longueur, par exemple 18px ou 1.2rem")),
  fontWeight: keywords(["normal", "bold", "bolder", "lighter", "100", "200", "300", "400", "500", "600", "700", "800", "900"], "normal, bold ou 100 à 900"),
  fontStyle: keywords(["normal", "italic", "oblique"], "normal ou italic"),
  textAlign: keywords(["left", "right", "center", "justify", "start", "end"], "left, center, right ou justify"),
  lineHeight: or(number(0, 10, "un nombre (par exemple 1.5) ou une longueur"), length, keywords(["normal"], "un nombre (par exemple 1.5) ou une longueur")),
  letterSpacing: or(length, keywords(["normal"], "une longueur, par exemple 0.05em")),
  textTransform: keywords(["none", "uppercase", "lowercase", "capitalize"], "none, uppercase, lowercase ou capitalize"),
  padding: box,
  paddingTop: box,
  paddingBottom: box,
  paddingLeft: box,
  paddingRight: box,
  margin: box,
  marginTop: box,
  marginBottom: box,
  marginLeft: box,
  marginRight: box,
  borderRadius: radius,
  border,
  borderTop: border,
  borderBottom: border,
  width: sizing,
  maxWidth: sizing,
  height: sizing,
  minHeight: sizing,
  opacity: number(0, 1, "un nombre de 0 à 1, ou un pourcentage"),
  justifyContent: keywords([...ALIGN, "space-between", "space-around", "space-evenly"], "flex-start, center, flex-end ou space-between"),
  alignItems: keywords(ALIGN, "flex-start, center, flex-end ou stretch"),
  gap: (v) => checkLength(v, { max: 2 }),
  objectFit: keywords(["fill", "contain", "cover", "none", "scale-down"], "cover, contain, fill, none ou scale-down"),
  shadow: (v) =>
    Object.hasOwn(SHADOWS, v) ? ok(v) : { ok: false, message: `« ${shorten(v)} » n'est pas une ombre connue : ${Object.keys(SHADOWS).join(", ")}.` },
};

/** The settings panel's names of the style properties, so that a refusal names the field as the editor sees it. */
export const STYLE_FIELD_LABELS: Readonly<Record<string, string>> = {
  color: "Couleur du texte",
  backgroundColor: "Couleur de fond",
  borderColor: "Couleur de bordure",
  fontSize: "Taille du texte",
  fontWeight: "Graisse",
  fontStyle: "Style du texte",
  textAlign: "Alignement",
  lineHeight: "Interligne",
  letterSpacing: "Espacement des lettres",
  textTransform: "Casse",
  padding: "Marge intérieure",
  paddingTop: "Marge int. haut",
  paddingBottom: "Marge int. bas",
  paddingLeft: "Marge int. gauche",
  paddingRight: "Marge int. droite",
  margin: "Marge extérieure",
  marginTop: "Marge ext. haut",
  marginBottom: "Marge inférieure",
  marginLeft: "Marge ext. gauche",
  marginRight: "Marge ext. droite",
  borderRadius: "Arrondi",
  border: "Bordure",
  borderTop: "Ligne",
  borderBottom: "Bordure du bas",
  width: "Largeur",
  maxWidth: "Largeur maximale",
  height: "Hauteur",
  minHeight: "Hauteur minimale",
  opacity: "Opacité",
  justifyContent: "Alignement horizontal",
  alignItems: "Alignement vertical",
  gap: "Espacement",
  objectFit: "Cadrage de l'image",
  shadow: "Ombre",
};

/**
 * Checks one style value. Known properties follow their rule (global keywords such as inherit are
 * and whole references to a design setting, var(--…), are always accepted); a property without a rule passes unless its value is executable (UNSAFE_VALUE),
 * which the sanitizer would drop anyway.
 */
export function checkStyleValue(key: string, value: string): Checked {
  const rule = Object.hasOwn(STYLE_VALUE_RULES, key) ? STYLE_VALUE_RULES[key] : undefined;
  if (GLOBAL_KEYWORDS.has(value.trim().toLowerCase())) return ok(value.trim().toLowerCase());
  const unknown = unknownVariable(value);
  if (unknown) return { ok: false, message: `« ${shorten(unknown)} » n'est pas un réglage du site : choisissez une valeur dans la liste.` };
  if (VAR_RE.test(value.trim())) return ok(value.trim());
  if (!rule) return ok(value);
  if (UNSAFE_VALUE.test(value)) return { ok: false, message: `« ${shorten(value)} » contient du code ou une adresse, refusés dans un style.` };
  return rule(value);
}

/** The first invalid value of a style map, as "<label> (<key>) : <message>", or null when all are valid. */
export function styleValuesProblem(styles: Readonly<Record<string, string | undefined>> | undefined): { key: string; message: string } | null {
  if (!styles) return null;
  for (const [key, value] of Object.entries(styles)) {
    if (typeof value !== "string") continue;
    const r = checkStyleValue(key, value);
    if (!r.ok) return { key, message: `${STYLE_FIELD_LABELS[key] ?? key} : ${r.message}` };
  }
  return null;
}

function shorten(v: string): string {
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

function cleanMap(styles: unknown): unknown {
  if (!isObj(styles)) return styles;
  let out: Loose | null = null;
  for (const [k, v] of Object.entries(styles)) {
    if (typeof v === "string" && !checkStyleValue(k, v).ok) {
      out ??= { ...styles };
      delete out[k];
    }
  }
  return out ?? styles;
}

function cleanNode<N>(node: N): N {
  if (!isObj(node)) return node;
  const styles = cleanMap(node.styles);
  let deviceStyles = node.deviceStyles;
  if (isObj(deviceStyles)) {
    const next: Loose = { ...deviceStyles };
    let changed = false;
    for (const d of ["tablet", "mobile"]) {
      const c = cleanMap(deviceStyles[d]);
      if (c === deviceStyles[d]) continue;
      changed = true;
      if (isObj(c) && Object.keys(c).length > 0) next[d] = c;
      else delete next[d];
    }
    if (changed) deviceStyles = Object.keys(next).length > 0 ? next : undefined;
  }
  if (styles === node.styles && deviceStyles === node.deviceStyles) return node;
  const out: Loose = { ...node, styles };
  if (deviceStyles === undefined) delete out.deviceStyles;
  else out.deviceStyles = deviceStyles;
  return out as N;
}

const mapArray = (v: unknown, f: (x: unknown) => unknown): unknown => {
  if (!Array.isArray(v)) return v;
  let changed = false;
  const out = v.map((x) => {
    const y = f(x);
    if (y !== x) changed = true;
    return y;
  });
  return changed ? out : v;
};
const withKey = (node: unknown, key: string, f: (x: unknown) => unknown): unknown => {
  if (!isObj(node)) return node;
  const next = f(node[key]);
  return next === node[key] ? node : { ...node, [key]: next };
};

/**
 * A stored document with the style values this rule refuses left out (the same object when there are
 * none). For documents saved before the rule (issue 11): such values were never valid CSS, so the browser
 * ignored them and the page looks the same without them; the builder opens the page instead of refusing
 * it, and its next save stores the cleaned document. Saves themselves are refused (document/schema.ts).
 */
export function dropInvalidStyleValues<D>(doc: D): D {
  return withKey(doc, "blocks", (blocks) =>
    mapArray(blocks, (b) =>
      withKey(cleanNode(b), "sections", (sections) =>
        mapArray(sections, (s) =>
          withKey(cleanNode(s), "columns", (columns) => mapArray(columns, (c) => withKey(cleanNode(c), "elements", (els) => mapArray(els, cleanNode)))),
        ),
      ),
    ),
  ) as D;
}
