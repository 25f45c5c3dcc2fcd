import { SPACING_KEYS } from "./style-keys";
/**
 * Per-device values of the page document (issue 11 §3, decision 022). Desktop values are the node's own
 * (`styles`, `width`); tablet and mobile keep only what differs, in `deviceStyles` and `deviceWidths`, and
 * inherit from the larger device until set: mobile ← tablet ← desktop. One exception, kept from the public
 * page as it always was: on mobile a column with no mobile width is full width (the columns stack).
 * Pure functions, no zod: the builder, the renderer and the CSS generator share them.
 */
export type Device = "mobile" | "tablet" | "desktop";
export type SmallDevice = Exclude<Device, "desktop">;
export const SMALL_DEVICES = ["tablet", "mobile"] as const satisfies readonly SmallDevice[];

/**
 * The style properties that may differ per device: spacings, sizes, alignment and, since issue 21, colours
 * (a text colour for mobile only); fonts and weights stay shared.
 */
export const DEVICE_STYLE_KEYS = [
  ...SPACING_KEYS,
  "fontSize",
  "lineHeight",
  "letterSpacing",
  "width",
  "maxWidth",
  "height",
  "minHeight",
  "gap",
  "textAlign",
  "justifyContent",
  "alignItems",
  "color",
  "backgroundColor",
  "borderColor",
] as const;
type DeviceStyleKey = (typeof DEVICE_STYLE_KEYS)[number];
const DEVICE_KEY_SET: ReadonlySet<string> = new Set(DEVICE_STYLE_KEYS);
export function isDeviceStyleKey(key: string): key is DeviceStyleKey {
  return DEVICE_KEY_SET.has(key);
}

export type DeviceStyleValues = Partial<Record<DeviceStyleKey, string>>;
export type DeviceStyles = Partial<Record<SmallDevice, DeviceStyleValues>>;
export type DeviceWidths = Partial<Record<SmallDevice, number>>;

/** What the French labels say: "Modifié pour mobile", "Masqué sur tablette". */
export const DEVICE_LABEL: Record<Device, string> = { mobile: "mobile", tablet: "tablette", desktop: "ordinateur" };

export interface Styled {
  styles: Record<string, string>;
  deviceStyles?: DeviceStyles;
}

/** The styles that apply at `device`: desktop's, then tablet's overrides, then mobile's. */
export function effectiveStyles(node: Styled, device: Device): Record<string, string> {
  if (device === "desktop" || !node.deviceStyles) return node.styles;
  const tablet = node.deviceStyles.tablet;
  const mobile = device === "mobile" ? node.deviceStyles.mobile : undefined;
  if (!tablet && !mobile) return node.styles;
  return { ...node.styles, ...tablet, ...mobile } as Record<string, string>;
}

/** True when `key` is set for this very device (not inherited): the settings show "Modifié pour …". */
export function isOverridden(node: Styled, device: Device, key: string): boolean {
  return device !== "desktop" && isDeviceStyleKey(key) && node.deviceStyles?.[device]?.[key] !== undefined;
}

/**
 * The patch that sets style values at `device`. On desktop it writes `styles` (overrides untouched); on
 * tablet or mobile the per-device keys go to that device's overrides and the others (colours, weight…)
 * to `styles`, which every device shares.
 */
export function stylePatch<N extends Styled>(node: N, device: Device, values: Record<string, string>): Partial<Pick<N, "styles" | "deviceStyles">> {
  if (device === "desktop") return { styles: { ...node.styles, ...values } } as Partial<N>;
  const shared: Record<string, string> = {};
  const own: DeviceStyleValues = {};
  for (const [k, v] of Object.entries(values)) {
    if (isDeviceStyleKey(k)) own[k] = v;
    else shared[k] = v;
  }
  const patch: Partial<Styled> = {};
  if (Object.keys(shared).length) patch.styles = { ...node.styles, ...shared };
  if (Object.keys(own).length) patch.deviceStyles = { ...node.deviceStyles, [device]: { ...node.deviceStyles?.[device], ...own } };
  return patch as Partial<N>;
}

/** The patch that removes `keys` from the device's overrides ("Rétablir"): the value is inherited again. */
export function resetPatch<N extends Styled>(node: N, device: SmallDevice, keys: readonly string[]): Partial<Pick<N, "deviceStyles">> {
  const current = node.deviceStyles?.[device];
  if (!current) return {};
  const rest: DeviceStyleValues = { ...current };
  for (const k of keys) if (isDeviceStyleKey(k)) delete rest[k];
  const deviceStyles: DeviceStyles = { ...node.deviceStyles };
  if (Object.keys(rest).length) deviceStyles[device] = rest;
  else delete deviceStyles[device];
  return { deviceStyles: Object.keys(deviceStyles).length ? deviceStyles : undefined } as Partial<N>;
}

// ── Column widths ───────────────────────────────────────────────────────────────────────────────
const GRID_COLUMNS = 12;

interface Sized {
  width: number;
  deviceWidths?: DeviceWidths;
}

/** A column's width at `device`: tablet inherits desktop; mobile is full width (stacked) until set. */
export function effectiveWidth(col: Sized, device: Device): number {
  if (device === "desktop") return col.width;
  if (device === "tablet") return col.deviceWidths?.tablet ?? col.width;
  return col.deviceWidths?.mobile ?? GRID_COLUMNS;
}

export function isWidthOverridden(col: Sized, device: Device): boolean {
  return device !== "desktop" && col.deviceWidths?.[device] !== undefined;
}

/**
 * The rows of a 12-column grid, as CSS grid places spanning items (sparse auto-placement): a column that
 * does not fit in what is left of the current row starts the next one. Returns the row of each column.
 */
export function rowsOf(widths: readonly number[]): number[] {
  const rows: number[] = [];
  let row = 0;
  let used = 0;
  for (const w of widths) {
    const span = Math.min(GRID_COLUMNS, Math.max(1, w));
    if (used > 0 && used + span > GRID_COLUMNS) {
      row++;
      used = 0;
    }
    rows.push(row);
    used += span;
  }
  return rows;
}

/** What is left in the row of column `index` at `device` (0: the row is full, the column cannot grow). */
function roomInRow(columns: readonly Sized[], index: number, device: Device): number {
  const widths = columns.map((c) => effectiveWidth(c, device));
  const rows = rowsOf(widths);
  const used = widths.reduce((sum, w, i) => (rows[i] === rows[index] ? sum + w : sum), 0);
  return Math.max(0, GRID_COLUMNS - used);
}

/**
 * The largest width column `index` may take at `device` without any row passing 12, on this device and on
 * the smaller ones that inherit the value (a desktop width is also the tablet width of a column without one).
 */
export function maxWidthAt(columns: readonly Sized[], index: number, device: Device): number {
  const col = columns[index];
  if (!col) return GRID_COLUMNS;
  let max = effectiveWidth(col, device) + roomInRow(columns, index, device);
  if (device === "desktop" && col.deviceWidths?.tablet === undefined) max = Math.min(max, effectiveWidth(col, "tablet") + roomInRow(columns, index, "tablet"));
  return Math.min(GRID_COLUMNS, max);
}

/** The index of every column that starts a new row at `device` (they "pass to the line", as on the public page). */
export function wrappedColumns(columns: readonly Sized[], device: Device): Set<number> {
  const rows = rowsOf(columns.map((c) => effectiveWidth(c, device)));
  const out = new Set<number>();
  rows.forEach((r, i) => {
    if (i > 0 && r !== rows[i - 1]) out.add(i);
  });
  return out;
}
