/**
 * First-party page-view beacon, sent only after consent. The anonymous visitor id is random, lives in
 * localStorage (never a cookie, so it is not sent with every request) and is deleted on refusal.
 */
const VISITOR_KEY = "visitorId";
const COLLECT_URL = "/api/analytics/collect";
const ID = /^[A-Za-z0-9_-]{22}$/;

function visitorId(): string | null {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id || !ID.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .slice(0, 22);
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

export function forgetVisitor() {
  try {
    localStorage.removeItem(VISITOR_KEY);
  } catch {
    /* nothing stored */
  }
}

/** The referring site's host name, or null for direct visits and moves within this site. */
function referrerHost(): string | null {
  try {
    const host = new URL(document.referrer).hostname;
    return host && host !== location.hostname ? host : null;
  } catch {
    return null;
  }
}

/** Queued by the browser (sendBeacon): never delays rendering nor navigation. */
export function sendPageView(path: string) {
  const v = visitorId();
  if (!v) return;
  const body = JSON.stringify({ p: path, v, r: referrerHost() });
  if (!navigator.sendBeacon?.(COLLECT_URL, body)) {
    fetch(COLLECT_URL, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(() => {});
  }
}
