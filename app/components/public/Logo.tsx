import { useEffect, useRef, useState } from "react";
import { MARK } from "~/lib/design/logo-mark";
import type { Lang } from "~/lib/i18n/routes";

const TAGLINE: Record<Lang, string> = { fr: "Solutions digitales", en: "Digital solutions" };

/**
 * Session-storage key the language switch sets to the new language just before it loads the page in
 * that language: the switch is a full page load, so the new page's logo plays the flip.
 */
export const LOGO_FLIP_KEY = "logoFlip";
const LOGO_FLIP_MS = 600;

function takeFlipRequest(lang: Lang): boolean {
  try {
    if (sessionStorage.getItem(LOGO_FLIP_KEY) !== lang) return false;
    sessionStorage.removeItem(LOGO_FLIP_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The mark, filled from the design's colours (classes: an SVG attribute cannot read a CSS variable). */
export function LogoMark() {
  return (
    <svg width="40" height="40" viewBox={MARK.viewBox} aria-hidden="true" data-logo-mark>
      <rect width="40" height="40" rx={MARK.radius} className="fill-brand-yellow" />
      <path d={MARK.letter} className="fill-ink" />
      <circle cx={MARK.dot.cx} cy={MARK.dot.cy} r={MARK.dot.r} className="fill-brand-teal" />
    </svg>
  );
}

/**
 * The logo differs per language and flips for 600 ms when the language changes (seed 000 §2). Only the
 * header's logo (`announcesSwitch`) takes the switch's request: which logo's effect runs first depends on
 * hydration order, so "the first one" is not a rule to rely on.
 */
export function Logo({ lang, announcesSwitch = false }: { lang: Lang; announcesSwitch?: boolean }) {
  const previous = useRef(lang);
  const [flipping, setFlipping] = useState(false);
  useEffect(() => {
    const requested = announcesSwitch && takeFlipRequest(lang);
    if (!requested && previous.current === lang) return;
    previous.current = lang;
    setFlipping(true);
    const timer = setTimeout(() => setFlipping(false), LOGO_FLIP_MS);
    return () => clearTimeout(timer);
  }, [lang, announcesSwitch]);
  return (
    <span className={`flex items-center gap-2.5 [perspective:600px] ${flipping ? "logo-flipping" : ""}`} data-logo-lang={lang}>
      <span className={`inline-block ${flipping ? "logo-flip" : ""}`}>
        <LogoMark />
      </span>
      <span className="flex flex-col leading-none">
        <span className="text-[1.2rem] font-extrabold tracking-tight sm:text-[1.35rem]">Archimed</span>
        <span className="mt-0.5 text-[0.6rem] font-semibold uppercase tracking-[0.08em] text-[var(--text-muted)] sm:text-[0.7rem] sm:tracking-[0.14em]">
          {TAGLINE[lang]}
        </span>
      </span>
    </span>
  );
}
