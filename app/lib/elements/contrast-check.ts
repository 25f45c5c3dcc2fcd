import { AA_TEXT, contrastRatio, formatRatio } from "~/lib/design/contrast";
import { designVariables } from "~/lib/design/css";
import type { DesignSettings } from "~/lib/design/tokens";
import { elementDefinition } from "./registry";

/**
 * The contrast an element really shows (decision 036): its colour and background resolved through the
 * design's variables of each theme, its background falling back to its block's and then to the page's
 * surface. Shared by the element's contrast hint and the pre-publish check, on both sides.
 */
export type ThemeVariables = Record<"light" | "dark", Record<string, string>>;

/** WCAG AA for large text and for graphics (icons). */
const AA_LARGE = 3;

/** The variables of each theme from the head's design stylesheet (`:root{…}.dark{…}`, design/css.ts). */
export function parseThemeVariables(css: string): ThemeVariables {
  const block = (selector: string) => {
    const body = css.match(new RegExp(`${selector.replace(".", "\\.")}\\{([^}]*)\\}`))?.[1] ?? "";
    const out: Record<string, string> = {};
    for (const decl of body.split(";")) {
      const i = decl.indexOf(":");
      if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
    }
    return out;
  };
  const light = block(":root");
  return { light, dark: { ...light, ...block(".dark") } };
}

/** The same variables from the design settings themselves (the server's publish check). */
export function themeVariablesOf(design: DesignSettings): ThemeVariables {
  const light = designVariables(design, "light");
  return { light, dark: { ...light, ...designVariables(design, "dark") } };
}

/** A colour as the page shows it: site colours and button styles resolved through the theme's variables. */
export function resolveColor(value: string | undefined, vars: Record<string, string>): string | null {
  if (!value) return null;
  let v = value.trim();
  for (let i = 0; i < 4; i++) {
    const m = v.match(/^var\((--[a-z0-9-]+)\)$/i);
    if (!m) break;
    v = vars[m[1]] ?? "";
  }
  return v || null;
}

interface Coloured {
  type: string;
  styles?: Readonly<Record<string, string>>;
}

/** Large text (WCAG): 24 px, or 18.66 px bold, and up; headings count as large. Icons are graphics: 3:1. */
export function minimumContrast(element: Coloured): number {
  if (element.type === "heading" || element.type === "icon") return AA_LARGE;
  const styles = element.styles ?? {};
  const px = Number((styles.fontSize ?? "").match(/^(\d+(?:\.\d+)?)px$/)?.[1] ?? 0);
  return px >= 24 || (px >= 18.66 && ["bold", "700", "800", "900"].includes(styles.fontWeight ?? "")) ? AA_LARGE : AA_TEXT;
}

export interface ContrastIssue {
  theme: "light" | "dark";
  ratio: number;
  min: number;
}

/**
 * The first theme where the element's colour fails WCAG AA on what it sits on, or null (also for types
 * without a colour setting, and colours that cannot be read).
 */
export function elementContrastIssue(element: Coloured, blockBackground: string | undefined, themes: ThemeVariables): ContrastIssue | null {
  if (!elementDefinition(element.type)?.settings.includes("color")) return null;
  const styles = element.styles ?? {};
  const min = minimumContrast(element);
  // A page repeats a handful of colour pairs: each is worked out once per design (a 1,000-element page).
  let memo = memos.get(themes);
  if (!memo) memos.set(themes, (memo = new Map()));
  const key = `${styles.color}|${styles.backgroundColor}|${blockBackground}|${min}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const issue = pairIssue(styles, blockBackground, themes, min);
  memo.set(key, issue);
  return issue;
}

const memos = new WeakMap<ThemeVariables, Map<string, ContrastIssue | null>>();

function pairIssue(styles: Readonly<Record<string, string>>, blockBackground: string | undefined, themes: ThemeVariables, min: number): ContrastIssue | null {
  // Checked in both themes: a literal colour on a theme surface can be fine in one and unreadable in the other.
  for (const theme of ["light", "dark"] as const) {
    const vars = themes[theme];
    const fg = resolveColor(styles.color ?? "var(--text)", vars);
    let bg = resolveColor(styles.backgroundColor, vars);
    if (!bg || bg === "transparent") bg = resolveColor(blockBackground, vars);
    if (!bg || bg === "transparent") bg = resolveColor("var(--surface)", vars);
    const ratio = fg && bg ? contrastRatio(fg, bg) : null;
    if (ratio !== null && ratio < min) return { theme, ratio, min };
  }
  return null;
}

/** The element settings' French warning for an issue. */
export function contrastMessage({ theme, ratio, min }: ContrastIssue): string {
  return `Contraste insuffisant${theme === "dark" ? " en thème sombre" : ""} : ${formatRatio(ratio)} (il faut au moins ${formatRatio(min)} pour être lisible, norme WCAG AA). Choisissez un texte plus foncé ou un fond plus clair, ou l'inverse.`;
}
