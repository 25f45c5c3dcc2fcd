/**
 * The canvas's block at the centre of what the editor sees (the one the centre line crosses, else the
 * nearest), for what is inserted without a selection (a generated block, issue 22 item 2).
 */
export function blockInView(): string | null {
  const scroller = document.querySelector<HTMLElement>("[data-builder-scroller]");
  if (!scroller) return null;
  const view = scroller.getBoundingClientRect();
  const middle = view.top + view.height / 2;
  let best: { id: string; d: number } | null = null;
  for (const b of scroller.querySelectorAll<HTMLElement>("[data-builder-block]")) {
    const r = b.getBoundingClientRect();
    const d = middle < r.top ? r.top - middle : middle > r.bottom ? middle - r.bottom : 0;
    if (!best || d < best.d) best = { id: b.dataset.builderBlock!, d };
    if (d === 0) break;
  }
  return best?.id ?? null;
}

/** Brings a block fully into view when it is not (no jump when it already is). */
export function scrollBlockIntoView(id: string) {
  requestAnimationFrame(() => document.querySelector(`[data-builder-block="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
}
