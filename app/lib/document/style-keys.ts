/**
 * The spacing properties (padding and margin, shorthand and sides): the safe-style list (elements/style.ts),
 * the per-device keys (devices.ts) and the design presets' migration share them. A module of its own, with
 * nothing else in it, because visitors load it with style.ts (the public chunk names it in vite.config.ts).
 */
export const SPACING_KEYS = [
  "padding",
  "paddingTop",
  "paddingBottom",
  "paddingLeft",
  "paddingRight",
  "margin",
  "marginTop",
  "marginBottom",
  "marginLeft",
  "marginRight",
] as const;
