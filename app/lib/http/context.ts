/** What the HTTP layer hands every loader and action (server/app.ts builds it per request). */
export interface RequestContext {
  /** The client's address: the socket's, or X-Forwarded-For's when the peer is a trusted proxy. */
  ip: string;
  /** Per-response nonce for the back-office's inline scripts (Content-Security-Policy). */
  nonce: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: React Router's context is ours
  interface AppLoadContext extends RequestContext {}
}
