import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useDismiss } from "./useDismiss";

export interface MenuEntry {
  label: string;
  onSelect?: () => void;
  /** A link instead of an action (a download). */
  href?: string;
  download?: string;
  tone?: "danger";
}

/**
 * A "…" menu button (WAI-ARIA menu button pattern): opening it focuses the first entry, the arrow keys,
 * Home and End move between entries, Escape, Tab, a click outside or a choice close it and focus goes
 * back to the button. The list is placed with fixed coordinates so that a card's overflow does not clip it:
 * under the button, its right edge on the button's, moved to stay inside the window (above the button when
 * there is no room below).
 */
const MARGIN = 8;
export function MenuButton({ label, entries, className = "", testId }: { label: string; entries: MenuEntry[]; className?: string; testId?: string }) {
  const [at, setAt] = useState<DOMRect | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();
  const close = () => setAt(null);
  useDismiss(at !== null, close, [button, menu], button);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
  useLayoutEffect(() => {
    const m = menu.current;
    if (!at || !m) return;
    const { offsetWidth: w, offsetHeight: h } = m;
    const left = Math.max(MARGIN, Math.min(at.right - w, window.innerWidth - w - MARGIN));
    const below = at.bottom + 4;
    const top = below + h > window.innerHeight - MARGIN && at.top - 4 - h >= MARGIN ? at.top - 4 - h : below;
    m.style.left = `${left}px`;
    m.style.top = `${top}px`;
  }, [at]);
  const open = (focus: "first" | "last") => {
    setAt(button.current!.getBoundingClientRect());
    // The list exists after this render.
    requestAnimationFrame(() => {
      const all = items();
      (focus === "first" ? all[0] : all[all.length - 1])?.focus();
    });
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      all[(n + all.length) % all.length]?.focus();
    };
    if (e.key === "ArrowDown") go(i + 1);
    else if (e.key === "ArrowUp") go(i - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(all.length - 1);
    else if (e.key === "Tab") close();
  };
  const choose = (entry: MenuEntry) => {
    close();
    button.current?.focus();
    entry.onSelect?.();
  };
  const item = "block w-full whitespace-nowrap rounded px-3 py-2 text-left text-sm hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none";

  return (
    <div className={className}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={at !== null}
        aria-controls={at ? id : undefined}
        data-testid={testId}
        className="flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-lg leading-none font-bold text-ink shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
        onClick={() => (at ? close() : open("first"))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            open(e.key === "ArrowDown" ? "first" : "last");
          }
        }}
      >
        <span aria-hidden="true">…</span>
      </button>
      {at ? (
        <ul
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="fixed z-[95] min-w-44 rounded-lg border border-neutral-200 bg-white p-1 text-ink shadow-xl"
          style={{ top: at.bottom + 4, left: MARGIN }}
        >
          {entries.map((entry) => (
            <li key={entry.label} role="none">
              {entry.href ? (
                <a role="menuitem" tabIndex={-1} href={entry.href} download={entry.download} className={item} onClick={() => choose(entry)}>
                  {entry.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`${item} ${entry.tone === "danger" ? "text-red-700" : ""}`}
                  onClick={() => choose(entry)}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
