import { useEffect, useRef, useState } from "react";
import { acceptOffer, dismissOffer, useUndoOffer } from "~/lib/builder/undo-offer";
import { useBuilderStore } from "~/lib/builder/store";

/** How long the offer stays, unless the pointer or the keyboard is on it. */
const UNDO_TOAST_MS = 8000;

/**
 * "Bloc supprimé · Annuler" (issue 11 §5). A polite status, so a screen reader hears it without losing its
 * place; the Annuler button is in the tab order (and Ctrl+Z does the same). It sits at the bottom of the
 * side panel, never over the canvas being edited, and leaves after UNDO_TOAST_MS — not while hovered or
 * focused, so nobody loses it while reaching for it.
 */
export function UndoToast() {
  const store = useBuilderStore();
  const offer = useUndoOffer(store);
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!offer || held) return;
    const t = setTimeout(() => dismissOffer(store), UNDO_TOAST_MS);
    return () => clearTimeout(t);
  }, [offer, held, store]);
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-[90] w-72 max-w-[calc(100vw-2rem)]"
      data-testid="undo-toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {offer ? (
        <div
          key={offer.id}
          className="pointer-events-auto flex items-center gap-2 rounded-lg bg-ink py-2 pl-4 pr-2 text-sm text-white shadow-xl"
          data-offer={offer.label}
        >
          <span className="flex-1">{offer.label}</span>
          <button
            type="button"
            className="rounded-md bg-brand-yellow px-3 py-1.5 font-bold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            onClick={() => {
              setHeld(false);
              acceptOffer(store);
            }}
            data-action="toast-undo"
          >
            Annuler
          </button>
          <button
            type="button"
            className="rounded-md px-2 py-1.5 text-white/80 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            onClick={() => {
              setHeld(false);
              dismissOffer(store);
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
