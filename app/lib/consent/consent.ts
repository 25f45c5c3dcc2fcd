/**
 * The visitor's cookie choice (seed 000 §4): stored under localStorage "cookieConsent" as "accepted"
 * or "declined"; no stored value means the banner shows. Browser-only, dependency-free: it ships on
 * every public page.
 */
export type ConsentChoice = "accepted" | "declined";
const CONSENT_KEY = "cookieConsent";
const CHANGE_EVENT = "consentchange";
const OPEN_EVENT = "consentopen";

export function readConsent(): ConsentChoice | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === "accepted" || v === "declined" ? v : null;
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice) {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    /* private mode: the choice holds for this page only */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeConsent(cb: () => void) {
  window.addEventListener(CHANGE_EVENT, cb);
  window.addEventListener("storage", cb);
  return () => {
    window.removeEventListener(CHANGE_EVENT, cb);
    window.removeEventListener("storage", cb);
  };
}

/** The footer's "manage cookies" link: shows the banner again so the choice can be changed. */
export function reopenConsent() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onReopenConsent(cb: () => void) {
  window.addEventListener(OPEN_EVENT, cb);
  return () => window.removeEventListener(OPEN_EVENT, cb);
}

/** Best-effort record of the choice on the server (gdpr_consents); the visitor never waits for it. */
export function recordConsent(choice: ConsentChoice) {
  fetch("/api/consent", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ accepted: choice === "accepted" }),
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {});
}
