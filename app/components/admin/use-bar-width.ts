import { useSyncExternalStore } from "react";
import type { BarWidth } from "./admin-links";

/** Tailwind's md, lg and xl breakpoints: the bar's layout follows the same widths as the screens' classes. */
const QUERIES = [
  ["xl", "(min-width: 80rem)"],
  ["lg", "(min-width: 64rem)"],
  ["md", "(min-width: 48rem)"],
] as const;

function read(): BarWidth {
  return QUERIES.find(([, q]) => window.matchMedia(q).matches)?.[0] ?? "sm";
}

function subscribe(onChange: () => void) {
  const lists = QUERIES.map(([, q]) => window.matchMedia(q));
  for (const l of lists) l.addEventListener("change", onChange);
  return () => {
    for (const l of lists) l.removeEventListener("change", onChange);
  };
}

/** The viewport's width class, for what the bar puts in its row and what behind its menu button. */
export function useBarWidth(): BarWidth {
  // The bar is drawn in the browser only (the back-office guard and the public page's lazy load), so the
  // server's answer is never shown; "md" keeps it a plausible layout.
  return useSyncExternalStore(subscribe, read, () => "md");
}
