import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";
import { LOGO_FLIP_KEY } from "./Logo";

const LANGUAGE_KEY = "preferredLanguage";

/** Switching language saves the choice and replaces the current history entry (seed 000 §2). */
export function LanguageSwitch({ lang, href, testId = "language-switch", className = "" }: { lang: Lang; href: string; testId?: string; className?: string }) {
  const to: Lang = lang === "fr" ? "en" : "fr";
  const t = translator(lang);
  return (
    <a
      href={href}
      hrefLang={to}
      lang={to}
      aria-label={t("lang.switchLabel")}
      data-testid={testId}
      className={`${className} inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-bold uppercase tracking-wide hover:bg-[var(--surface-alt)]`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        try {
          localStorage.setItem(LANGUAGE_KEY, to);
          sessionStorage.setItem(LOGO_FLIP_KEY, to);
        } catch {
          /* storage unavailable: the switch still works */
        }
        window.location.replace(href);
      }}
    >
      <span aria-hidden="true">{to}</span>
    </a>
  );
}
