import { forgetVisitor, sendPageView } from "~/lib/analytics/beacon";
import type { TrackingConfig } from "~/lib/analytics/tracking";
import type { ConsentChoice } from "./consent";

let tagsTouched = false;

/**
 * What a choice does on this page: with consent, the page view is counted and the configured tags
 * load; without, the visitor id is forgotten and tags already running on this page are told to stop.
 */
export function applyConsent(choice: ConsentChoice, tracking: TrackingConfig, path: string | null) {
  const granted = choice === "accepted";
  if (granted && path) sendPageView(path);
  if (!granted) forgetVisitor();
  if ((tracking.gaId || tracking.pixelId) && (granted || tagsTouched)) {
    tagsTouched = true;
    void import("~/lib/analytics/tags").then((m) => m.applyTags(tracking, granted));
  }
}
