import { useSyncExternalStore } from "react";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";
import { applyTheme, currentTheme, THEME_EVENT } from "~/lib/theme";

function subscribe(cb: () => void) {
  window.addEventListener(THEME_EVENT, cb);
  return () => window.removeEventListener(THEME_EVENT, cb);
}

export function ThemeToggle({ lang, testId = "theme-toggle", className = "" }: { lang: Lang; testId?: string; className?: string }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "light" as const);
  const t = translator(lang);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => applyTheme(next)}
      className={`${className} inline-flex h-11 w-11 items-center justify-center rounded-full text-[var(--text)] hover:bg-[var(--surface-alt)]`}
      aria-label={next === "dark" ? t("theme.toDark") : t("theme.toLight")}
      data-testid={testId}
    >
      {theme === "dark" ? (
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}
