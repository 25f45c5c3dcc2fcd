import { useEffect } from "react";

/**
 * While `active` (unsaved changes), closing the tab, reloading or leaving for another site asks first:
 * nothing typed is lost to a stray click. (Navigation inside the app is React Router's `useBlocker`.)
 */
export function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
