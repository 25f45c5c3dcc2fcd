import type { ServerResponse } from "node:http";

/** Headers every response carries. The Content-Security-Policy is added per response by the page renderer. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

export function applySecurityHeaders(res: ServerResponse) {
  for (const [k, v] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(k, v);
}
