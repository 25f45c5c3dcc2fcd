/**
 * Article dates are entered and shown as wall-clock times of the site's time zone (SITE_TIMEZONE) and
 * stored as UTC instants. Pure functions over Intl, used by the server and the back-office alike.
 */
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using it (lists of hundreds of dates). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall-clock parts of an instant. */
function partsIn(date: Date, timeZone: string) {
  const f = formatterFor(timeZone);
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(date)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

function offsetMs(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** True when the text is a real calendar date and time ("2026-02-30T10:00" is not). */
export function isValidLocal(local: string): boolean {
  const m = LOCAL_DATETIME.exec(local);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number);
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/**
 * "2026-11-23T09:00" in `timeZone` → the UTC instant. In the autumn's repeated hour the first occurrence
 * is taken; a time skipped by the spring change moves forward by the gap (as calendar apps do).
 */
export function localToUtc(local: string, timeZone: string): Date {
  const m = LOCAL_DATETIME.exec(local);
  if (!m) throw new Error(`date locale invalide : ${local}`);
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offsets half a day either side cover any change of that day; keep the candidates that read back
  // as the wall time (two in the repeated hour: the earlier), or none in the skipped hour: the offset before it.
  const before = wall - offsetMs(new Date(wall - 12 * 3600_000), timeZone);
  const after = wall - offsetMs(new Date(wall + 12 * 3600_000), timeZone);
  const valid = [before, after].filter((c) => offsetMs(new Date(c), timeZone) === wall - c);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The instant as "YYYY-MM-DDTHH:mm" (or with seconds) in `timeZone`: the value of a datetime-local input. */
export function utcToLocal(iso: string | Date, timeZone: string, withSeconds = false): string {
  const p = partsIn(typeof iso === "string" ? new Date(iso) : iso, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  const base = `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
  return withSeconds ? `${base}:${two(p.second)}` : base;
}

/** The day ("YYYY-MM-DD") of an instant in `timeZone`: the calendar cell it belongs to. */
export function localDay(iso: string, timeZone: string): string {
  return utcToLocal(iso, timeZone).slice(0, 10);
}

/** A French human date and time in the zone, e.g. "23/11/2026 09:00". */
export function formatLocal(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("fr-FR", { timeZone, dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
}
