/**
 * This browser tab's id for the presence of editors (decision 049): random, kept in sessionStorage so a
 * reload is the same tab (it keeps its hold), and new in another tab. Every back-office request carries
 * it (api-client), so the server knows which tab a save comes from.
 */
const KEY = "archimed-editing-tab";

/** The header every back-office request names its tab in (no zod here: the public pages' admin bar imports this). */
export const EDITING_TAB_HEADER = "X-Editing-Tab";

/** What a tab id looks like: 8 to 64 letters, digits and dashes (a UUID, or 32 hex digits). */
export const TAB_ID = /^[A-Za-z0-9-]{8,64}$/;
let memo: string | null = null;

/** crypto.randomUUID needs a secure context; getRandomValues does not (a site served over plain HTTP). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function editingTabId(): string | null {
  if (typeof window === "undefined") return null;
  if (memo) return memo;
  try {
    memo = sessionStorage.getItem(KEY);
    if (!memo || !TAB_ID.test(memo)) {
      memo = randomId();
      sessionStorage.setItem(KEY, memo);
    }
  } catch {
    // Storage refused (private mode): one id for this page's life.
    memo ??= randomId();
  }
  return memo;
}
