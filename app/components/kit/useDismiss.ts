import { useEffect, type RefObject } from "react";

/**
 * A menu or popover closes on Escape and on a click outside it (issue 11 §6). Escape is taken before the
 * builder's own shortcut (which would also drop the selection) and focus goes back to the opener.
 */
export function useDismiss(open: boolean, close: () => void, inside: RefObject<HTMLElement | null>[], opener?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node | null;
      if (t && inside.some((r) => r.current?.contains(t))) return;
      close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      e.preventDefault();
      close();
      opener?.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer, true);
    window.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onPointer, true);
      window.removeEventListener("keydown", onKey, true);
    };
    // The refs are stable objects; `close` may be a new function each render without changing meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
