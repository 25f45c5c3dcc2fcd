import {
  BUTTON_KEYS,
  BUTTON_SIZE_KEYS,
  BUTTON_SIZE_SCALE,
  COLOR_KEYS,
  COLOR_VARS,
  BAND_VAR,
  RADIUS_KEYS,
  SIZE_KEYS,
  SPACE_KEYS,
  colorRef,
  radiusRef,
  DEFAULT_DESIGN,
  type ButtonStyle,
  type DesignSettings,
  type Fluid,
} from "./tokens";
import { AA_TEXT } from "./contrast";
import { effectiveBand, effectiveColors, readableOn } from "./derive";
import { fontStack } from "./typefaces";

/** Today's link colour, #2f7d72 on white, reads at 5:1; a new teal keeps that margin over AA. */
const LINK_CONTRAST = 5;
/** app.css's `--color-brand-teal-dark`: the link colour the stylesheet has without the design. */
const APP_LINK = "#2f7d72";

/** Fluid values grow between these widths of the page's container (cqi, as the seeded pages do). */
const FLUID_FROM = 480;
const FLUID_TO = 1280;

const num = (n: number, digits = 4) => String(Number(n.toFixed(digits)));

/**
 * One fluid value: `phone` px up to a 480 px wide page, `desktop` px from 1280 px, a straight line
 * between (`clamp(1.75rem, 1.3rem + 1.5cqi, 2.5rem)` for 28 → 40 px). Equal values give plain pixels.
 * `rem` keeps text sizes zoomable; spacing stays in px.
 */
export function fluidCss({ phone, desktop }: Fluid, unit: "rem" | "px" = "rem"): string {
  if (phone === desktop) return `${num(phone)}px`;
  const slope = (desktop - phone) / (FLUID_TO - FLUID_FROM);
  const intercept = phone - slope * FLUID_FROM;
  const u = (px: number) => (unit === "rem" ? `${num(px / 16)}rem` : `${num(px)}px`);
  const sign = slope < 0 ? "-" : "+";
  return `clamp(${u(Math.min(phone, desktop))}, ${u(intercept)} ${sign} ${num(Math.abs(slope) * 100)}cqi, ${u(Math.max(phone, desktop))})`;
}

function buttonVars(key: string, b: ButtonStyle): string[] {
  return [
    `--ds-btn-${key}-bg:${b.background === "transparent" ? "transparent" : colorRef(b.background)}`,
    `--ds-btn-${key}-text:${colorRef(b.text)}`,
    `--ds-btn-${key}-border:${b.border === "none" ? "0 solid transparent" : `2px solid ${colorRef(b.border)}`}`,
    `--ds-btn-${key}-radius:${b.radius === "none" ? "0" : radiusRef(b.radius)}`,
    `--ds-btn-${key}-padding:${num(b.paddingY)}px ${num(b.paddingX)}px`,
  ];
}

/** The variables of every token, as `name → value` (light theme colours). */
export function designVariables(d: DesignSettings, theme: "light" | "dark" = "light"): Record<string, string> {
  const out: Record<string, string> = {};
  const colors = effectiveColors(d)[theme];
  for (const k of COLOR_KEYS) out[COLOR_VARS[k]] = colors[k];
  out[BAND_VAR] = effectiveBand(d)[theme];
  // Links in running text (app.css, light theme): today's teal keeps its designed #2f7d72; another teal is
  // darkened until it reads on the background, so links follow the brand colours too. Links also sit on the
  // pale « Fond accent », a tint of the brand colour: darkened further when a new brand colour's tint needs
  // it (#2f7d72 reads at 4,2:1 on a blue's tint; `npm run bench -- --design=brand:#3b82f6` found it).
  if (theme === "light") {
    const base = colors.teal !== DEFAULT_DESIGN.colors.light.teal ? readableOn(colors.teal, colors.surface, LINK_CONTRAST) : APP_LINK;
    const link = readableOn(base, colors.surfaceAccent, AA_TEXT);
    if (link !== APP_LINK) out["--color-brand-teal-dark"] = link;
  }
  out["--font-heading"] = fontStack(d.fonts.heading);
  out["--font-body"] = fontStack(d.fonts.body);
  for (const k of SIZE_KEYS) out[`--ds-size-${k}`] = fluidCss(d.type[k]);
  for (const k of SPACE_KEYS) out[`--ds-space-${k}`] = fluidCss(d.space[k], "px");
  for (const k of RADIUS_KEYS) out[`--ds-radius-${k}`] = `${num(d.radius[k])}px`;
  const { paddingY, paddingX } = d.buttons.primary;
  for (const k of BUTTON_SIZE_KEYS)
    out[`--ds-btn-size-${k}`] = `${Math.round(paddingY * BUTTON_SIZE_SCALE[k])}px ${Math.round(paddingX * BUTTON_SIZE_SCALE[k])}px`;
  for (const k of BUTTON_KEYS)
    for (const decl of buttonVars(k, d.buttons[k])) {
      const i = decl.indexOf(":");
      out[decl.slice(0, i)] = decl.slice(i + 1);
    }
  return out;
}

/**
 * The stylesheet the document head carries (public pages, the builder and its preview): the light
 * theme's values on :root, the dark theme's colours on .dark (after, so they win as app.css's do).
 * Every value comes from a validated number, hex colour or name: nothing an editor typed verbatim.
 */
export function designCss(d: DesignSettings): string {
  const light = Object.entries(designVariables(d, "light"))
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  const darkColors = effectiveColors(d).dark;
  const dark = [...COLOR_KEYS.map((k) => `${COLOR_VARS[k]}:${darkColors[k]}`), `${BAND_VAR}:${effectiveBand(d).dark}`].join(";");
  return `:root{${light}}.dark{${dark}}`;
}
