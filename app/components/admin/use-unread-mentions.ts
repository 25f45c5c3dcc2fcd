import { useEffect, useState } from "react";
import { commentsApi } from "~/lib/api/client";

/** The signed-in member's unread mentions, for the admin bar's "Mentions" (read again on each page change). */
export function useUnreadMentions(enabled: boolean, pathname: string): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    commentsApi
      .unread({ signal: controller.signal })
      .then((a) => setN(a.unread))
      .catch(() => {});
    return () => controller.abort();
  }, [enabled, pathname]);
  return n;
}
