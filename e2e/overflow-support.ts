import type { Page } from "playwright-core";

/** Phone to desktop: the widths every page and screen is checked at (issue 15, and the guide's five widths). */
export const WIDTHS = [320, 375, 768, 1024, 1440];

export interface OverflowRules {
  /** Public pages: a block's content stays inside its block's padded box. */
  blocks?: boolean;
  /**
   * Back-office screens: a field or button stays inside the padding of the card (the nearest bordered box)
   * it sits in. A control that reaches into a card's padding is one whose column is wider than the card
   * (a fieldset's min-content width, a flex item that cannot wrap): the page need not scroll for it to show.
   */
  cards?: boolean;
}

/**
 * Every element sticking out of its allowed box, described well enough to find it: nothing outside the
 * viewport, and the page never scrolls sideways (an absolutely positioned child of a scroll box that is not its
 * containing block makes the page scroll while the box itself looks fine).
 */
export function overflows(p: Page, rules: OverflowRules = {}): Promise<string[]> {
  return p.evaluate((rules) => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    /** An ancestor that clips its content (carousels, scroll boxes): the element is judged against it instead. */
    const clipped = (el: Element, stop: Element | null) => {
      for (let a = el.parentElement; a && a !== stop; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" || s.position === "fixed") return true;
      }
      return false;
    };
    // Screen-reader-only text (the skip link) is a clipped 1 px box: nothing a person sees.
    const visible = (r: DOMRect, el: Element) => r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
    if (rules.blocks) {
      for (const box of document.querySelectorAll(".doc-block > div")) {
        const b = box.getBoundingClientRect();
        const s = getComputedStyle(box);
        const left = b.left + parseFloat(s.paddingLeft) - 0.5;
        const right = b.right - parseFloat(s.paddingRight) + 0.5;
        for (const el of box.querySelectorAll("*")) {
          const r = el.getBoundingClientRect();
          if (!visible(r, el) || clipped(el, box)) continue;
          if (r.left < left || r.right > right)
            out.push(`${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(left)}–${Math.round(right)}`);
        }
      }
    }
    if (rules.cards) {
      const bordered = (s: CSSStyleDeclaration) =>
        parseFloat(s.borderLeftWidth) > 0 && parseFloat(s.borderRightWidth) > 0 && s.borderLeftStyle !== "none" && s.borderRightStyle !== "none";
      for (const el of document.body.querySelectorAll("input:not([type=hidden]), select, textarea, button")) {
        const r = el.getBoundingClientRect();
        if (!visible(r, el)) continue;
        // The card: the nearest bordered box around the control. Placed controls (a card's corner menu) and
        // controls in a scroll box are judged by the viewport rule only.
        let card: Element | null = null;
        let placed = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== "visible" || s.position === "absolute" || s.position === "fixed" || s.position === "sticky") {
            placed = true;
            break;
          }
          if (bordered(s) && s.display !== "inline" && s.display !== "contents") {
            card = a;
            break;
          }
        }
        if (placed || !card || ["absolute", "fixed"].includes(getComputedStyle(el).position)) continue;
        const b = card.getBoundingClientRect();
        const s = getComputedStyle(card);
        const left = b.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft) - 0.5;
        const right = b.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight) + 0.5;
        if (r.left < left || r.right > right)
          out.push(`${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)} outside its card ${describe(card)} ${Math.round(left)}–${Math.round(right)}`);
      }
    }
    for (const el of document.body.querySelectorAll("*")) {
      if (rules.blocks && el.closest(".doc-block")) continue;
      const r = el.getBoundingClientRect();
      if (!visible(r, el) || getComputedStyle(el).position === "fixed" || clipped(el, null)) continue;
      if (r.left < -0.5 || r.right > vw + 0.5) out.push(`${describe(el)} ${Math.round(r.left)}–${Math.round(r.right)} outside 0–${vw}`);
    }
    return out.slice(0, 10);
  }, rules);
}

/** Two frames: a resize's layout, then its paint (container and media queries recomputed); a render React queued is done. */
export const settled = (p: Page) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/** The page resized to each width in turn: what sticks out at each, keyed by width (empty when nothing does). */
export async function overflowsAtWidths(p: Page, rules: OverflowRules): Promise<Record<number, string[]>> {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await p.setViewportSize({ width, height: 800 });
    await settled(p);
    const bad = await overflows(p, rules);
    if (bad.length) found[width] = bad;
  }
  return found;
}
