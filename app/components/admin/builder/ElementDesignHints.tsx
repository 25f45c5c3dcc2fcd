import { useEffect, useState } from "react";
import { contrastWarning } from "~/lib/design/contrast";
import { BUTTON_KEYS, BUTTON_LABELS, SEED_BUTTON_STYLES, buttonStyleOf, buttonStyles, type ButtonKey } from "~/lib/design/tokens";
import type { PageElement } from "~/lib/document/schema";
import { ELEMENT_REGISTRY } from "~/lib/elements/registry";
import { useBuilderKey } from "~/lib/builder/store";
import { SelectField } from "~/components/kit/fields";

const SEED = "seed";
const OWN = "own";
const SEED_KEYS = Object.keys(SEED_BUTTON_STYLES);

/**
 * What the design settings add to an element's settings: a button's style (the site's primary,
 * secondary and link styles, or the seed's literal yellow button), a required link, and a WCAG AA
 * contrast warning between the text and what it sits on.
 */
export function ElementDesignHints({ element, onStyles }: { element: PageElement; onStyles: (styles: Record<string, string>) => void }) {
  // Read again only when the document changes, and without a location object per element (decision 035).
  const blockBackground = useBuilderKey(
    "doc",
    (doc) => doc.blocks.find((b) => b.sections.some((s) => s.columns.some((c) => c.elements.some((e) => e.id === element.id))))?.styles.backgroundColor,
  );
  const warning = useContrast(element, blockBackground);
  const isButton = element.type === "button";
  const style = buttonStyleOf(element.styles);
  const seed = SEED_KEYS.every((k) => element.styles[k] === SEED_BUTTON_STYLES[k]);
  const noLink = isButton && (!element.href || element.href.trim() === "" || element.href.trim() === "#");
  return (
    <>
      {isButton ? (
        <SelectField
          label="Style du bouton"
          value={style ?? (seed ? SEED : OWN)}
          options={[
            ...BUTTON_KEYS.map((k) => [k, BUTTON_LABELS[k]] as const),
            [SEED, "Jaune d'origine (texte blanc)"] as const,
            ...(style || seed ? [] : [[OWN, "Personnalisé"] as const]),
          ]}
          onChange={(v) => {
            if (v === OWN) return;
            const { backgroundColor: _b, color: _c, border: _d, borderRadius: _r, padding: _p, ...rest } = element.styles;
            onStyles({ ...rest, ...(v === SEED ? SEED_BUTTON_STYLES : buttonStyles(v as ButtonKey)) });
          }}
        />
      ) : null}
      {noLink ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-950" data-testid="button-link-required">
          Lien obligatoire : un bouton doit mener quelque part. Saisissez l'adresse d'une page (/offres) ou d'un site (https://…) ci-dessous.
        </p>
      ) : null}
      {warning ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-950" data-testid="contrast-warning">
          {warning}
        </p>
      ) : null}
    </>
  );
}

type ThemeVariables = Record<"light" | "dark", Record<string, string>>;
/** The last stylesheet parsed and its variables: the check runs on every selection and edit, the sheet rarely changes. */
let parsed: { css: string; vars: ThemeVariables } | null = null;

/** The design settings' variables for each theme, read from the head's stylesheet (the published ones). */
function themeVariables(): ThemeVariables | null {
  const css = typeof document === "undefined" ? null : document.getElementById("design-settings")?.textContent;
  if (!css) return null;
  if (parsed?.css !== css) parsed = { css, vars: parseThemeVariables(css) };
  return parsed.vars;
}

function parseThemeVariables(css: string): ThemeVariables {
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

/** A colour as the page shows it: site colours and button styles resolved through the theme's variables. */
function resolve(value: string | undefined, vars: Record<string, string>): string | null {
  if (!value) return null;
  let v = value.trim();
  for (let i = 0; i < 4; i++) {
    const m = v.match(/^var\((--[a-z0-9-]+)\)$/i);
    if (!m) break;
    v = vars[m[1]] ?? "";
  }
  return v || null;
}

/** Large text (WCAG): 24 px, or 18.66 px bold, and up; headings count as large. */
function isLarge(element: PageElement): boolean {
  if (element.type === "heading") return true;
  const px = Number((element.styles.fontSize ?? "").match(/^(\d+(?:\.\d+)?)px$/)?.[1] ?? 0);
  return px >= 24 || (px >= 18.66 && ["bold", "700", "800", "900"].includes(element.styles.fontWeight ?? ""));
}

function useContrast(element: PageElement, blockBackground: string | undefined): string | null {
  const [warning, setWarning] = useState<string | null>(null);
  const { color, backgroundColor } = element.styles;
  useEffect(() => {
    const themes = themeVariables();
    // The types whose text colour is a setting (headings, texts, lists, buttons, icons).
    if (!themes || !ELEMENT_REGISTRY[element.type]?.settings.includes("color")) return setWarning(null);
    // Checked in both themes: a literal colour on a theme surface can be fine in one and unreadable in the other.
    for (const theme of ["light", "dark"] as const) {
      const vars = themes[theme];
      const fg = resolve(color ?? "var(--text)", vars);
      let bg = resolve(backgroundColor, vars);
      if (!bg || bg === "transparent") bg = resolve(blockBackground, vars);
      if (!bg || bg === "transparent") bg = resolve("var(--surface)", vars);
      const w = fg && bg ? contrastWarning(fg, bg, isLarge(element)) : null;
      if (w) return setWarning(theme === "dark" ? w.replace("Contraste insuffisant", "Contraste insuffisant en thème sombre") : w);
    }
    setWarning(null);
  }, [color, backgroundColor, blockBackground, element]);
  return warning;
}
