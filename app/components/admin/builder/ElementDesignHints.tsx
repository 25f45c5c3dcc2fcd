import { useEffect, useState } from "react";
import { BUTTON_KEYS, BUTTON_LABELS, SEED_BUTTON_STYLES, buttonStyleOf, buttonStyles, type ButtonKey } from "~/lib/design/tokens";
import type { PageElement } from "~/lib/document/schema";
import { contrastMessage, elementContrastIssue, parseThemeVariables, type ThemeVariables } from "~/lib/elements/contrast-check";
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
          Lien obligatoire : un bouton doit mener quelque part. Saisissez l'adresse d'une page (/offres) ou d'un site (https://…) ci-dessous.
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

/** The last stylesheet parsed and its variables: the check runs on every selection and edit, the sheet rarely changes. */
let parsed: { css: string; vars: ThemeVariables } | null = null;

/** The design settings' variables for each theme, read from the head's stylesheet (the published ones). */
export function themeVariables(): ThemeVariables | null {
  const css = typeof document === "undefined" ? null : document.getElementById("design-settings")?.textContent;
  if (!css) return null;
  if (parsed?.css !== css) parsed = { css, vars: parseThemeVariables(css) };
  return parsed.vars;
}

function useContrast(element: PageElement, blockBackground: string | undefined): string | null {
  const [warning, setWarning] = useState<string | null>(null);
  const { color, backgroundColor } = element.styles;
  useEffect(() => {
    const themes = themeVariables();
    const issue = themes ? elementContrastIssue(element, blockBackground, themes) : null;
    setWarning(issue ? contrastMessage(issue) : null);
  }, [color, backgroundColor, blockBackground, element]);
  return warning;
}
