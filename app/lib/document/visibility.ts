import type { Device, SmallDevice } from "./devices";
import type { Hide } from "./schema";

/**
 * Visibility per device (issue 11 §3). Each device has its own flag in `hide` (the renderer's classes
 * read them independently, so stored pages render as before); in the builder, a smaller device's
 * visibility is "modified" when it differs from the next larger device's (mobile from tablette, tablette
 * from ordinateur), like the other per-device values, and "Rétablir" makes it the larger device's again.
 */
const LARGER: Record<SmallDevice, Device> = { mobile: "tablet", tablet: "desktop" };

export const hiddenAt = (hide: Hide | undefined, device: Device): boolean => hide?.[device] === true;

export function isVisibilityOverridden(hide: Hide | undefined, device: SmallDevice): boolean {
  return hiddenAt(hide, device) !== hiddenAt(hide, LARGER[device]);
}

/** The hide flags with one device's set (false is not stored), or undefined when nothing is hidden. */
export function withHidden(hide: Hide | undefined, device: Device, hidden: boolean): Hide | undefined {
  const next: Hide = { ...hide };
  if (hidden) next[device] = true;
  else delete next[device];
  return Object.keys(next).length > 0 ? next : undefined;
}

/** "Rétablir" in Tablette or Mobile view: the device takes the larger device's visibility again. */
export function resetVisibility(hide: Hide | undefined, device: SmallDevice): Hide | undefined {
  return withHidden(hide, device, hiddenAt(hide, LARGER[device]));
}
