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

/** The zone's wall-clock parts of an instant, read from Intl (the slow, authoritative way). */
function intlPartsIn(date: Date, timeZone: string) {
  const f = formatterFor(timeZone);
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(date)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

/**
 * The offset of each zone at the start and end of each UTC day, read once from Intl: formatToParts costs
 * about 8 µs, and the scheduler's list computed the state of up to 1,500 dates several times each (it went
 * from 15 to 57 ms). A day whose two ends agree has one offset throughout (zones change at most twice a
 * year, never twice in a day); on the two days that differ, the instant itself is read from Intl.
 */
const DAY_MS = 86_400_000;
const dayOffsets = new Map<string, { start: number; end: number }>();
const DAY_OFFSETS_MAX = 20_000;

function intlOffsetMs(ms: number, timeZone: string): number {
  const p = intlPartsIn(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms;
}

function offsetMs(date: Date, timeZone: string): number {
  const ms = Math.floor(date.getTime() / 1000) * 1000;
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone}|${day}`;
  let ends = dayOffsets.get(key);
  if (!ends) {
    ends = { start: intlOffsetMs(day * DAY_MS, timeZone), end: intlOffsetMs((day + 1) * DAY_MS - 1000, timeZone) };
    if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
    dayOffsets.set(key, ends);
  }
  return ends.start === ends.end ? ends.start : intlOffsetMs(ms, timeZone);
}

/** The zone's wall-clock parts of an instant: the instant moved by the zone's offset, read as UTC. */
function partsIn(date: Date, timeZone: string) {
  const wall = new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetMs(date, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
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
  if (!m) throw new Error(`date locale invalide : ${local}`);
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

/** What a wall-clock time of the zone is: one instant, none (skipped by the spring change) or two (the autumn's repeated hour). */
export type LocalResolution = { kind: "ok"; at: Date } | { kind: "gap" } | { kind: "overlap"; earlier: Date; later: Date };

/** Like localToUtc, but says when the time does not exist or exists twice, so a form can ask instead of guessing. */
export function resolveLocal(local: string, timeZone: string): LocalResolution {
  const m = LOCAL_DATETIME.exec(local);
  if (!m) throw new Error(`date locale invalide : ${local}`);
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const candidates = [...new Set([wall - offsetMs(new Date(wall - 12 * 3600_000), timeZone), wall - offsetMs(new Date(wall + 12 * 3600_000), timeZone)])];
  const valid = candidates.filter((c) => offsetMs(new Date(c), timeZone) === wall - c).sort((a, b) => a - b);
  if (valid.length === 0) return { kind: "gap" };
  if (valid.length === 2) return { kind: "overlap", earlier: new Date(valid[0]), later: new Date(valid[1]) };
  return { kind: "ok", at: new Date(valid[0]) };
}

const two = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** The zone's offset at that instant, "+01:00" (ISO 8601) or "+0100" (RFC 822, `compact`). */
export function offsetText(iso: string | Date, timeZone: string, compact = false): string {
  const minutes = Math.round(offsetMs(typeof iso === "string" ? new Date(iso) : iso, timeZone) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  return `${sign}${two(Math.trunc(Math.abs(minutes) / 60))}${compact ? "" : ":"}${two(Math.abs(minutes) % 60)}`;
}

/**
 * The instant as the zone's wall clock with its offset, "2026-11-27T00:30:00+01:00": what <time datetime>,
 * JSON-LD and Atom carry, and whose first ten characters are the day visitors of the site live in.
 */
export function zonedIso(iso: string | Date, timeZone: string): string {
  return `${utcToLocal(iso, timeZone, true)}${offsetText(iso, timeZone)}`;
}

const RFC_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const RFC_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** RSS's date (RFC 822) in the zone: "Fri, 27 Nov 2026 00:30:00 +0100". */
export function rfc822(iso: string | Date, timeZone: string): string {
  const local = utcToLocal(iso, timeZone, true);
  const [y, mo, d] = local.slice(0, 10).split("-").map(Number);
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return `${RFC_DAYS[weekday]}, ${two(d)} ${RFC_MONTHS[mo - 1]} ${y} ${local.slice(11)} ${offsetText(iso, timeZone, true)}`;
}

/** fr-FR's short month names, as Intl writes them ("27 nov."): a table, since lists format hundreds of days. */
const FR_SHORT_MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."];

/** A day "YYYY-MM-DD" in French, short: "27 nov.", with the year when it is not `thisYear` ("3 janv. 2027"). */
export function formatDay(day: string, thisYear?: string): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  const short = `${d} ${FR_SHORT_MONTHS[m - 1]}`;
  return thisYear && day.startsWith(thisYear) ? short : `${short} ${y}`;
}

/** An instant as the back-office says it: "27 nov. à 09:00" in the zone (the year when not the current one). */
export function formatWhen(iso: string, timeZone: string, now = new Date()): string {
  const local = utcToLocal(iso, timeZone);
  return `${formatDay(local, utcToLocal(now, timeZone).slice(0, 4))} à ${local.slice(11)}`;
}
