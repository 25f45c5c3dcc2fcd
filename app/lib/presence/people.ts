import { NBSP } from "~/lib/typography/french";

/**
 * A member as the presence notice names them. Members have an e-mail address and no name: the address's
 * local part is the name ("camille.durand@…" → "Camille Durand", initials "CD"; "camille@…" → "Camille", "C").
 */
export function nameFromEmail(email: string): string {
  const words = (email.split("@")[0] ?? "").split(/[._+-]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") : email;
}

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0])
      .join("")
      .toUpperCase() || "?"
  );
}

/** "moins d'une minute", "10 min", "1 h", "2 h 05": how long since `since` (numbers and units held together). */
export function durationSince(since: string, now: number): string {
  const minutes = Math.floor(Math.max(0, now - Date.parse(since)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "moins d'une minute";
  if (minutes < 60) return `${minutes}${NBSP}min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}${NBSP}h` : `${h}${NBSP}h${NBSP}${String(m).padStart(2, "0")}`;
}
