import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { TrackingConfig } from "~/lib/analytics/tracking";
import { applyConsent } from "~/lib/consent/apply";
import { onReopenConsent, readConsent, recordConsent, subscribeConsent, writeConsent, type ConsentChoice } from "~/lib/consent/consent";
import { translator } from "~/lib/i18n/messages";
import { ROUTES, type Lang } from "~/lib/i18n/routes";

/** The server cannot know the stored choice: it renders no banner, and the browser decides after hydration. */
const serverSnapshot = () => "unknown" as const;

/**
 * Cookie banner (seed 000 §2, §4): shown while no choice is stored, or when the footer link reopens it.
 * Accept and decline weigh the same; on mobile a close button counts as decline.
 */
export function CookieBanner({
  lang,
  tracking,
  path,
  privacyHref = ROUTES.privacy[lang],
}: {
  lang: Lang;
  tracking: TrackingConfig;
  path: string | null;
  /** The privacy page's current address (site structure). */
  privacyHref?: string;
}) {
  const choice = useSyncExternalStore(subscribeConsent, readConsent, serverSnapshot);
  const [reopened, setReopened] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const t = translator(lang);

  // A stored choice takes effect once per page load, after the first paint.
  useEffect(() => {
    const stored = readConsent();
    if (!stored) return;
    const run = () => applyConsent(stored, tracking, path);
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
    // Props of a server-rendered page never change: once is right.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => onReopenConsent(() => setReopened(true)), []);
  useEffect(() => {
    // The first button that is displayed: the close button is hidden from md up.
    if (reopened) [...(panel.current?.querySelectorAll("button") ?? [])].find((b) => b.offsetParent)?.focus();
  }, [reopened]);

  if (choice === "unknown" || (choice !== null && !reopened)) return null;

  function choose(next: ConsentChoice) {
    setReopened(false);
    writeConsent(next);
    recordConsent(next);
    applyConsent(next, tracking, path);
  }

  const button =
    "min-h-11 flex-1 rounded-full px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-teal";
  return (
    <section
      ref={panel}
      aria-labelledby="cookie-title"
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 text-[var(--text)] shadow-2xl md:inset-x-auto md:left-5 md:bottom-24 md:max-w-md md:p-5 lg:bottom-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="cookie-title" className="text-base font-bold">
          {t("consent.title")}
        </h2>
        <button
          type="button"
          onClick={() => choose("declined")}
          aria-label={t("consent.close")}
          data-testid="cookie-close"
          className="-mr-1 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-[var(--surface-alt)] md:hidden"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <p className="mt-1 text-sm text-[var(--text-muted)]">
        {t("consent.text")}{" "}
        <a className="font-medium text-[var(--text)] underline underline-offset-2" href={privacyHref}>
          {t("consent.more")}
        </a>
      </p>
      {choice ? (
        <p className="mt-2 text-sm font-medium" data-testid="cookie-current">
          {t(choice === "accepted" ? "consent.currentAccepted" : "consent.currentDeclined")}
        </p>
      ) : null}
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          onClick={() => choose("declined")}
          data-testid="cookie-decline"
          className={`${button} border-2 border-[var(--text)] bg-[var(--surface)] text-[var(--text)] hover:bg-[var(--surface-alt)]`}
        >
          {t("consent.decline")}
        </button>
        <button
          type="button"
          onClick={() => choose("accepted")}
          data-testid="cookie-accept"
          className={`${button} border-2 border-brand-yellow bg-brand-yellow text-ink hover:brightness-95`}
        >
          {t("consent.accept")}
        </button>
      </div>
    </section>
  );
}
