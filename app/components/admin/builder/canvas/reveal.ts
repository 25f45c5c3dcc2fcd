import { useCallback, useEffect, useRef } from "react";

/**
 * Brings a frame into view when it becomes the selection while entirely out of sight: a block added at
 * the end of a long page from the side panel, a copy landing below the fold, an element moved away by
 * the keyboard. A frame that is at least partly visible (any click, by definition) is left where it is,
 * so selecting never makes the page jump.
 */
export function useRevealWhenSelected<T extends HTMLElement>(selected: boolean, nodeRef: (node: T | null) => void) {
  const node = useRef<T | null>(null);
  const ref = useCallback(
    (n: T | null) => {
      node.current = n;
      nodeRef(n);
    },
    [nodeRef],
  );
  useEffect(() => {
    const el = node.current;
    if (!selected || !el) return;
    const scroller = el.closest<HTMLElement>("[data-builder-scroller]");
    if (!scroller) return;
    const box = el.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    if (box.bottom <= view.top || box.top >= view.bottom) el.scrollIntoView({ block: "center" });
  }, [selected]);
  return ref;
}
