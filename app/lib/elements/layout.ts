import type { DeviceWidths } from "~/lib/document/devices";

/**
 * The one definition of the page's layout classes (in the public JavaScript: keep it small), used by the public renderer (DocumentView) and by the
 * builder's canvas (SectionFrame, ColumnFrame, BlockFrame): the canvas at 375, 768 or 1440 px is the public
 * page at that width because both ask these functions (issue 8, issue 11 §3). The device widths are
 * container queries on `.doc` (app.css: tablet from 48rem, desktop from 64rem), which the canvas sizes to
 * the chosen device, so no JavaScript decides a width.
 */

/** The element that holds a page's blocks: the container every device query measures. */
export const DOC_ROOT_CLASS = "doc @container";

/** The centred content box inside a block. */
export const BLOCK_INNER_CLASS = "mx-auto max-w-[1280px] px-5 @tablet:px-8";

/**
 * Column spans per device: `col-span-N` below the tablet width (only in a section with mobile widths),
 * `@tablet:col-span-N`, and `@desktop:col-span-N` when the tablet width differs. Tailwind cannot see names
 * built here: app.css lists all 36 with `@source inline(...)`, which keeps them out of the public JavaScript.
 */
const span = (prefix: "" | "@tablet:" | "@desktop:", w: number) => `${prefix}col-span-${w}`; // widths are 1..12 (schema.ts)

/**
 * The grid of a section. Below the tablet width every column is full width unless one has a mobile width,
 * so the grid has a single track: a 12-track grid with 32 px gaps there needs 352 px of gaps alone and
 * spilled past a 335 px content box at 375 px. A section with mobile widths gets 12 tracks and 16 px gaps
 * on phones (176 px of gaps). Columns get min-width 0 so a long word, a wide image or a gallery track never
 * widens its column past the grid. Spanning columns that do not fit in a row start the next one (CSS grid's
 * auto-placement), which is what devices.ts `rowsOf` computes for the builder.
 */
export const SECTION_GRID_CLASS = "doc-section grid grid-cols-1 gap-y-6 @tablet:grid-cols-12 @tablet:gap-x-8";
const SECTION_GRID_MOBILE_CLASS = "doc-section grid grid-cols-12 gap-x-4 gap-y-6 @tablet:gap-x-8";

interface LayoutColumn {
  width: number;
  deviceWidths?: DeviceWidths;
}

/** True when some column of the section has its own mobile width (its mobile grid then has 12 tracks). */
export function hasMobileWidths(columns: readonly LayoutColumn[]): boolean {
  return columns.some((c) => c.deviceWidths?.mobile !== undefined);
}

export function sectionGridClass(section: { columns: readonly LayoutColumn[] }): string {
  return hasMobileWidths(section.columns) ? SECTION_GRID_MOBILE_CLASS : SECTION_GRID_CLASS;
}

/** A column's classes; `mobileGrid` is `hasMobileWidths` of its section (sectionGridClass chose 12 tracks). */
export function columnClass(col: LayoutColumn, mobileGrid: boolean): string {
  const tablet = col.deviceWidths?.tablet ?? col.width;
  let c = "doc-column flex min-w-0 flex-col gap-4";
  if (mobileGrid) c += ` ${span("", col.deviceWidths?.mobile ?? 12)}`;
  c += ` ${span("@tablet:", tablet)}`;
  if (tablet !== col.width) c += ` ${span("@desktop:", col.width)}`;
  return c;
}

/** The wrapper of one rendered element (its type as a class, for the stylesheet). */
export function elementClass(type: string): string {
  return `el el-${type.replace(/[^a-z]/g, "")}`;
}
