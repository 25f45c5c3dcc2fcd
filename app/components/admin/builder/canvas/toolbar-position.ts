import {
  autoUpdate,
  computePosition,
  flip,
  offset,
  shift,
  type FlipOptions,
  type Middleware,
  type Placement,
  type ShiftOptions,
  type VirtualElement,
} from "@floating-ui/dom";
import { useEffect, useRef } from "react";

/**
 * Where the canvas's floating toolbars go (issue 22 item 7, decision 038): outside what they act on, above it,
 * below when there is no room above, and never past the canvas's visible area (Floating UI's default
 * boundary is the toolbar's scrolling ancestors: the canvas scroller, whose box ends at the side panels).
 */

/** Room between a toolbar and what it acts on. */
export const TOOLBAR_GAP = 8;
/** Kept clear of the canvas's edges, so a toolbar never touches a side panel. */
const EDGE_PADDING = 8;
/** Above and right-aligned first; then below, then left-aligned. */
const FALLBACKS: Placement[] = ["bottom-end", "top-start", "bottom-start"];

/**
 * What a toolbar must not cover: the element's frame and, for the first element of a column, the column's
 * strip just above it (its width buttons and "+ Élément", which a toolbar placed above the element covered).
 * A toolbar placed around this box covers neither.
 */
export function toolbarAnchor(frame: Element): VirtualElement {
  return {
    contextElement: frame,
    getBoundingClientRect: () => {
      const r = frame.getBoundingClientRect();
      const column = frame.closest("[data-builder-column]");
      const strip = column?.querySelector(':scope > [role="group"]');
      if (!strip || column?.querySelector("[data-builder-element]") !== frame) return r;
      const s = strip.getBoundingClientRect();
      const top = Math.min(r.top, s.top);
      const left = Math.min(r.left, s.left);
      const right = Math.max(r.right, s.right);
      return { x: left, y: top, left, top, right, bottom: r.bottom, width: right - left, height: r.bottom - top };
    },
  };
}

/** Above, else below; slid sideways to stay inside the canvas. */
export function toolbarMiddleware(): Middleware[] {
  return [offset(TOOLBAR_GAP), flip({ fallbackPlacements: FALLBACKS, padding: EDGE_PADDING }), shift({ padding: EDGE_PADDING })];
}

/**
 * Tiptap's bubble menu applies flip and shift before offset: the flip then checks the room above without the
 * gap, which the padding gives back.
 */
export const BUBBLE_MENU_OPTIONS: { placement: Placement; offset: number; flip: FlipOptions; shift: ShiftOptions } = {
  placement: "top-end",
  offset: TOOLBAR_GAP,
  flip: { fallbackPlacements: FALLBACKS, padding: EDGE_PADDING + TOOLBAR_GAP },
  shift: { padding: EDGE_PADDING },
};

/**
 * Keeps a toolbar (a child of the frame it acts on, positioned absolutely) around its frame's anchor while
 * `open`, following scrolls and resizes. Hidden until its first position is known, so it never flashes on
 * the element.
 */
export function useToolbarPosition<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const floating = ref.current;
    const frame = floating?.parentElement;
    if (!open || !floating || !frame) return;
    const reference = toolbarAnchor(frame);
    floating.style.visibility = "hidden";
    return autoUpdate(reference, floating, () => {
      void computePosition(reference, floating, { placement: "top-end", strategy: "absolute", middleware: toolbarMiddleware() }).then(({ x, y, placement }) => {
        Object.assign(floating.style, { left: `${x}px`, top: `${y}px`, visibility: "visible" });
        floating.dataset.placement = placement;
      });
    });
  }, [open]);
  return ref;
}
