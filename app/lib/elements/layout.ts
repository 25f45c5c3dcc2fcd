import { GRID_COLUMNS, hasMobileWidths, type DeviceWidths } from "~/lib/document/devices";

/**
 * The one definition of the page's layout classes, used by the public renderer (DocumentView) and by the
 * builder's canvas (SectionFrame, ColumnFrame, BlockFrame): the canvas at 375, 768 or 1440 px is the public
 * page at that width because both ask these functions (issue 8, issue 11 §3). The device widths are
 * container queries on `.doc` (app.css: tablet from 48rem, desktop from 64rem), which the canvas sizes to
 * the chosen device, so no JavaScript decides a width.
 */

/** The element that holds a page's blocks: the container every device query measures. */
export const DOC_ROOT_CLASS = "doc @container";

/** The centred content box inside a block. */
export const BLOCK_INNER_CLASS = "mx-auto max-w-[1280px] px-5 @tablet:px-8";

/** Tailwind needs literal class names: one per width and device. From the tablet width up, the 12-column grid. */
const TABLET_SPAN: Record<number, string> = {
  1: "@tablet:col-span-1",
  2: "@tablet:col-span-2",
  3: "@tablet:col-span-3",
  4: "@tablet:col-span-4",
  5: "@tablet:col-span-5",
  6: "@tablet:col-span-6",
  7: "@tablet:col-span-7",
  8: "@tablet:col-span-8",
  9: "@tablet:col-span-9",
  10: "@tablet:col-span-10",
  11: "@tablet:col-span-11",
  12: "@tablet:col-span-12",
};
/** Desktop widths need their own class only when the tablet width differs. */
const DESKTOP_SPAN: Record<number, string> = {
  1: "@desktop:col-span-1",
  2: "@desktop:col-span-2",
  3: "@desktop:col-span-3",
  4: "@desktop:col-span-4",
  5: "@desktop:col-span-5",
  6: "@desktop:col-span-6",
  7: "@desktop:col-span-7",
  8: "@desktop:col-span-8",
  9: "@desktop:col-span-9",
  10: "@desktop:col-span-10",
  11: "@desktop:col-span-11",
  12: "@desktop:col-span-12",
};
/** Below the tablet width, only in a section where some column has a mobile width (the others stay 12). */
const MOBILE_SPAN: Record<number, string> = {
  1: "col-span-1",
  2: "col-span-2",
  3: "col-span-3",
  4: "col-span-4",
  5: "col-span-5",
  6: "col-span-6",
  7: "col-span-7",
  8: "col-span-8",
  9: "col-span-9",
  10: "col-span-10",
  11: "col-span-11",
  12: "col-span-12",
};

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

export function sectionGridClass(section: { columns: readonly LayoutColumn[] }): string {
  return hasMobileWidths(section.columns) ? SECTION_GRID_MOBILE_CLASS : SECTION_GRID_CLASS;
}

const span = (map: Record<number, string>, w: number) => map[w] ?? map[GRID_COLUMNS];

/** A column's classes; `mobileGrid` is `hasMobileWidths` of its section (sectionGridClass chose 12 tracks). */
export function columnClass(col: LayoutColumn, mobileGrid: boolean): string {
  const tablet = col.deviceWidths?.tablet ?? col.width;
  let c = "doc-column flex min-w-0 flex-col gap-4";
  if (mobileGrid) c += ` ${span(MOBILE_SPAN, col.deviceWidths?.mobile ?? GRID_COLUMNS)}`;
  c += ` ${span(TABLET_SPAN, tablet)}`;
  if (tablet !== col.width) c += ` ${span(DESKTOP_SPAN, col.width)}`;
  return c;
}

/** The wrapper of one rendered element (its type as a class, for the stylesheet). */
export function elementClass(type: string): string {
  return `el el-${type.replace(/[^a-z]/g, "")}`;
}
