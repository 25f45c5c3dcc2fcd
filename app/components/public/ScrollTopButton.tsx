import { useSyncExternalStore } from "react";
import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";

/** Seed 000 §9: the button appears beyond 300 px of scroll. */
const SCROLL_THRESHOLD = 300;

function subscribe(cb: () => void) {
  window.addEventListener("scroll", cb, { passive: true });
  return () => window.removeEventListener("scroll", cb);
}
const pastThreshold = () => window.scrollY > SCROLL_THRESHOLD;

export function ScrollTopButton({ lang }: { lang: Lang }) {
  const visible = useSyncExternalStore(subscribe, pastThreshold, () => false);
  if (!visible) return null;
  const label = translator(lang)("scrollTop");
  // Inside a landmark, like every other piece of content (axe "region").
  return (
    <aside aria-label={label}>
      <button
        type="button"
        onClick={() => window.scrollTo({ top: 0 })}
        aria-label={label}
        data-testid="scroll-top"
        className="fixed bottom-24 right-5 z-30 inline-flex h-12 w-12 items-center justify-center rounded-full border border-[var(--border)] bg-[var(--surface)] text-[var(--text)] shadow-lg hover:bg-[var(--surface-alt)]"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
          <path d="m18 15-6-6-6 6" />
        </svg>
      </button>
    </aside>
  );
}
