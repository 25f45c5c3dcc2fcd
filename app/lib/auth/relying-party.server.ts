import { runtime } from "~/lib/runtime.server";

/**
 * The WebAuthn relying party (decision 047): PUBLIC_URL's origin when it is set, so a passkey is made for
 * the site's one public name whatever Host a proxy passes; else the request's own origin (a fresh
 * `npm start` on localhost, the test servers on 127.0.0.1), as React Router already resolves it from
 * the browser's Origin or the Host (server/app.ts requestOrigin).
 */
export interface RelyingParty {
  /** The domain a passkey belongs to (no scheme, no port). */
  rpID: string;
  origin: string;
  name: string;
}

export function relyingParty(request: Request): RelyingParty {
  const { env } = runtime();
  const origin = env.PUBLIC_URL ? new URL(env.publicUrl).origin : new URL(request.url).origin;
  return { rpID: new URL(origin).hostname, origin, name: "Archimed" };
}
