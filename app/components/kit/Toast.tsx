import { useEffect, useRef, useState } from "react";

/** How long a toast stays, unless the pointer or the keyboard is on it. */
export const TOAST_MS = 8000;

/**
 * A short message at the bottom left with one action ("Bloc supprimé · Annuler"). A polite status, so a
 * screen reader hears it without losing its place; the action is in the tab order. It leaves after
 * TOAST_MS — not while hovered or focused, so nobody loses it while reaching for it. `id` tells one
 * message from the next (the same words twice restart the delay).
 */
export function Toast({
  message,
  onDismiss,
  action,
  testId,
}: {
  message: { id: string | number; label: string } | null;
  onDismiss: () => void;
  action: { label: string; onAction: () => void; testAction?: string };
  testId?: string;
}) {
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || held) return;
    const t = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(t);
    // `onDismiss` may be a new function each render without changing meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [message, held]);
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-[90] w-72 max-w-[calc(100vw-2rem)]"
      data-testid={testId}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {message ? (
        <div
          key={message.id}
          className="pointer-events-auto flex items-center gap-2 rounded-lg bg-ink py-2 pl-4 pr-2 text-sm text-white shadow-xl"
          data-offer={message.label}
        >
          <span className="flex-1">{message.label}</span>
          <button
            type="button"
            className="rounded-md bg-brand-yellow px-3 py-1.5 font-bold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            onClick={() => {
              setHeld(false);
              action.onAction();
            }}
            data-action={action.testAction}
          >
            {action.label}
          </button>
          <button
            type="button"
            className="rounded-md px-2 py-1.5 text-white/80 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            onClick={() => {
              setHeld(false);
              onDismiss();
            }}
            aria-label="Fermer le message"
          >
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}
