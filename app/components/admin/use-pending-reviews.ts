import { useEffect, useState } from "react";
import { reviewsApi } from "~/lib/api/client";

/** The review requests waiting, for the admin bar's "À relire" (read again on each page change). */
export function usePendingReviews(enabled: boolean, pathname: string): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    reviewsApi
      .count({ signal: controller.signal })
      .then((a) => setN(a.pending))
      .catch(() => {});
    return () => controller.abort();
  }, [enabled, pathname]);
  return n;
}
