import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";
import { applyTheme, currentTheme } from "~/lib/theme";

/**
 * The theme switch. Its icon and its name follow the root's `dark` class through CSS, not React state: the
 * head script sets that class before the first paint, while the island hydrates only after the page has been
 * seen (decision 059), so a state-driven button showed a dark-theme visitor the moon and "to dark" until then.
 * Both names are in the markup; the one not displayed (display: none) is left out of the accessible name.
 */
export function ThemeToggle({ lang, testId = "theme-toggle", className = "" }: { lang: Lang; testId?: string; className?: string }) {
  const t = translator(lang);
  return (
    <button
      type="button"
      onClick={() => applyTheme(currentTheme() === "dark" ? "light" : "dark")}
      className={`${className} inline-flex h-11 w-11 items-center justify-center rounded-full text-[var(--text)] hover:bg-[var(--surface-alt)]`}
      data-testid={testId}
    >
      <span className="sr-only dark:hidden">{t("theme.toDark")}</span>
      <span className="sr-only hidden dark:inline">{t("theme.toLight")}</span>
      <svg className="dark:hidden" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <svg className="hidden dark:block" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  );
}
