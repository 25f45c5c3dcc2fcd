/**
 * The site's time zone (SITE_TIMEZONE) in the back-office: the session answer carries it and the admin
 * layout sets it before any screen draws, so every date a member reads is the site's wall clock, not the
 * browser's (a member abroad sees the times visitors and the scheduler go by).
 */
let zone: string | undefined;

export function setSiteTimeZone(timeZone: string | undefined) {
  if (timeZone) zone = timeZone;
}

/** The site's zone once the session is read; until then the browser's own (undefined for Intl). */
export const siteTimeZone = () => zone;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "26 nov. 2026, 10:45" (medium), "26/11/2026 10:45" (short) or "26 nov. 2026, 10:45:12" (seconds, the activity
 * log), in the site's zone. One formatter per style and zone: making one costs about a millisecond.
 */
export function formatDateTime(iso: string, style: "short" | "medium" | "seconds" = "medium"): string {
  const key = `${style}:${zone ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    const dateStyle = style === "short" ? "short" : "medium";
    f = new Intl.DateTimeFormat("fr-FR", { dateStyle, timeStyle: style === "seconds" ? "medium" : "short", timeZone: zone });
    formatters.set(key, f);
  }
  return f.format(new Date(iso));
}
