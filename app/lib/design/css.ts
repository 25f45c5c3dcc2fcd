import {
  BUTTON_KEYS,
  COLOR_KEYS,
  COLOR_VARS,
  RADIUS_KEYS,
  SIZE_KEYS,
  SPACE_KEYS,
  colorRef,
  radiusRef,
  type ButtonStyle,
  type DesignSettings,
  type Fluid,
} from "./tokens";

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
  for (const k of COLOR_KEYS) out[COLOR_VARS[k]] = d.colors[theme][k];
  for (const k of SIZE_KEYS) out[`--ds-size-${k}`] = fluidCss(d.type[k]);
  for (const k of SPACE_KEYS) out[`--ds-space-${k}`] = fluidCss(d.space[k], "px");
  for (const k of RADIUS_KEYS) out[`--ds-radius-${k}`] = `${num(d.radius[k])}px`;
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
  const dark = COLOR_KEYS.map((k) => `${COLOR_VARS[k]}:${d.colors.dark[k]}`).join(";");
  return `:root{${light}}.dark{${dark}}`;
}
